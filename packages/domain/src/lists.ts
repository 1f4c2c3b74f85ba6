// The wishlist and compare list, which live only in browser storage: toggles, adds, removes and reloading.
import type { Toast } from "./cart.ts";
import { listMessages } from "./messages.ts";

export interface ListProduct {
  id: string;
  title: string;
}

export interface ListResult<P> {
  items: P[];
  toast: Toast;
  /** True when the product was added, false when it was removed. */
  added: boolean;
}

function toggle<P extends ListProduct>(
  items: readonly P[],
  product: P,
  addedMessage: string,
  removedMessage: string,
): ListResult<P> {
  if (items.some((item) => item.id === product.id)) {
    return {
      items: items.filter((item) => item.id !== product.id),
      toast: { type: "info", message: removedMessage },
      added: false,
    };
  }
  return { items: [...items, product], toast: { type: "success", message: addedMessage }, added: true };
}

/** Adds the product if absent, removes it if present. */
export function toggleWishlist<P extends ListProduct>(items: readonly P[], product: P): ListResult<P> {
  return toggle(
    items,
    product,
    listMessages.wishlistAdded(product.title),
    listMessages.wishlistRemoved(product.title),
  );
}

/** Adds the product if absent, removes it if present. */
export function toggleCompare<P extends ListProduct>(items: readonly P[], product: P): ListResult<P> {
  return toggle(
    items,
    product,
    listMessages.compareAdded(product.title),
    listMessages.compareRemoved(product.title),
  );
}

export type WishlistAddResult<P> =
  | { ok: true; items: P[]; toast: Toast }
  | { ok: false; error: typeof listMessages.productNotFound | typeof listMessages.alreadyInWishlist };

export type WishlistRemoveResult<P> =
  | { ok: true; items: P[]; toast: Toast }
  | { ok: false; error: typeof listMessages.productNotFound };

/** A missing product (or one without an id) is "Product not found"; a duplicate is "Product already in wishlist". */
export function addToWishlist<P extends ListProduct>(
  items: readonly P[],
  product: P | null | undefined,
): WishlistAddResult<P> {
  if (!product || typeof product.id !== "string" || product.id === "") {
    return { ok: false, error: listMessages.productNotFound };
  }
  if (items.some((item) => item.id === product.id))
    return { ok: false, error: listMessages.alreadyInWishlist };
  return {
    ok: true,
    items: [...items, product],
    toast: { type: "success", message: listMessages.wishlistAdded(product.title) },
  };
}

export function removeFromWishlist<P extends ListProduct>(
  items: readonly P[],
  productId: string,
): WishlistRemoveResult<P> {
  const product = items.find((item) => item.id === productId);
  if (!product) return { ok: false, error: listMessages.productNotFound };
  return {
    ok: true,
    items: items.filter((item) => item.id !== productId),
    toast: { type: "info", message: listMessages.wishlistRemoved(product.title) },
  };
}
