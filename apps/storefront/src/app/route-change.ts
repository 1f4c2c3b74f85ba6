/** What every route change does (spec section 2): panels close, the price filter, overlays and quantity reset. */
import { atom } from "jotai";
import { setCartPanelOpenAtom } from "#features/cart/atoms.ts";
import { resetCatalogAtom } from "#features/catalog/atoms.ts";
import { closePanelsAtom } from "#features/layout/atoms.ts";

export const routeChangedAtom = atom(null, (_get, set) => {
  set(closePanelsAtom);
  set(setCartPanelOpenAtom, false);
  set(resetCatalogAtom);
});
