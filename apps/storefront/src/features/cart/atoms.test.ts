import { STORAGE_KEYS } from "@shop/domain/constants";
import { cartMessages, listMessages } from "@shop/domain/messages";
import { createStore } from "jotai";
import { afterEach, describe, expect, it } from "vitest";
import { compareCountAtom, loadCompareAtom, toggleCompareAtom } from "#features/compare/atoms.ts";
import { loadWishlistAtom, toggleWishlistAtom, wishlistCountAtom } from "#features/wishlist/atoms.ts";
import { createSampleShop } from "#lib/sample-shop.ts";
import { pendingToastsAtom, takeToastsAtom } from "#lib/toast.ts";
import {
  addToCartAtom,
  cartCountAtom,
  cartItemsAtom,
  decrementCartItemAtom,
  loadCartAtom,
  removeFromCartAtom,
} from "./atoms.ts";

const products = createSampleShop(new Date("2026-01-01T00:00:00Z")).products.list({ pageSize: 100 }).items;
const inStock = products.find((p) => p.status === "in-stock" && p.quantity >= 3 && p.quantity < 50)!;
const soldOut = {
  ...inStock,
  id: "sold-out",
  title: "Sold Out Lamp",
  quantity: 0,
  status: "out-of-stock" as const,
};

afterEach(() => localStorage.clear());

function lastToast(store: ReturnType<typeof createStore>) {
  return store.get(pendingToastsAtom).at(-1);
}

describe("the cart's action atoms", () => {
  it("add a product, keep it under cart_products, move the counter and toast in Spanish", async () => {
    const store = createStore();
    await store.set(addToCartAtom, { product: inStock, quantity: 2 });
    expect(store.get(cartCountAtom)).toBe(2);
    expect(lastToast(store)).toMatchObject({
      type: "success",
      message: cartMessages.added(2, inStock.title),
    });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: inStock.id, orderQuantity: 2 });
    expect(stored[0].reviews).toBeUndefined();

    await store.set(addToCartAtom, { product: inStock });
    expect(store.get(cartCountAtom)).toBe(3);
    expect(lastToast(store)?.message).toBe(cartMessages.raised(1, inStock.title, 3));
  });

  it("refuse an out-of-stock product and more than the stock, changing nothing", async () => {
    const store = createStore();
    await store.set(addToCartAtom, { product: soldOut });
    expect(lastToast(store)).toMatchObject({
      type: "error",
      message: cartMessages.outOfStock(soldOut.title),
    });
    await store.set(addToCartAtom, { product: inStock, quantity: inStock.quantity + 1 });
    expect(lastToast(store)).toMatchObject({
      type: "error",
      message: cartMessages.insufficientStock(inStock.quantity),
    });
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.cart)).toBeNull();
  });

  it("remove a line that drops below 1, with the spec's error toast", async () => {
    const store = createStore();
    await store.set(addToCartAtom, { product: inStock });
    await store.set(decrementCartItemAtom, inStock.id);
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(lastToast(store)).toMatchObject({ type: "error", message: cartMessages.removed(inStock.title) });
    await store.set(removeFromCartAtom, "nothing-here");
    expect(lastToast(store)?.type).toBe("error");
  });

  it("read the stored cart before the first change, so a click never overwrites it", async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ ...inStock, orderQuantity: 1 }]));
    const store = createStore();
    await store.set(addToCartAtom, { product: products.find((p) => p.id !== inStock.id && p.quantity > 0)! });
    expect(store.get(cartItemsAtom).map((item) => item.id)[0]).toBe(inStock.id);
    expect(store.get(cartCountAtom)).toBe(2);
  });

  it("start empty from a corrupted stored cart", async () => {
    localStorage.setItem(STORAGE_KEYS.cart, "{not json");
    const store = createStore();
    await store.set(loadCartAtom);
    expect(store.get(cartItemsAtom)).toEqual([]);
  });

  it("hand each toast to the host once", async () => {
    const store = createStore();
    await store.set(addToCartAtom, { product: inStock });
    expect(store.set(takeToastsAtom)).toHaveLength(1);
    expect(store.get(pendingToastsAtom)).toEqual([]);
  });
});

describe("the wishlist's and compare list's action atoms", () => {
  it("toggle a product in and out, keep it in storage and toast the spec's words", async () => {
    const store = createStore();
    await store.set(toggleWishlistAtom, inStock);
    expect(store.get(wishlistCountAtom)).toBe(1);
    expect(lastToast(store)?.message).toBe(listMessages.wishlistAdded(inStock.title));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.wishlist)!)[0].id).toBe(inStock.id);
    await store.set(toggleWishlistAtom, inStock);
    expect(store.get(wishlistCountAtom)).toBe(0);
    expect(lastToast(store)?.message).toBe(listMessages.wishlistRemoved(inStock.title));

    await store.set(toggleCompareAtom, inStock);
    expect(store.get(compareCountAtom)).toBe(1);
    expect(lastToast(store)?.message).toBe(listMessages.compareAdded(inStock.title));
    await store.set(toggleCompareAtom, inStock);
    expect(lastToast(store)?.message).toBe(listMessages.compareRemoved(inStock.title));
  });

  it("reload what was stored", async () => {
    localStorage.setItem(STORAGE_KEYS.wishlist, JSON.stringify({ anonymous: [inStock] }));
    localStorage.setItem(STORAGE_KEYS.compare, JSON.stringify([inStock]));
    const store = createStore();
    await store.set(loadWishlistAtom);
    await store.set(loadCompareAtom);
    expect(store.get(wishlistCountAtom)).toBe(1);
    expect(store.get(compareCountAtom)).toBe(1);
  });
});
