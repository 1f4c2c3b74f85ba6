/** The compare list: kept in browser storage under compare_products; toggles go through @shop/domain's rules and toasts. */
import { STORAGE_KEYS } from "@shop/domain/constants";
import { toggleCompare } from "@shop/domain/lists";
import type { Product } from "@shop/domain/schemas";
import { atom } from "jotai";
import { readStorage, writeStorage } from "#lib/storage.ts";
import { notifyAtom } from "#lib/toast.ts";

export type CompareProduct = Omit<Product, "reviews">;

const itemsAtom = atom<CompareProduct[]>([]);
const loadedAtom = atom(false);

/** Reads the stored list once; its parser is a chunk of its own, and every toggle waits for it. */
export const loadCompareAtom = atom(null, async (get, set) => {
  if (get(loadedAtom)) return;
  const { parseStoredList } = await import("@shop/domain/stored-lists");
  if (get(loadedAtom)) return;
  set(itemsAtom, parseStoredList<CompareProduct>(readStorage(STORAGE_KEYS.compare)));
  set(loadedAtom, true);
});

export const compareItemsAtom = atom((get) => get(itemsAtom));
export const compareCountAtom = atom((get) => get(itemsAtom).length);
export const compareIdsAtom = atom((get) => new Set(get(itemsAtom).map((item) => item.id)));

/** Adds the product when it is absent, removes it when present. */
export const toggleCompareAtom = atom(null, async (get, set, product: Product | CompareProduct) => {
  await set(loadCompareAtom);
  const { reviews: _reviews, ...kept } = product as Product;
  const result = toggleCompare(get(itemsAtom), kept);
  set(itemsAtom, result.items);
  writeStorage(STORAGE_KEYS.compare, JSON.stringify(result.items));
  set(notifyAtom, result.toast);
  return result;
});
