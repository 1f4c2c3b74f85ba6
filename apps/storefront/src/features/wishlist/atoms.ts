/**
 * The wishlist: stored in the browser under wishlist_items and followed across tabs; changes go through
 * @shop/domain's rules and toasts, and storage that refuses shows the spec's wishlist errors.
 */
import { STORAGE_KEYS } from "@shop/domain/constants";
import type { ListResult } from "@shop/domain/lists";
import { storeMessages } from "@shop/domain/messages";
import type { Product } from "@shop/domain/schemas/public";
import { atom, type Setter } from "jotai";
import { storedList } from "#lib/stored-list.ts";
import { notifyAtom, orUnknownError } from "#lib/toast.ts";

/** A product as the wishlist keeps it; a line saved from the cart has no list of variants. */
export type WishlistProduct = Omit<Product, "reviews" | "variants"> & Partial<Pick<Product, "variants">>;
type Rules = typeof import("@shop/domain/lists");

const rules = (): Promise<Rules> => import("@shop/domain/lists");
const wishlist = storedList<WishlistProduct>(STORAGE_KEYS.wishlist, async () => {
  const { parseStoredList } = await import("@shop/domain/stored-lists");
  return (raw) => parseStoredList<WishlistProduct>(raw);
});

export const wishlistItemsAtom = wishlist.items;
export const wishlistCountAtom = atom((get) => get(wishlist.items).length);
export const wishlistIdsAtom = atom((get) => new Set(get(wishlist.items).map((item) => item.id)));
export const syncWishlistAtom = wishlist.sync;

const error = (message: string) => ({ type: "error", message }) as const;

/** Reads the stored wishlist once; storage that cannot be read says 'Error loading wishlist'. */
export const loadWishlistAtom = atom(null, async (_get, set) => {
  if (!(await set(wishlist.load))) set(notifyAtom, error(storeMessages.wishlistLoadError));
});

/** What the wishlist stores of a product: everything but its reviews. */
function stored(product: Product | WishlistProduct): WishlistProduct {
  const { reviews: _reviews, ...rest } = product as Product;
  return rest;
}

/** Stores the new list and shows its toast, or the spec's error when storage refused the write. */
function save(set: Setter, items: WishlistProduct[], toast: ListResult<unknown>["toast"], added: boolean) {
  if (set(wishlist.save, items)) return set(notifyAtom, toast);
  set(notifyAtom, error(added ? storeMessages.wishlistUpdateError : storeMessages.wishlistRemoveError));
}

/** Adds the product when it is absent, removes it when present. */
export const toggleWishlistAtom = atom(null, (get, set, product: Product | WishlistProduct) =>
  orUnknownError(set, async () => {
    const [r] = await Promise.all([rules(), set(loadWishlistAtom)]);
    const result = r.toggleWishlist(get(wishlist.items), stored(product));
    save(set, result.items, result.toast, result.added);
    return result.added;
  }),
);

/** Adds without toggling: a product already there says 'Product already in wishlist'. True when added. */
export const addToWishlistAtom = atom(null, (get, set, product: Product | WishlistProduct | null) =>
  orUnknownError(set, async () => {
    const [r] = await Promise.all([rules(), set(loadWishlistAtom)]);
    const result = r.addToWishlist(get(wishlist.items), product && stored(product));
    if (!result.ok) {
      set(notifyAtom, error(result.error));
      return false;
    }
    save(set, result.items, result.toast, true);
    return true;
  }),
);

/** Removes by id: one no longer there (removed in another tab) says 'Product not found'. */
export const removeFromWishlistAtom = atom(null, (get, set, productId: string) =>
  orUnknownError(set, async () => {
    const [r] = await Promise.all([rules(), set(loadWishlistAtom)]);
    const result = r.removeFromWishlist(get(wishlist.items), productId);
    if (!result.ok) return set(notifyAtom, error(result.error));
    save(set, result.items, result.toast, false);
  }),
);
