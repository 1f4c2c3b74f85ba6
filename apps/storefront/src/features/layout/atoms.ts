/** The header's toggleable panels: the search bar and the mobile menu (both close on every route change). */
import { atom } from "jotai";

const searchOpen = atom(false);
const mobileMenuOpen = atom(false);

export const searchOpenAtom = atom((get) => get(searchOpen));
export const mobileMenuOpenAtom = atom((get) => get(mobileMenuOpen));

export const toggleSearchAtom = atom(null, (get, set) => set(searchOpen, !get(searchOpen)));
export const setMobileMenuOpenAtom = atom(null, (_get, set, open: boolean) => set(mobileMenuOpen, open));

/** Closes both panels. */
export const closePanelsAtom = atom(null, (_get, set) => {
  set(searchOpen, false);
  set(mobileMenuOpen, false);
});
