/**
 * The cart: stored in the browser under cart_products and followed across tabs; every change goes through
 * @shop/domain's rules and toasts. The rules and the stored cart's parser load as one lazy chunk after start,
 * so the first screen carries only the count; every change waits for the stored cart to be read first.
 */
import type { CartItem, CartResult } from "@shop/domain/cart";
import { STORAGE_KEYS } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas/public";
import type { ProductOption, Variant, VariantLineFields } from "@shop/domain/variants";
import { atom } from "jotai";
import { storedList } from "#lib/stored-list.ts";
import { notifyAtom, orUnknownError } from "#lib/toast.ts";

/**
 * What the cart stores of a product: everything but its reviews and its list of variants, and, for a product with
 * options, the variant the line buys (its price, stock and picture in the product's fields). A line stored before
 * variants has none.
 */
export type CartProduct = Omit<Product, "reviews" | "variants"> & Partial<VariantLineFields>;
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
  const { reviews: _reviews, variants: _variants, ...rest } = product as Product & { variants?: unknown };
  return rest;
}

type Change = (rules: Rules, items: CartLine[]) => CartResult<CartProduct>;

type VariantRules = typeof import("@shop/domain/variants");
/** The variant rules, in the cart rules' lazy chunk: the first screen carries neither. */
const variantRules = (): Promise<VariantRules> => import("@shop/domain/variants");

/** What to buy: the product in `variant`, in the variant its page opens on, or nothing until an option is chosen. */
interface Wanted {
  product: Product | CartProduct;
  quantity?: number;
  /** The variant chosen on a page; without one, the one the product's page opens on (a colour). */
  variant?: Variant;
  /** When an option must still be chosen: say so in a toast (the default), or only answer it (the caller asks). */
  ask?: "toast" | "quiet";
}

/** The cart asked the shopper to choose an option first (the first still to choose: "Size"). */
export interface MustChoose {
  choose: string;
}

/**
 * The line to add: a product without options as it is; a product with options in the variant given, else in the
 * variant its page opens on (the first colour that can be bought); a product whose size must be chosen, nothing.
 */
async function lineFor({ product, variant }: Wanted): Promise<CartProduct | MustChoose> {
  const p = product as CartProduct & { options?: ProductOption[]; variants?: Variant[] };
  if (p.variantId || (!variant && (!p.options?.length || !p.variants?.length)))
    return withoutReviews(product);
  const rules = await variantRules();
  const bought = variant ?? rules.defaultVariant(p.options ?? [], p.variants ?? []);
  if (bought) return withoutReviews(rules.productInVariant(p, bought) as CartProduct);
  const initial = rules.initialSelection(p.options ?? [], p.variants ?? []);
  return { choose: rules.missingOptions(p.options ?? [], initial)[0] ?? p.options![0]!.name };
}

/** Runs `change` on the line wanted, or asks for the option still to choose. */
const withLineAtom = atom(
  null,
  async (
    _get,
    set,
    {
      wanted,
      change,
    }: {
      wanted: Wanted;
      change: (rules: Rules, items: CartLine[], line: CartProduct) => CartResult<CartProduct>;
    },
  ): Promise<CartResult<CartProduct> | MustChoose | undefined> => {
    const line = await lineFor(wanted);
    if ("choose" in line) {
      if (wanted.ask !== "quiet") {
        const { chooseOptionLabel } = await variantRules();
        set(notifyAtom, {
          type: "info",
          message: `${chooseOptionLabel(line.choose)}: ${wanted.product.title}`,
        });
      }
      return line;
    }
    return set(applyAtom, (r, items) => change(r, items, line));
  },
);

const applyAtom = atom(null, (get, set, change: Change) =>
  orUnknownError(set, async () => {
    const [loaded] = await Promise.all([rules(), set(cart.load)]);
    const result = change(loaded, get(cart.items));
    if (result.changed) set(cart.save, result.items);
    set(notifyAtom, result.toast);
    return result;
  }),
);

/**
 * A line stored before sizes and colours (no variant) of a product sold in several: the variant the shopper chose on
 * it in the cart takes its place (the product as the API answers it now, with its variants).
 */
export const chooseCartLineVariantAtom = atom(
  null,
  async (
    _get,
    set,
    { lineKey, product, variant }: { lineKey: string; product: Product; variant: Variant },
  ) => {
    const { productInVariant } = await variantRules();
    const line = withoutReviews(productInVariant(product, variant) as CartProduct);
    return set(applyAtom, (r, items) => r.chooseCartLineVariant(items, lineKey, line));
  },
);

/** Adds `quantity` (default 1) of a product (in a variant), or raises the line it already has. */
export const addToCartAtom = atom(null, (_get, set, wanted: Wanted) =>
  set(withLineAtom, { wanted, change: (r, items, line) => r.addToCart(items, line, wanted.quantity) }),
);

/** Buy Now: the cart holds at least `quantity` of the line, added or raised to it, never added again. */
export const buyNowAtom = atom(null, (_get, set, wanted: Wanted) =>
  set(withLineAtom, { wanted, change: (r, items, line) => r.buyNow(items, line, wanted.quantity) }),
);

// A line is named by its key (@shop/domain/cart's cartLineKey): the product id, and the variant's when it has one.

export const incrementCartItemAtom = atom(null, (_get, set, lineKey: string) =>
  set(applyAtom, (r, items) => r.incrementCartItem(items, lineKey)),
);

export const decrementCartItemAtom = atom(null, (_get, set, lineKey: string) =>
  set(applyAtom, (r, items) => r.decrementCartItem(items, lineKey)),
);

export const setCartItemQuantityAtom = atom(
  null,
  (_get, set, { lineKey, quantity }: { lineKey: string; quantity: number }) =>
    set(applyAtom, (r, items) => r.setCartItemQuantity(items, lineKey, quantity)),
);

export const removeFromCartAtom = atom(null, (_get, set, lineKey: string) =>
  set(applyAtom, (r, items) => r.removeFromCart(items, lineKey)),
);

export const clearCartAtom = atom(null, (_get, set) => set(applyAtom, (r) => r.clearCart<CartProduct>()));

/**
 * The server found less stock than a line asks for: the line's stock becomes what is left and its quantity
 * follows (removed when nothing is left), with the cart's own toast.
 */
export const limitCartItemAtom = atom(
  null,
  (_get, set, { lineKey, available }: { lineKey: string; available: number }) =>
    set(applyAtom, (r, items) =>
      r.setCartItemQuantity(
        items.map((item) =>
          r.cartLineKey(item) === lineKey
            ? { ...item, quantity: available, status: available > 0 ? "in-stock" : "out-of-stock" }
            : item,
        ),
        lineKey,
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
