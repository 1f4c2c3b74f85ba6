import { createStore } from "jotai";
import { describe, expect, it } from "vitest";
import { cartPanelOpenAtom, setCartPanelOpenAtom } from "#features/cart/atoms.ts";
import {
  openQuickViewAtom,
  openVideoAtom,
  priceDraftAtom,
  quantityAtom,
  quickViewAtom,
  setPriceDraftAtom,
  setQuantityAtom,
  videoAtom,
} from "#features/catalog/atoms.ts";
import {
  mobileMenuOpenAtom,
  searchOpenAtom,
  setMobileMenuOpenAtom,
  toggleSearchAtom,
} from "#features/layout/atoms.ts";
import { routeChangedAtom } from "./route-change.ts";

describe("a route change", () => {
  it("closes the search bar, the mobile menu and the cart panel, drops overlays, the price draft and the quantity", () => {
    const store = createStore();
    store.set(toggleSearchAtom);
    store.set(setMobileMenuOpenAtom, true);
    store.set(setCartPanelOpenAtom, true);
    store.set(setQuantityAtom, 4);
    store.set(setPriceDraftAtom, [10, 90]);
    store.set(openVideoAtom, { videoId: "Qx7LmP2vT9a", title: "Headphones" });
    store.set(openQuickViewAtom, { id: "p1", title: "Headphones" } as never);
    expect([store.get(searchOpenAtom), store.get(mobileMenuOpenAtom), store.get(cartPanelOpenAtom)]).toEqual([
      true,
      true,
      true,
    ]);

    store.set(routeChangedAtom);

    expect(store.get(searchOpenAtom)).toBe(false);
    expect(store.get(mobileMenuOpenAtom)).toBe(false);
    expect(store.get(cartPanelOpenAtom)).toBe(false);
    expect(store.get(quantityAtom)).toBe(1);
    expect(store.get(priceDraftAtom)).toBeNull();
    expect(store.get(quickViewAtom)).toBeNull();
    expect(store.get(videoAtom)).toBeNull();
  });

  it("keeps the quantity at 1 or more however it is set", () => {
    const store = createStore();
    for (const [given, kept] of [
      [0, 1],
      [-3, 1],
      [2.7, 2],
      [Number.NaN, 1],
      [7, 7],
    ]) {
      store.set(setQuantityAtom, given!);
      expect(store.get(quantityAtom)).toBe(kept);
    }
  });
});
