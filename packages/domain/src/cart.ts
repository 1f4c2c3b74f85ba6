// The browser cart's operations: each returns the new items and the toast to show, and never mutates its input.
import type { ProductStatus } from "./constants.ts";
import { lineTotalCents } from "./line-totals.ts";
import { cartMessages } from "./messages.ts";
import { toCents } from "./money.ts";
import { cartLineKey, variantTitle } from "./variants.ts";

export { cartLineKey };

export interface CartProduct {
  id?: string | null;
  title: string;
  /** Decimal USD. */
  price: number;
  /** Percent off. */
  discount?: number | null;
  /** Stock. */
  quantity: number;
  status?: ProductStatus | string | null;
  /** The variant this line buys; absent on lines stored before variants (the product's only variant). */
  variantId?: string | null;
  /** The variant's values, e.g. {Color: "Coral", Size: "42"}. */
  variantOptions?: Record<string, string> | null;
}

export type CartItem<P extends CartProduct = CartProduct> = P & { orderQuantity: number };

export interface Toast {
  type: "success" | "error" | "info";
  message: string;
}

export interface CartResult<P extends CartProduct> {
  items: CartItem<P>[];
  toast: Toast;
  /** False when the items are the same as before (a refusal, or setting the quantity it already had). */
  changed: boolean;
}

/** The line's name in messages: "Tempo Knit Running Shoe — Coral / 42", or the title alone. */
export function cartLineTitle(item: Pick<CartProduct, "title" | "variantOptions">): string {
  return variantTitle(item.title, item.variantOptions ?? {});
}

const success = (message: string): Toast => ({ type: "success", message });
const error = (message: string): Toast => ({ type: "error", message });
const info = (message: string): Toast => ({ type: "info", message });

function unchanged<P extends CartProduct>(items: readonly CartItem<P>[], toast: Toast): CartResult<P> {
  return { items: [...items], toast, changed: false };
}

/** Stock as a whole number; a missing or broken stock counts as none. */
function stockOf(product: CartProduct): number {
  return Number.isFinite(product.quantity) ? Math.max(0, Math.floor(product.quantity)) : 0;
}

/** The quantity to add: whole and at least 1 (2.7 -> 2, 0, negatives and NaN -> 1), as the product page's control never goes below 1. */
function quantityToAdd(quantity: number | undefined): number {
  if (quantity === undefined || !Number.isFinite(quantity)) return 1;
  return Math.max(1, Math.floor(quantity));
}

function replaceAt<P extends CartProduct>(
  items: readonly CartItem<P>[],
  index: number,
  item: CartItem<P>,
): CartItem<P>[] {
  return items.map((existing, i) => (i === index ? item : existing));
}

function removeAt<P extends CartProduct>(items: readonly CartItem<P>[], index: number): CartItem<P>[] {
  return items.filter((_, i) => i !== index);
}

/**
 * Adds a new item or raises the quantity of an existing one. Refused without an id, when the product is
 * out of stock (status or stock 0), or when the resulting orderQuantity would exceed the stock.
 * The stored product data is refreshed from `product`.
 */
export function addToCart<P extends CartProduct>(
  items: readonly CartItem<P>[],
  product: P,
  quantity?: number,
): CartResult<P> {
  const id = product.id;
  if (typeof id !== "string" || id.trim() === "") return unchanged(items, error(cartMessages.invalidId));
  const stock = stockOf(product);
  if (product.status === "out-of-stock" || stock === 0) {
    return unchanged(items, error(cartMessages.outOfStock(cartLineTitle(product))));
  }
  const adding = quantityToAdd(quantity);
  const key = cartLineKey(product);
  const index = items.findIndex((item) => cartLineKey(item) === key);
  const existing = items[index];
  const orderQuantity = (existing?.orderQuantity ?? 0) + adding;
  if (orderQuantity > stock) return unchanged(items, error(cartMessages.insufficientStock(stock)));
  if (existing === undefined) {
    return {
      items: [...items, { ...product, orderQuantity }],
      toast: success(cartMessages.added(adding, cartLineTitle(product))),
      changed: true,
    };
  }
  return {
    items: replaceAt(items, index, { ...existing, ...product, orderQuantity }),
    toast: success(cartMessages.raised(adding, cartLineTitle(product), orderQuantity)),
    changed: true,
  };
}

/**
 * Buy Now: the cart ends up with at least `quantity` of the product, never that quantity again on top of a line it
 * already has. A product not in the cart is added as addToCart adds it; a line with fewer units is raised to
 * `quantity`, one with as many or more keeps its own (the stored product data is refreshed either way).
 */
export function buyNow<P extends CartProduct>(
  items: readonly CartItem<P>[],
  product: P,
  quantity?: number,
): CartResult<P> {
  const key = cartLineKey(product);
  const index = items.findIndex((item) => cartLineKey(item) === key);
  const existing = items[index];
  if (existing === undefined || product.status === "out-of-stock" || stockOf(product) === 0) {
    return addToCart(items, product, quantity);
  }
  const refreshed = replaceAt(items, index, {
    ...existing,
    ...product,
    orderQuantity: existing.orderQuantity,
  });
  const wanted = Math.max(quantityToAdd(quantity), existing.orderQuantity);
  return setCartItemQuantity(refreshed, key, wanted);
}

