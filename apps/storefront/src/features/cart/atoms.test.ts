import { STORAGE_KEYS } from "@shop/domain/constants";
import { cartMessages, listMessages } from "@shop/domain/messages";
import { createStore } from "jotai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compareCountAtom, loadCompareAtom, toggleCompareAtom } from "#features/compare/atoms.ts";
import { loadWishlistAtom, toggleWishlistAtom, wishlistCountAtom } from "#features/wishlist/atoms.ts";
import { createSampleShop } from "#lib/sample-shop.ts";
import { pendingToastsAtom, takeToastsAtom } from "#lib/toast.ts";
import { product } from "#test/products.ts";
import {
  addToCartAtom,
  buyNowAtom,
  cartCountAtom,
  cartItemsAtom,
  clearCartAtom,
  decrementCartItemAtom,
  incrementCartItemAtom,
  limitCartItemAtom,
  loadCartAtom,
  orderPlacedAtom,
  removeFromCartAtom,
  setCartItemQuantityAtom,
  syncCartAtom,
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

  it("Buy Now after Add To Cart keeps the line at the quantity chosen, never doubled", async () => {
    const store = createStore();
    await store.set(addToCartAtom, { product: inStock, quantity: 1 });
    await store.set(buyNowAtom, { product: inStock, quantity: 1 });
    expect(store.get(cartCountAtom)).toBe(1);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.cart)!)[0]).toMatchObject({ orderQuantity: 1 });
    await store.set(buyNowAtom, { product: inStock, quantity: 2 });
    expect(store.get(cartCountAtom)).toBe(2);
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

// Every cart operation with its exact text, the stored cart's edge cases, other tabs, and the server's answer.
const lamp = product({ id: "p-lamp", title: "Lámpara", quantity: 3 });
const vase = product({ id: "p-vase", title: "Jarrón", quantity: 0, status: "out-of-stock" });

let store: ReturnType<typeof createStore>;
beforeEach(() => {
  store = createStore();
});

const toasts = () => store.get(pendingToastsAtom).map(({ type, message }) => ({ type, message }));
const latest = () => toasts().at(-1);
const stored = () => JSON.parse(localStorage.getItem("cart_products") ?? "null");

