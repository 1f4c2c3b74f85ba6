// The cart, wishlist and compare list read back from browser storage, checked with zod/mini. A module of its
// own, so code that only changes the lists (and a storefront's first screen) carries no parser at all.
import * as z from "zod/mini";
import type { CartItem, CartProduct } from "./cart.ts";
import { WISHLIST_ANONYMOUS_USER_KEY } from "./constants.ts";
import type { ListProduct } from "./lists.ts";
import { cartLineKey } from "./variants.ts";

// Only the fields the cart relies on are checked; other product fields pass through untouched.
const storedCartSchema = z.array(
  z.looseObject({
    id: z.string().check(z.minLength(1)),
    title: z.string(),
    price: z.number().check(z.gte(0)),
    discount: z.nullish(z.number().check(z.gte(0), z.lte(100))),
    quantity: z.number(),
    status: z.nullish(z.string()),
    orderQuantity: z.int().check(z.gte(1)),
    variantId: z.nullish(z.string().check(z.minLength(1))),
    variantOptions: z.nullish(z.record(z.string(), z.string())),
  }),
);

/**
 * The cart read back from storage. Anything wrong (bad JSON, not an array, an item without id, a broken
 * price or orderQuantity, the same line twice: the same product and variant) resets the whole cart to empty, as the spec asks.
 */
export function parseStoredCart<P extends CartProduct = CartProduct>(
  raw: string | null | undefined,
): CartItem<P>[] {
  if (typeof raw !== "string" || raw === "") return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = storedCartSchema.safeParse(data);
  if (!parsed.success) return [];
  // A line stored before variants has no variantId and is known by its product id, as it was.
  const ids = new Set(parsed.data.map((item) => cartLineKey(item)));
  if (ids.size !== parsed.data.length) return [];
  return parsed.data as unknown as CartItem<P>[];
}

const storedListSchema = z.array(z.looseObject({ id: z.string().check(z.minLength(1)), title: z.string() }));

/**
 * A list read back from storage: a JSON array of products, or an object holding that array under the
 * wishlist's anonymous user key. Anything malformed gives []; a repeated id keeps its first entry.
 */
export function parseStoredList<P extends ListProduct>(raw: string | null | undefined): P[] {
  if (typeof raw !== "string" || raw === "") return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (data !== null && typeof data === "object" && !Array.isArray(data)) {
    data = (data as Record<string, unknown>)[WISHLIST_ANONYMOUS_USER_KEY];
  }
  const parsed = storedListSchema.safeParse(data);
  if (!parsed.success) return [];
  const seen = new Set<string>();
  const items = parsed.data.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
  return items as unknown as P[];
}
