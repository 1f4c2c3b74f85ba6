// The compare atoms: toggles with the spec's texts ("remove to compare" as quoted), persistence and other tabs.
import { createStore } from "jotai";
import { beforeEach, expect, it } from "vitest";
import { pendingToastsAtom } from "#lib/toast.ts";
import { product } from "#test/products.ts";
import {
  compareCountAtom,
  compareIdsAtom,
  loadCompareAtom,
  syncCompareAtom,
  toggleCompareAtom,
} from "./atoms.ts";

const phone = product({ id: "p-phone", title: "Teléfono" });

let store: ReturnType<typeof createStore>;
beforeEach(() => {
  localStorage.clear();
  store = createStore();
});

const lastToast = () => {
  const toast = store.get(pendingToastsAtom).at(-1);
  return toast && { type: toast.type, message: toast.message };
};

it("toggles with '{title} added to compare' and '{title} remove to compare', stored under compare_products", async () => {
  await store.set(toggleCompareAtom, phone);
  expect(lastToast()).toEqual({ type: "success", message: "Teléfono added to compare" });
  expect(store.get(compareIdsAtom).has(phone.id)).toBe(true);
  expect(JSON.parse(localStorage.getItem("compare_products")!)).toEqual([
    expect.objectContaining({ id: phone.id }),
  ]);
  await store.set(toggleCompareAtom, phone);
  expect(lastToast()).toEqual({ type: "info", message: "Teléfono remove to compare" });
  expect(JSON.parse(localStorage.getItem("compare_products")!)).toEqual([]);
});

it("reads the stored list back, resets a bad one, and follows other tabs", async () => {
  localStorage.setItem("compare_products", JSON.stringify([phone, { id: 7 }]));
  await store.set(loadCompareAtom);
  expect(store.get(compareCountAtom)).toBe(0);
  await store.set(syncCompareAtom, { key: "compare_products", newValue: JSON.stringify([phone]) });
  expect(store.get(compareCountAtom)).toBe(1);
});