describe("cart toasts", () => {
  it("adds a new item with '{n} x {title} agregado al carrito', and raises it with '+{n} {title}. Total: {t}'", async () => {
    await store.set(addToCartAtom, { product: lamp });
    expect(latest()).toEqual({ type: "success", message: "1 x Lámpara agregado al carrito" });
    await store.set(addToCartAtom, { product: lamp, quantity: 2 });
    expect(latest()).toEqual({ type: "success", message: "+2 Lámpara. Total: 3" });
    expect(store.get(cartCountAtom)).toBe(3);
  });

  it("increments, decrements and sets the quantity with their texts", async () => {
    await store.set(addToCartAtom, { product: lamp });
    await store.set(incrementCartItemAtom, lamp.id);
    expect(latest()).toEqual({ type: "success", message: "Cantidad incrementada para Lámpara" });
    await store.set(decrementCartItemAtom, lamp.id);
    expect(latest()).toEqual({ type: "success", message: "Cantidad decrementada para Lámpara" });
    await store.set(setCartItemQuantityAtom, { productId: lamp.id, quantity: 3 });
    expect(latest()).toEqual({ type: "success", message: "Cantidad actualizada: 3 x Lámpara" });
    expect(store.get(cartItemsAtom)[0]?.orderQuantity).toBe(3);
  });

  it("removes with '{title} removido del carrito' as an error: remove, decrement below 1, set to 0 or less", async () => {
    for (const remove of [
      () => store.set(removeFromCartAtom, lamp.id),
      () => store.set(decrementCartItemAtom, lamp.id),
      () => store.set(setCartItemQuantityAtom, { productId: lamp.id, quantity: 0 }),
      () => store.set(setCartItemQuantityAtom, { productId: lamp.id, quantity: -4 }),
    ]) {
      await store.set(addToCartAtom, { product: lamp });
      await remove();
      expect(latest()).toEqual({ type: "error", message: "Lámpara removido del carrito" });
      expect(store.get(cartItemsAtom)).toEqual([]);
    }
  });

  it("clears with 'Carrito vaciado' as info", async () => {
    await store.set(addToCartAtom, { product: lamp });
    await store.set(clearCartAtom);
    expect(latest()).toEqual({ type: "info", message: "Carrito vaciado" });
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it("refuses a product without an id, an out-of-stock one, and more than the stock, as errors", async () => {
    await store.set(addToCartAtom, { product: { ...lamp, id: "" } });
    expect(latest()).toEqual({
      type: "error",
      message: "No se puede agregar el producto al carrito: ID no válido",
    });
    await store.set(addToCartAtom, { product: vase });
    expect(latest()).toEqual({ type: "error", message: "Agotado: Jarrón" });
    await store.set(addToCartAtom, { product: lamp, quantity: 4 });
    expect(latest()).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 3" });
    expect(store.get(cartItemsAtom)).toEqual([]);

    await store.set(addToCartAtom, { product: lamp, quantity: 3 });
    await store.set(incrementCartItemAtom, lamp.id);
    expect(latest()).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 3" });
    await store.set(setCartItemQuantityAtom, { productId: lamp.id, quantity: 9 });
    expect(latest()).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 3" });
    expect(store.get(cartItemsAtom)[0]?.orderQuantity).toBe(3);
  });
});

describe("the stored cart", () => {
  it("keeps every change under cart_products, without the product's reviews", async () => {
    await store.set(addToCartAtom, { product: { ...lamp, reviews: [] }, quantity: 2 });
    expect(stored()).toEqual([expect.objectContaining({ id: lamp.id, orderQuantity: 2 })]);
    expect(stored()[0]).not.toHaveProperty("reviews");
  });

  it("is read back on start", async () => {
    localStorage.setItem("cart_products", JSON.stringify([{ ...lamp, orderQuantity: 2 }]));
    await store.set(loadCartAtom);
    expect(store.get(cartCountAtom)).toBe(2);
  });

  it.each([
    ["bad JSON", "{not json"],
    ["not a list", JSON.stringify({ id: "p-lamp" })],
    ["a line without id", JSON.stringify([{ title: "Lámpara", price: 20, quantity: 3, orderQuantity: 1 }])],
    ["a negative quantity", JSON.stringify([{ ...lamp, orderQuantity: -2 }])],
    ["a fractional quantity", JSON.stringify([{ ...lamp, orderQuantity: 1.5 }])],
  ])(
    "resets to empty when the stored value has %s, and the next change starts from empty",
    async (_what, raw) => {
      localStorage.setItem("cart_products", raw);
      await store.set(loadCartAtom);
      expect(store.get(cartItemsAtom)).toEqual([]);
      await store.set(addToCartAtom, { product: lamp });
      expect(stored()).toEqual([expect.objectContaining({ id: lamp.id, orderQuantity: 1 })]);
    },
  );

  it("waits for the stored cart before a first change, so a click cannot overwrite it", async () => {
    localStorage.setItem("cart_products", JSON.stringify([{ ...lamp, orderQuantity: 2 }]));
    await store.set(addToCartAtom, { product: lamp });
    expect(latest()?.message).toBe("+1 Lámpara. Total: 3");
  });

  it("follows another tab's writes, resets on a bad one, empties when storage is cleared, and shows no toast", async () => {
    await store.set(loadCartAtom);
    await store.set(syncCartAtom, {
      key: "cart_products",
      newValue: JSON.stringify([{ ...lamp, orderQuantity: 2 }]),
    });
    expect(store.get(cartCountAtom)).toBe(2);
    await store.set(syncCartAtom, { key: "wishlist_items", newValue: "[]" });
    expect(store.get(cartCountAtom)).toBe(2);
    await store.set(syncCartAtom, { key: "cart_products", newValue: "[{]" });
    expect(store.get(cartItemsAtom)).toEqual([]);
    await store.set(syncCartAtom, {
      key: "cart_products",
      newValue: JSON.stringify([{ ...lamp, orderQuantity: 1 }]),
    });
    await store.set(syncCartAtom, { key: null, newValue: null });
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(toasts()).toEqual([]);
  });
});

describe("after the server's answer", () => {
  it("limits a line to the stock the server found, or removes it when none is left", async () => {
    const vase = product({ id: "p-vase2", title: "Florero", quantity: 5 });
    await store.set(addToCartAtom, { product: lamp, quantity: 3 });
    await store.set(addToCartAtom, { product: vase, quantity: 2 });
    await store.set(limitCartItemAtom, { productId: lamp.id, available: 1 });
    expect(latest()).toEqual({ type: "success", message: "Cantidad actualizada: 1 x Lámpara" });
    expect(store.get(cartItemsAtom)[0]).toMatchObject({ id: lamp.id, orderQuantity: 1, quantity: 1 });
    await store.set(limitCartItemAtom, { productId: vase.id, available: 0 });
    expect(latest()).toEqual({ type: "error", message: "Florero removido del carrito" });
    expect(store.get(cartItemsAtom).map((line) => line.id)).toEqual([lamp.id]);
    expect(stored()).toEqual([expect.objectContaining({ id: lamp.id, orderQuantity: 1 })]);
  });

  it("empties the cart without a toast once an order took it", async () => {
    await store.set(addToCartAtom, { product: lamp });
    const before = toasts().length;
    await store.set(orderPlacedAtom);
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(stored()).toEqual([]);
    expect(toasts()).toHaveLength(before);
  });
});
