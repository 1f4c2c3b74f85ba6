/**
 * The cart: kept in browser storage under cart_products and followed across tabs; every change goes through
 * @shop/domain's rules and toasts. The rules and the stored cart's parser load as one lazy chunk after start,
 * so the first screen carries only the count; every change waits for the stored cart to be read first.
 */
import type { CartItem, CartResult } from "@shop/domain/cart";
import { STORAGE_KEYS } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas/public";
import { atom } from "jotai";
import { storedList } from "#lib/stored-list.ts";
import { notifyAtom, orUnknownError } from "#lib/toast.ts";

/** What the cart keeps of a product: everything but its reviews. */
export type CartProduct = Omit<Product, "reviews">;
export type CartLine = CartItem<CartProduct>;
type Rules = typeof import("@shop/domain/cart");

const rules = (): Promise<Rules> => import("@shop/domain/cart");
const cart = storedList<CartLine>(STORAGE_KEYS.cart, async () => {
  const { parseStoredCart } = await import("@shop/domain/stored-lists");
  return (raw) => parseStoredCart<CartProduct>(raw);
});
const panelOpenAtom = atom(false);

export const cartItemsAtom = cart.items;
/** Units in the cart (the header's badge). */
export const cartCountAtom = atom((get) =>
  get(cart.items).reduce((sum, item) => sum + item.orderQuantity, 0),
);
export const cartPanelOpenAtom = atom((get) => get(panelOpenAtom));
export const loadCartAtom = cart.load;
export const syncCartAtom = cart.sync;

export const setCartPanelOpenAtom = atom(null, (_get, set, open: boolean) => set(panelOpenAtom, open));

function withoutReviews(product: Product | CartProduct): CartProduct {
  const { reviews: _reviews, ...rest } = product as Product;
  return rest;
}

type Change = (rules: Rules, items: CartLine[]) => CartResult<CartProduct>;

const applyAtom = atom(null, (get, set, change: Change) =>
  orUnknownError(set, async () => {
    const [loaded] = await Promise.all([rules(), set(cart.load)]);
    const result = change(loaded, get(cart.items));
    if (result.changed) set(cart.save, result.items);
    set(notifyAtom, result.toast);
    return result;
  }),
);

/** Adds `quantity` (default 1) of a product, or raises the line it already has. */
export const addToCartAtom = atom(
  null,
  (_get, set, { product, quantity }: { product: Product | CartProduct; quantity?: number }) =>
    set(applyAtom, (r, items) => r.addToCart(items, withoutReviews(product), quantity)),
);

/** Buy Now: the cart holds at least `quantity` of the product, added or raised to it, never added again. */
export const buyNowAtom = atom(
  null,
  (_get, set, { product, quantity }: { product: Product | CartProduct; quantity?: number }) =>
    set(applyAtom, (r, items) => r.buyNow(items, withoutReviews(product), quantity)),
);

export const incrementCartItemAtom = atom(null, (_get, set, productId: string) =>
  set(applyAtom, (r, items) => r.incrementCartItem(items, productId)),
);

export const decrementCartItemAtom = atom(null, (_get, set, productId: string) =>
  set(applyAtom, (r, items) => r.decrementCartItem(items, productId)),
);

export const setCartItemQuantityAtom = atom(
  null,
  (_get, set, { productId, quantity }: { productId: string; quantity: number }) =>
    set(applyAtom, (r, items) => r.setCartItemQuantity(items, productId, quantity)),
);

export const removeFromCartAtom = atom(null, (_get, set, productId: string) =>
  set(applyAtom, (r, items) => r.removeFromCart(items, productId)),
);

export const clearCartAtom = atom(null, (_get, set) => set(applyAtom, (r) => r.clearCart<CartProduct>()));

/**
 * The server found less stock than a line asks for: the line's stock becomes what is left and its quantity
 * follows (removed when nothing is left), with the cart's own toast.
 */
export const limitCartItemAtom = atom(
  null,
  (_get, set, { productId, available }: { productId: string; available: number }) =>
    set(applyAtom, (r, items) =>
      r.setCartItemQuantity(
        items.map((item) =>
          item.id === productId
            ? { ...item, quantity: available, status: available > 0 ? "in-stock" : "out-of-stock" }
            : item,
        ),
        productId,
        available,
      ),
    ),
);

/** An order took the cart: it empties without a toast (the order page says what happened). */
export const orderPlacedAtom = atom(null, (_get, set) =>
  orUnknownError(set, async () => {
    await set(cart.load);
    set(cart.save, []);
  }),
);

const couponCode = atom<string | null>(null);
/** The coupon code the shopper applied (the server validates it against the lines whenever they change). */
export const couponCodeAtom = atom((get) => get(couponCode));
export const setCouponCodeAtom = atom(null, (_get, set, code: string | null) =>
  set(couponCode, code?.trim().toUpperCase() || null),
);
