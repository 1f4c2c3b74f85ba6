/** The wishlist: kept in browser storage under wishlist_items; toggles go through @shop/domain's rules and toasts. */
import { STORAGE_KEYS } from "@shop/domain/constants";
import { toggleWishlist } from "@shop/domain/lists";
import type { Product } from "@shop/domain/schemas";
import { atom } from "jotai";
import { readStorage, writeStorage } from "#lib/storage.ts";
import { notifyAtom } from "#lib/toast.ts";

export type WishlistProduct = Omit<Product, "reviews">;

const itemsAtom = atom<WishlistProduct[]>([]);
const loadedAtom = atom(false);

/** Reads the stored list once; its parser is a chunk of its own, and every toggle waits for it. */
export const loadWishlistAtom = atom(null, async (get, set) => {
  if (get(loadedAtom)) return;
  const { parseStoredList } = await import("@shop/domain/stored-lists");
  if (get(loadedAtom)) return;
  set(itemsAtom, parseStoredList<WishlistProduct>(readStorage(STORAGE_KEYS.wishlist)));
  set(loadedAtom, true);
});

export const wishlistItemsAtom = atom((get) => get(itemsAtom));
export const wishlistCountAtom = atom((get) => get(itemsAtom).length);
export const wishlistIdsAtom = atom((get) => new Set(get(itemsAtom).map((item) => item.id)));

/** Adds the product when it is absent, removes it when present. */
export const toggleWishlistAtom = atom(null, async (get, set, product: Product | WishlistProduct) => {
  await set(loadWishlistAtom);
  const { reviews: _reviews, ...kept } = product as Product;
  const result = toggleWishlist(get(itemsAtom), kept);
  set(itemsAtom, result.items);
  writeStorage(STORAGE_KEYS.wishlist, JSON.stringify(result.items));
  set(notifyAtom, result.toast);
  return result;
});