export function incrementCartItem<P extends CartProduct>(
  items: readonly CartItem<P>[],
  /** The line's cartLineKey: the product id for a line without a variant. */
  lineKey: string,
): CartResult<P> {
  const index = items.findIndex((item) => cartLineKey(item) === lineKey);
  const item = items[index];
  if (item === undefined) return unchanged(items, error(cartMessages.notInCart));
  const stock = stockOf(item);
  const orderQuantity = item.orderQuantity + 1;
  if (orderQuantity > stock) return unchanged(items, error(cartMessages.insufficientStock(stock)));
  return {
    items: replaceAt(items, index, { ...item, orderQuantity }),
    toast: success(cartMessages.incremented(cartLineTitle(item))),
    changed: true,
  };
}

/** Lowers the quantity by one; an item that would drop below 1 is removed (with the removal's error toast). */
export function decrementCartItem<P extends CartProduct>(
  items: readonly CartItem<P>[],
  /** The line's cartLineKey: the product id for a line without a variant. */
  lineKey: string,
): CartResult<P> {
  const index = items.findIndex((item) => cartLineKey(item) === lineKey);
  const item = items[index];
  if (item === undefined) return unchanged(items, error(cartMessages.notInCart));
  if (item.orderQuantity - 1 < 1) {
    return {
      items: removeAt(items, index),
      toast: error(cartMessages.removed(cartLineTitle(item))),
      changed: true,
    };
  }
  return {
    items: replaceAt(items, index, { ...item, orderQuantity: item.orderQuantity - 1 }),
    toast: success(cartMessages.decremented(cartLineTitle(item))),
    changed: true,
  };
}

/**
 * Sets the quantity: fractions are floored (so 0.5 removes), 0 or less removes the item, more than the
 * stock is refused, and a value that is not a number changes nothing.
 */
export function setCartItemQuantity<P extends CartProduct>(
  items: readonly CartItem<P>[],
  /** The line's cartLineKey: the product id for a line without a variant. */
  lineKey: string,
  quantity: number,
): CartResult<P> {
  const index = items.findIndex((item) => cartLineKey(item) === lineKey);
  const item = items[index];
  if (item === undefined) return unchanged(items, error(cartMessages.notInCart));
  if (!Number.isFinite(quantity)) return unchanged(items, error(cartMessages.invalidQuantity));
  const orderQuantity = Math.floor(quantity);
  if (orderQuantity <= 0) {
    return {
      items: removeAt(items, index),
      toast: error(cartMessages.removed(cartLineTitle(item))),
      changed: true,
    };
  }
  const stock = stockOf(item);
  if (orderQuantity > stock) return unchanged(items, error(cartMessages.insufficientStock(stock)));
  const toast = success(cartMessages.quantityUpdated(orderQuantity, cartLineTitle(item)));
  if (orderQuantity === item.orderQuantity) return unchanged(items, toast);
  return { items: replaceAt(items, index, { ...item, orderQuantity }), toast, changed: true };
}

/**
 * A line stored before variants (no variant) of a product sold in several becomes the variant the shopper chose on
 * it in the cart (`line`, the product in that variant): in the line's place, or added to the line of that variant
 * when the cart has one, never above the variant's stock. A sold-out variant is refused and the line stays.
 */
export function chooseCartLineVariant<P extends CartProduct>(
  items: readonly CartItem<P>[],
  /** The stored line's key: its product id. */
  lineKey: string,
  line: P,
): CartResult<P> {
  const index = items.findIndex((item) => cartLineKey(item) === lineKey);
  const stored = items[index];
  if (stored === undefined) return unchanged(items, error(cartMessages.notInCart));
  const stock = stockOf(line);
  if (line.status === "out-of-stock" || stock === 0) {
    return unchanged(items, error(cartMessages.outOfStock(cartLineTitle(line))));
  }
  const key = cartLineKey(line);
  const same = items.find((item) => cartLineKey(item) === key);
  const wanted = (same?.orderQuantity ?? 0) + stored.orderQuantity;
  const chosen: CartItem<P> = { ...same, ...line, orderQuantity: Math.min(wanted, stock) };
  const next = same
    ? items.filter((_, i) => i !== index).map((item) => (item === same ? chosen : item))
    : replaceAt(items, index, chosen);
  return {
    items: next,
    toast:
      wanted > stock
        ? info(cartMessages.insufficientStock(stock))
        : success(cartMessages.quantityUpdated(chosen.orderQuantity, cartLineTitle(line))),
    changed: true,
  };
}

/** Removes the item; the spec shows this toast as an error. */
export function removeFromCart<P extends CartProduct>(
  items: readonly CartItem<P>[],
  /** The line's cartLineKey: the product id for a line without a variant. */
  lineKey: string,
): CartResult<P> {
  const index = items.findIndex((item) => cartLineKey(item) === lineKey);
  const item = items[index];
  if (item === undefined) return unchanged(items, error(cartMessages.notInCart));
  return {
    items: removeAt(items, index),
    toast: error(cartMessages.removed(cartLineTitle(item))),
    changed: true,
  };
}

export function clearCart<P extends CartProduct>(): CartResult<P> {
  return { items: [], toast: info(cartMessages.cleared), changed: true };
}

/** Number of units in the cart (the badge count). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.orderQuantity, 0);
}

/** The cart's subtotal in USD cents, with the same line rule as the order. */
export function cartSubtotalUsdCents(items: readonly CartItem[]): number {
  return items.reduce(
    (sum, item) =>
      sum +
      lineTotalCents({
        priceCents: toCents(item.price),
        discountPercent: item.discount ?? 0,
        quantity: item.orderQuantity,
      }),
    0,
  );
}
