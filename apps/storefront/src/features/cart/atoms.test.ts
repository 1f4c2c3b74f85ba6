// The cart's atoms: every operation with its exact Spanish toast, the stored cart and its edge cases, other tabs,
// the toasts handed to their host, and what the server's answer to an order does to the cart.
import { createStore } from "jotai";
import { beforeEach, describe, expect, it } from "vitest";
import { pendingToastsAtom, takeToastsAtom } from "#lib/toast.ts";
import { product } from "#test/products.ts";
import {
  addToCartAtom,
  buyNowAtom,
  cartCountAtom,
  cartItemsAtom,
  chooseCartLineVariantAtom,
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

const lamp = product({ id: "p-lamp", title: "Lámpara", quantity: 3 });
const vase = product({ id: "p-vase", title: "Jarrón", quantity: 0, status: "out-of-stock" });

let store: ReturnType<typeof createStore>;
beforeEach(() => {
  localStorage.clear();
  store = createStore();
});

const toasts = () => store.get(pendingToastsAtom).map(({ type, message }) => ({ type, message }));
const latest = () => toasts().at(-1);
const stored = () => JSON.parse(localStorage.getItem("cart_products") ?? "null");

describe("cart operations and their toasts", () => {
  it("adds a new item with '{n} x {title} agregado al carrito', and raises it with '+{n} {title}. Total: {t}'", async () => {
    await store.set(addToCartAtom, { product: lamp });
    expect(latest()).toEqual({ type: "success", message: "1 x Lámpara agregado al carrito" });
    expect(store.get(cartCountAtom)).toBe(1);
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
    await store.set(setCartItemQuantityAtom, { lineKey: lamp.id, quantity: 3 });
    expect(latest()).toEqual({ type: "success", message: "Cantidad actualizada: 3 x Lámpara" });
    expect(store.get(cartItemsAtom)[0]?.orderQuantity).toBe(3);
  });

  it("removes with '{title} removido del carrito' as an error: remove, decrement below 1, set to 0 or less", async () => {
    for (const remove of [
      () => store.set(removeFromCartAtom, lamp.id),
      () => store.set(decrementCartItemAtom, lamp.id),
      () => store.set(setCartItemQuantityAtom, { lineKey: lamp.id, quantity: 0 }),
      () => store.set(setCartItemQuantityAtom, { lineKey: lamp.id, quantity: -4 }),
    ]) {
      await store.set(addToCartAtom, { product: lamp });
      await remove();
      expect(latest()).toEqual({ type: "error", message: "Lámpara removido del carrito" });
      expect(store.get(cartItemsAtom)).toEqual([]);
    }
  });

  it("says 'El producto no está en el carrito' when removing a line the cart does not have", async () => {
    await store.set(addToCartAtom, { product: lamp });
    await store.set(removeFromCartAtom, "p-nothing");
    expect(latest()).toEqual({ type: "error", message: "El producto no está en el carrito" });
    expect(store.get(cartCountAtom)).toBe(1);
  });

  it("clears with 'Carrito vaciado' as info", async () => {
    await store.set(addToCartAtom, { product: lamp });
    await store.set(clearCartAtom);
    expect(latest()).toEqual({ type: "info", message: "Carrito vaciado" });
    expect(store.get(cartItemsAtom)).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it("refuses a product without an id, an out-of-stock one, and more than the stock, as errors, changing nothing", async () => {
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
    expect(stored()).toBeNull();

    await store.set(addToCartAtom, { product: lamp, quantity: 3 });
    await store.set(incrementCartItemAtom, lamp.id);
    expect(latest()).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 3" });
    await store.set(setCartItemQuantityAtom, { lineKey: lamp.id, quantity: 9 });
    expect(latest()).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 3" });
    expect(store.get(cartItemsAtom)[0]?.orderQuantity).toBe(3);
  });

  it("Buy Now after Add To Cart keeps the line at the quantity chosen, never doubled", async () => {
    await store.set(addToCartAtom, { product: lamp, quantity: 1 });
    await store.set(buyNowAtom, { product: lamp, quantity: 1 });
    expect(store.get(cartCountAtom)).toBe(1);
    expect(stored()).toEqual([expect.objectContaining({ id: lamp.id, orderQuantity: 1 })]);
    await store.set(buyNowAtom, { product: lamp, quantity: 2 });
    expect(store.get(cartCountAtom)).toBe(2);
  });

  it("hands each toast to the host once", async () => {
    await store.set(addToCartAtom, { product: lamp });
    expect(store.set(takeToastsAtom)).toHaveLength(1);
    expect(store.get(pendingToastsAtom)).toEqual([]);
  });
});

describe("the stored cart", () => {
  it("stores every change under cart_products, without the product's reviews", async () => {
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
    const shade = product({ id: "p-shade", title: "Pantalla", quantity: 5 });
    localStorage.setItem("cart_products", JSON.stringify([{ ...lamp, orderQuantity: 2 }]));
    await store.set(addToCartAtom, { product: lamp });
    expect(latest()?.message).toBe("+1 Lámpara. Total: 3");
    await store.set(addToCartAtom, { product: shade });
    expect(stored().map((line: { id: string }) => line.id)).toEqual([lamp.id, shade.id]);
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
    await store.set(limitCartItemAtom, { lineKey: lamp.id, available: 1 });
    expect(latest()).toEqual({ type: "success", message: "Cantidad actualizada: 1 x Lámpara" });
    expect(store.get(cartItemsAtom)[0]).toMatchObject({ id: lamp.id, orderQuantity: 1, quantity: 1 });
    await store.set(limitCartItemAtom, { lineKey: vase.id, available: 0 });
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

describe("a product with sizes and colours", () => {
  const variant = (id: string, Color: string, Size: string | null, quantity: number) => ({
    id,
    sku: `SHOE-${id}`,
    options: (Size ? { Size, Color } : { Color }) as Record<string, string>,
    price: 90,
    discount: 0,
    quantity,
    status: quantity > 0 ? ("in-stock" as const) : ("out-of-stock" as const),
    img: `/api/images/${Color}.svg`,
  });
  const colours = {
    name: "Color",
    values: [
      { value: "Coral", clrCode: "#ff7f50" },
      { value: "Navy", clrCode: "#000080" },
    ],
  };
  const shoe = product({
    id: "p-shoe",
    title: "Zapato",
    quantity: 5,
    options: [colours, { name: "Size", values: [{ value: "41" }, { value: "42" }] }],
    variants: [
      variant("c41", "Coral", "41", 0),
      variant("c42", "Coral", "42", 2),
      variant("n41", "Navy", "41", 3),
    ],
  });
  const scarf = product({
    id: "p-scarf",
    title: "Bufanda",
    quantity: 4,
    options: [colours],
    variants: [variant("coral", "Coral", null, 0), variant("navy", "Navy", null, 4)],
  });

  it("keeps each variant chosen as a line of its own, named and priced by the variant", async () => {
    await store.set(addToCartAtom, { product: shoe, variant: shoe.variants[1] });
    await store.set(addToCartAtom, { product: shoe, variant: shoe.variants[2] });
    expect(latest()).toEqual({ type: "success", message: "1 x Zapato — Navy / 41 agregado al carrito" });
    expect(stored()).toEqual([
      expect.objectContaining({
        id: "p-shoe",
        variantId: "c42",
        variantOptions: { Color: "Coral", Size: "42" },
        quantity: 2,
      }),
      expect.objectContaining({ id: "p-shoe", variantId: "n41", variantSku: "SHOE-n41", quantity: 3 }),
    ]);
    expect(stored()[0]).not.toHaveProperty("variants");
    await store.set(incrementCartItemAtom, "p-shoe:c42");
    await store.set(incrementCartItemAtom, "p-shoe:c42");
    expect(latest()).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 2" });
  });

  it("buys a product sold by colour alone in the colour its page opens on (the first in stock)", async () => {
    await store.set(addToCartAtom, { product: scarf });
    expect(latest()).toEqual({ type: "success", message: "1 x Bufanda — Navy agregado al carrito" });
    expect(stored()).toEqual([expect.objectContaining({ id: "p-scarf", variantId: "navy" })]);
  });

  it("turns a line stored before sizes into the size chosen on it in the cart, stored and priced by the variant", async () => {
    // A cart saved before variants: the product with no variant, and a line of it already in size 42.
    const legacy = { ...shoe, quantity: 5, orderQuantity: 3 } as Record<string, unknown>;
    delete legacy.variants;
    delete legacy.options;
    delete legacy.reviews;
    localStorage.setItem("cart_products", JSON.stringify([legacy]));
    await store.set(loadCartAtom);
    expect(store.get(cartItemsAtom).map((l) => l.variantId)).toEqual([undefined]);

    // Coral / 41 is sold out: refused, the line stays as it was.
    await store.set(chooseCartLineVariantAtom, {
      lineKey: "p-shoe",
      product: shoe,
      variant: shoe.variants[0]!,
    });
    expect(latest()).toEqual({ type: "error", message: "Agotado: Zapato — Coral / 41" });
    expect(stored()).toEqual([expect.objectContaining({ id: "p-shoe", orderQuantity: 3 })]);
    expect(stored()[0]).not.toHaveProperty("variantId");

    await store.set(chooseCartLineVariantAtom, {
      lineKey: "p-shoe",
      product: shoe,
      variant: shoe.variants[2]!,
    });
    expect(latest()).toEqual({ type: "success", message: "Cantidad actualizada: 3 x Zapato — Navy / 41" });
    expect(stored()).toEqual([
      expect.objectContaining({
        id: "p-shoe",
        variantId: "n41",
        variantSku: "SHOE-n41",
        variantOptions: { Color: "Navy", Size: "41" },
        quantity: 3,
        orderQuantity: 3,
      }),
    ]);
    expect(stored()[0]).not.toHaveProperty("variants");
  });

  it("adds nothing until a size is chosen, and says which to choose (or leaves the asking to the caller)", async () => {
    await expect(store.set(addToCartAtom, { product: shoe })).resolves.toEqual({ choose: "Size" });
    expect(latest()).toEqual({ type: "info", message: "Choose a size: Zapato" });
    store.set(takeToastsAtom);
    await expect(store.set(buyNowAtom, { product: shoe, ask: "quiet" })).resolves.toEqual({ choose: "Size" });
    expect(toasts()).toEqual([]);
    expect(stored()).toBeNull();
  });
});
