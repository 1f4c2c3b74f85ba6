// The wishlist atoms: toggles and their English toasts, the add/remove refusals, storage failures, other tabs.
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pendingToastsAtom } from "#lib/toast.ts";
import { product } from "#test/products.ts";
import {
  addToWishlistAtom,
  loadWishlistAtom,
  removeFromWishlistAtom,
  syncWishlistAtom,
  toggleWishlistAtom,
  wishlistCountAtom,
  wishlistItemsAtom,
} from "./atoms.ts";

const ring = product({ id: "p-ring", title: "Anillo" });

let store: ReturnType<typeof createStore>;
beforeEach(() => {
  localStorage.clear();
  store = createStore();
});
afterEach(() => vi.restoreAllMocks());

const lastToast = () => {
  const toast = store.get(pendingToastsAtom).at(-1);
  return toast && { type: toast.type, message: toast.message };
};
const stored = () => JSON.parse(localStorage.getItem("wishlist_items") ?? "null");

/** Storage that refuses to be written (a full quota), as browsers do. */
const refuseWrites = () =>
  vi.spyOn(localStorage, "setItem").mockImplementation(() => {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  });

describe("wishlist", () => {
  it("toggles: '{title} added to wishlist', then '{title} removed from wishlist'", async () => {
    expect(await store.set(toggleWishlistAtom, ring)).toBe(true);
    expect(lastToast()).toEqual({ type: "success", message: "Anillo added to wishlist" });
    expect(stored()).toEqual([expect.objectContaining({ id: ring.id })]);
    expect(await store.set(toggleWishlistAtom, ring)).toBe(false);
    expect(lastToast()).toEqual({ type: "info", message: "Anillo removed from wishlist" });
    expect(stored()).toEqual([]);
  });

  it("refuses a duplicate with 'Product already in wishlist' and a missing product with 'Product not found'", async () => {
    expect(await store.set(addToWishlistAtom, ring)).toBe(true);
    expect(await store.set(addToWishlistAtom, ring)).toBe(false);
    expect(lastToast()).toEqual({ type: "error", message: "Product already in wishlist" });
    expect(await store.set(addToWishlistAtom, null)).toBe(false);
    expect(lastToast()).toEqual({ type: "error", message: "Product not found" });
    await store.set(removeFromWishlistAtom, "p-nothing");
    expect(lastToast()).toEqual({ type: "error", message: "Product not found" });
    expect(store.get(wishlistCountAtom)).toBe(1);
  });

  it("says 'Error updating wishlist' when storage refuses an add, 'Error removing from wishlist' a removal", async () => {
    const writes = refuseWrites();
    await store.set(toggleWishlistAtom, ring);
    expect(writes).toHaveBeenCalled();
    expect(lastToast()).toEqual({ type: "error", message: "Error updating wishlist" });
    await store.set(removeFromWishlistAtom, ring.id);
    expect(lastToast()).toEqual({ type: "error", message: "Error removing from wishlist" });
  });

  it("says 'Error loading wishlist' when storage refuses to be read, and starts empty", async () => {
    vi.spyOn(localStorage, "getItem").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    await store.set(loadWishlistAtom);
    expect(lastToast()).toEqual({ type: "error", message: "Error loading wishlist" });
    expect(store.get(wishlistItemsAtom)).toEqual([]);
  });

  it("reads a stored list back, also one stored under the anonymous user's key", async () => {
    localStorage.setItem("wishlist_items", JSON.stringify([ring]));
    await store.set(loadWishlistAtom);
    expect(store.get(wishlistCountAtom)).toBe(1);
    localStorage.setItem("wishlist_items", JSON.stringify({ anonymous: [ring] }));
    const again = createStore();
    await again.set(loadWishlistAtom);
    expect(again.get(wishlistItemsAtom).map((p) => p.id)).toEqual([ring.id]);
  });

  it("resets a bad stored list to empty, and follows other tabs", async () => {
    localStorage.setItem("wishlist_items", "not json");
    await store.set(loadWishlistAtom);
    expect(store.get(wishlistItemsAtom)).toEqual([]);
    await store.set(syncWishlistAtom, { key: "wishlist_items", newValue: JSON.stringify([ring]) });
    expect(store.get(wishlistItemsAtom).map((p) => p.id)).toEqual([ring.id]);
    await store.set(syncWishlistAtom, {
      key: "wishlist_items",
      newValue: JSON.stringify([{ title: "no id" }]),
    });
    expect(store.get(wishlistItemsAtom)).toEqual([]);
  });
});
