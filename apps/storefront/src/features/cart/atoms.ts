/** The cart: kept in browser storage under cart_products; every change goes through @shop/domain's rules and toasts. */
import {
  addToCart,
  type CartItem,
  type CartResult,
  cartCount,
  clearCart,
  decrementCartItem,
  incrementCartItem,
  removeFromCart,
  setCartItemQuantity,
} from "@shop/domain/cart";
import { STORAGE_KEYS } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas";
import { atom } from "jotai";
import { readStorage, writeStorage } from "#lib/storage.ts";
import { notifyAtom } from "#lib/toast.ts";

/** What the cart keeps of a product: everything but its reviews. */
export type CartProduct = Omit<Product, "reviews">;
export type CartLine = CartItem<CartProduct>;

const itemsAtom = atom<CartLine[]>([]);
const loadedAtom = atom(false);
const panelOpenAtom = atom(false);

export const cartItemsAtom = atom((get) => get(itemsAtom));
export const cartCountAtom = atom((get) => cartCount(get(itemsAtom)));
export const cartPanelOpenAtom = atom((get) => get(panelOpenAtom));

export const setCartPanelOpenAtom = atom(null, (_get, set, open: boolean) => set(panelOpenAtom, open));

function withoutReviews(product: Product | CartProduct): CartProduct {
  const { reviews: _reviews, ...rest } = product as Product;
  return rest;
}

/**
 * Reads the stored cart once. Its parser (zod) is a chunk of its own, kept out of the first screen; every
 * change waits for this first, so a click can never overwrite a cart not yet read.
 */
export const loadCartAtom = atom(null, async (get, set) => {
  if (get(loadedAtom)) return;
  const { parseStoredCart } = await import("@shop/domain/stored-lists");
  if (get(loadedAtom)) return;
  set(itemsAtom, parseStoredCart<CartProduct>(readStorage(STORAGE_KEYS.cart)));
  set(loadedAtom, true);
});

type Change = (items: CartLine[]) => CartResult<CartProduct>;

const applyAtom = atom(null, async (get, set, change: Change) => {
  await set(loadCartAtom);
  const result = change(get(itemsAtom));
  if (result.changed) {
    set(itemsAtom, result.items);
    writeStorage(STORAGE_KEYS.cart, JSON.stringify(result.items));
  }
  set(notifyAtom, result.toast);
  return result;
});

/** Adds `quantity` (default 1) of a product, or raises the line it already has. */
export const addToCartAtom = atom(
  null,
  (_get, set, { product, quantity }: { product: Product | CartProduct; quantity?: number }) =>
    set(applyAtom, (items) => addToCart(items, withoutReviews(product), quantity)),
);

export const incrementCartItemAtom = atom(null, (_get, set, productId: string) =>
  set(applyAtom, (items) => incrementCartItem(items, productId)),
);

export const decrementCartItemAtom = atom(null, (_get, set, productId: string) =>
  set(applyAtom, (items) => decrementCartItem(items, productId)),
);

export const setCartItemQuantityAtom = atom(
  null,
  (_get, set, { productId, quantity }: { productId: string; quantity: number }) =>
    set(applyAtom, (items) => setCartItemQuantity(items, productId, quantity)),
);

export const removeFromCartAtom = atom(null, (_get, set, productId: string) =>
  set(applyAtom, (items) => removeFromCart(items, productId)),
);

export const clearCartAtom = atom(null, (_get, set) => set(applyAtom, () => clearCart<CartProduct>()));
