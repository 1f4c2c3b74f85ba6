/** The compare list: stored in the browser under compare_products and followed across tabs; toggles go through @shop/domain's rules and toasts. */
import { STORAGE_KEYS } from "@shop/domain/constants";
import type { Product } from "@shop/domain/schemas/public";
import { atom } from "jotai";
import { storedList } from "#lib/stored-list.ts";
import { notifyAtom, orUnknownError } from "#lib/toast.ts";

export type CompareProduct = Omit<Product, "reviews">;

const compare = storedList<CompareProduct>(STORAGE_KEYS.compare, async () => {
  const { parseStoredList } = await import("@shop/domain/stored-lists");
  return (raw) => parseStoredList<CompareProduct>(raw);
});

export const compareItemsAtom = compare.items;
export const compareCountAtom = atom((get) => get(compare.items).length);
export const compareIdsAtom = atom((get) => new Set(get(compare.items).map((item) => item.id)));
export const loadCompareAtom = compare.load;
export const syncCompareAtom = compare.sync;

/** Adds the product when it is absent, removes it when present. */
export const toggleCompareAtom = atom(null, (get, set, product: Product | CompareProduct) =>
  orUnknownError(set, async () => {
    const [{ toggleCompare }] = await Promise.all([import("@shop/domain/lists"), set(compare.load)]);
    const { reviews: _reviews, ...stored } = product as Product;
    const result = toggleCompare(get(compare.items), stored);
    set(compare.save, result.items);
    set(notifyAtom, result.toast);
    return result.added;
  }),
);
