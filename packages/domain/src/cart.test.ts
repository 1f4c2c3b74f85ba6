// Cart operations, their toasts and the stored cart.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addToCart,
  buyNow,
  type CartItem,
  type CartProduct,
  cartCount,
  cartLineKey,
  cartLineTitle,
  cartSubtotalUsdCents,
  chooseCartLineVariant,
  clearCart,
  decrementCartItem,
  incrementCartItem,
  removeFromCart,
  setCartItemQuantity,
} from "./cart.ts";
import { cartMessages } from "./messages.ts";
import { parseStoredCart } from "./stored-lists.ts";

interface Product extends CartProduct {
  id: string;
  img: string;
  variantSku?: string;
}

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: "p1",
    title: "Reloj",
    price: 19.99,
    discount: 0,
    quantity: 5,
    status: "in-stock",
    img: "r.png",
    ...overrides,
  };
}

function item(overrides: Partial<Product> = {}, orderQuantity = 1): CartItem<Product> {
  return { ...product(overrides), orderQuantity };
}

function frozen<T>(items: T[]): readonly T[] {
  return Object.freeze(items.map((i) => Object.freeze(i)));
}

describe("addToCart", () => {
  it("adds a new item with quantity 1 by default", () => {
    const result = addToCart([], product());
    expect(result.items).toEqual([item()]);
    expect(result.toast).toEqual({ type: "success", message: "1 x Reloj agregado al carrito" });
    expect(result.changed).toBe(true);
  });

  it("adds the quantity asked for and keeps the product's own fields", () => {
    const result = addToCart([], product(), 3);
    expect(result.items[0]?.orderQuantity).toBe(3);
    expect(result.items[0]?.img).toBe("r.png");
    expect(result.toast.message).toBe("3 x Reloj agregado al carrito");
  });

  it("raises the quantity of an item already in the cart, in place", () => {
    const items = frozen([item({ id: "a", title: "A" }), item({}, 2), item({ id: "c", title: "C" })]);
    const result = addToCart(items, product(), 2);
    expect(result.items.map((i) => [i.id, i.orderQuantity])).toEqual([
      ["a", 1],
      ["p1", 4],
      ["c", 1],
    ]);
    expect(result.toast).toEqual({ type: "success", message: "+2 Reloj. Total: 4" });
  });

  it("refreshes the stored product data from the product added", () => {
    const result = addToCart([item({ price: 10 }, 1)], product({ price: 12 }));
    expect(result.items[0]?.price).toBe(12);
  });

  it("refuses a product without an id", () => {
    for (const id of [undefined, null, "", "  "]) {
      const result = addToCart<CartProduct>([], { title: "Reloj", price: 1, quantity: 5, id });
      expect(result).toEqual({
        items: [],
        toast: { type: "error", message: "No se puede agregar el producto al carrito: ID no válido" },
        changed: false,
      });
    }
  });

  it("refuses an out-of-stock product, by status or by stock", () => {
    for (const p of [
      product({ status: "out-of-stock" }),
      product({ quantity: 0 }),
      product({ quantity: Number.NaN }),
    ]) {
      const result = addToCart([], p);
      expect(result.items).toEqual([]);
      expect(result.toast).toEqual({ type: "error", message: "Agotado: Reloj" });
      expect(result.changed).toBe(false);
    }
  });

  it("refuses when the resulting quantity would exceed the stock", () => {
    const tooMany = addToCart([], product({ quantity: 5 }), 6);
    expect(tooMany.toast).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 5" });
    expect(tooMany.items).toEqual([]);
    const items = [item({}, 4)];
    const over = addToCart(items, product({ quantity: 5 }), 2);
    expect(over.toast.message).toBe("Stock insuficiente. Disponible: 5");
    expect(over.items).toEqual(items);
    expect(addToCart(items, product({ quantity: 5 }), 1).items[0]?.orderQuantity).toBe(5);
  });

  it("takes a whole quantity of at least 1", () => {
    expect(addToCart([], product(), 2.7).items[0]?.orderQuantity).toBe(2);
    expect(addToCart([], product(), 0).items[0]?.orderQuantity).toBe(1);
    expect(addToCart([], product(), -3).items[0]?.orderQuantity).toBe(1);
    expect(addToCart([], product(), Number.NaN).items[0]?.orderQuantity).toBe(1);
  });

  it("never mutates its input", () => {
    const items = frozen([item()]);
    expect(() => addToCart(items, product(), 1)).not.toThrow();
    expect(items[0]?.orderQuantity).toBe(1);
  });
});

describe("buyNow", () => {
  it("adds a product not in the cart, as addToCart does", () => {
    const result = buyNow([], product(), 2);
    expect(result.items).toEqual([item({}, 2)]);
    expect(result.toast).toEqual({ type: "success", message: cartMessages.added(2, "Reloj") });
  });

  it("never adds the quantity again to a line the cart already has (Add To Cart, then Buy Now)", () => {
    const afterAdd = addToCart([], product(), 1).items;
    const result = buyNow(afterAdd, product(), 1);
    expect(result.items).toEqual([item({}, 1)]);
    expect(cartCount(result.items)).toBe(1);
    // A larger quantity chosen on the page raises the line to it, not by it.
    expect(buyNow([item({}, 2)], product(), 3).items).toEqual([item({}, 3)]);
    // A line with more keeps its own.
    expect(buyNow([item({}, 4)], product(), 1).items).toEqual([item({}, 4)]);
  });

  it("refuses a quantity above the stock with the cart's message, changing nothing", () => {
    const result = buyNow([item({}, 2)], product({ quantity: 5 }), 9);
    expect(result.changed).toBe(false);
    expect(result.items).toEqual([item({}, 2)]);
    expect(result.toast).toEqual({ type: "error", message: cartMessages.insufficientStock(5) });
  });
});

describe("incrementCartItem", () => {
  it("adds one", () => {
    const result = incrementCartItem(frozen([item({}, 2)]), "p1");
    expect(result.items[0]?.orderQuantity).toBe(3);
    expect(result.toast).toEqual({ type: "success", message: "Cantidad incrementada para Reloj" });
    expect(result.changed).toBe(true);
  });

  it("refuses to go over the stock", () => {
    const result = incrementCartItem([item({ quantity: 2 }, 2)], "p1");
    expect(result.items[0]?.orderQuantity).toBe(2);
    expect(result.toast).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 2" });
    expect(result.changed).toBe(false);
  });

  it("tells when the item is not in the cart", () => {
    const result = incrementCartItem([item()], "nope");
    expect(result.toast).toEqual({ type: "error", message: "El producto no está en el carrito" });
    expect(result.changed).toBe(false);
  });
});

describe("decrementCartItem", () => {
  it("takes one away", () => {
    const result = decrementCartItem(frozen([item({}, 3)]), "p1");
    expect(result.items[0]?.orderQuantity).toBe(2);
    expect(result.toast).toEqual({ type: "success", message: "Cantidad decrementada para Reloj" });
  });

  it("removes the item when it would drop below 1, with an error toast", () => {
    const result = decrementCartItem([item({ id: "a", title: "A" }), item({}, 1)], "p1");
    expect(result.items.map((i) => i.id)).toEqual(["a"]);
    expect(result.toast).toEqual({ type: "error", message: "Reloj removido del carrito" });
    expect(result.changed).toBe(true);
  });

  it("tells when the item is not in the cart", () => {
    expect(decrementCartItem([], "p1").toast.message).toBe("El producto no está en el carrito");
  });
});

describe("setCartItemQuantity", () => {
  it("sets the quantity", () => {
    const result = setCartItemQuantity(frozen([item({}, 1)]), "p1", 4);
    expect(result.items[0]?.orderQuantity).toBe(4);
    expect(result.toast).toEqual({ type: "success", message: "Cantidad actualizada: 4 x Reloj" });
    expect(result.changed).toBe(true);
  });

  it("removes the item at 0 or less", () => {
    for (const quantity of [0, -2, 0.5]) {
      const result = setCartItemQuantity([item({}, 3)], "p1", quantity);
      expect(result.items).toEqual([]);
      expect(result.toast).toEqual({ type: "error", message: "Reloj removido del carrito" });
    }
  });

  it("refuses more than the stock", () => {
    const result = setCartItemQuantity([item({ quantity: 5 }, 1)], "p1", 6);
    expect(result.items[0]?.orderQuantity).toBe(1);
    expect(result.toast).toEqual({ type: "error", message: "Stock insuficiente. Disponible: 5" });
  });

  it("floors a fraction", () => {
    expect(setCartItemQuantity([item({}, 1)], "p1", 3.9).items[0]?.orderQuantity).toBe(3);
  });

  it("changes nothing for a value that is not a number", () => {
    const result = setCartItemQuantity([item({}, 2)], "p1", Number.NaN);
    expect(result.items[0]?.orderQuantity).toBe(2);
    expect(result.toast).toEqual({ type: "error", message: "Cantidad no válida" });
    expect(result.changed).toBe(false);
  });

  it("reports no change when the quantity is the same", () => {
    const result = setCartItemQuantity([item({}, 2)], "p1", 2);
    expect(result.changed).toBe(false);
    expect(result.toast.type).toBe("success");
  });

  it("tells when the item is not in the cart", () => {
    expect(setCartItemQuantity([], "p1", 2).toast.message).toBe("El producto no está en el carrito");
  });
});

describe("removeFromCart and clearCart", () => {
  it("removes the item with an error toast", () => {
    const result = removeFromCart(frozen([item(), item({ id: "b", title: "B" })]), "p1");
    expect(result.items.map((i) => i.id)).toEqual(["b"]);
    expect(result.toast).toEqual({ type: "error", message: "Reloj removido del carrito" });
  });

  it("tells when the item is not in the cart", () => {
    const result = removeFromCart([item()], "zzz");
    expect(result.items).toHaveLength(1);
    expect(result.changed).toBe(false);
    expect(result.toast.message).toBe("El producto no está en el carrito");
  });

  it("clears with an info toast", () => {
    expect(clearCart()).toEqual({
      items: [],
      toast: { type: "info", message: "Carrito vaciado" },
      changed: true,
    });
  });
});

describe("parseStoredCart", () => {
  it("reads a stored cart back", () => {
    const items = [item(), item({ id: "b", title: "B", discount: null }, 3)];
    expect(parseStoredCart<Product>(JSON.stringify(items))).toEqual(items);
  });

  it("resets a bad stored cart to empty", () => {
    const bad = [
      null,
      undefined,
      "",
      "not json",
      "{}",
      '"cart"',
      JSON.stringify([{ ...item(), id: undefined }]),
      JSON.stringify([{ ...item(), id: "" }]),
      JSON.stringify([{ ...item(), orderQuantity: 0 }]),
      JSON.stringify([{ ...item(), orderQuantity: 1.5 }]),
      JSON.stringify([{ ...item(), orderQuantity: "2" }]),
      JSON.stringify([{ ...item(), price: "19.99" }]),
      JSON.stringify([{ ...item(), price: -1 }]),
      JSON.stringify([{ ...item(), discount: 150 }]),
      JSON.stringify([item(), "junk"]),
      JSON.stringify([item(), item()]),
    ];
    for (const raw of bad) expect(parseStoredCart(raw)).toEqual([]);
  });
});

describe("cartCount and cartSubtotalUsdCents", () => {
  it("counts units", () => {
    expect(cartCount([])).toBe(0);
    expect(cartCount([item({}, 2), item({ id: "b" }, 3)])).toBe(5);
  });

  it("prices the cart in cents with the order's line rule", () => {
    expect(cartSubtotalUsdCents([])).toBe(0);
    expect(cartSubtotalUsdCents([item({ price: 19.99 }, 3)])).toBe(5997);
    // 9.99 at 15 % off × 3 = 25.4745 -> 2547 cents; 0.01 at 50 % × 2 = 0.01 -> 1 cent.
    expect(
      cartSubtotalUsdCents([
        item({ price: 9.99, discount: 15 }, 3),
        item({ id: "b", price: 0.01, discount: 50 }, 2),
      ]),
    ).toBe(2548);
    expect(cartSubtotalUsdCents([item({ price: 0.1 + 0.2 }, 1)])).toBe(30);
  });
});

describe("cart properties", () => {
  const operation = fc.oneof(
    fc.record({
      op: fc.constant("add" as const),
      id: fc.constantFrom("a", "b", "c"),
      q: fc.integer({ min: -2, max: 6 }),
    }),
    fc.record({ op: fc.constant("inc" as const), id: fc.constantFrom("a", "b", "c") }),
    fc.record({ op: fc.constant("dec" as const), id: fc.constantFrom("a", "b", "c") }),
    fc.record({
      op: fc.constant("set" as const),
      id: fc.constantFrom("a", "b", "c"),
      q: fc.integer({ min: -2, max: 12 }),
    }),
    fc.record({ op: fc.constant("remove" as const), id: fc.constantFrom("a", "b", "c") }),
  );

  it("keeps every item at a whole quantity between 1 and its stock, each id once", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
        let items: CartItem<Product>[] = [];
        for (const step of operations) {
          const before = items;
          if (step.op === "add")
            items = addToCart(items, product({ id: step.id, quantity: 8 }), step.q).items;
          if (step.op === "inc") items = incrementCartItem(items, step.id).items;
          if (step.op === "dec") items = decrementCartItem(items, step.id).items;
          if (step.op === "set") items = setCartItemQuantity(items, step.id, step.q).items;
          if (step.op === "remove") items = removeFromCart(items, step.id).items;
          expect(items).not.toBe(before);
        }
        expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
        for (const i of items) {
          expect(Number.isInteger(i.orderQuantity)).toBe(true);
          expect(i.orderQuantity).toBeGreaterThanOrEqual(1);
          expect(i.orderQuantity).toBeLessThanOrEqual(8);
        }
        expect(parseStoredCart(JSON.stringify(items))).toEqual(items);
      }),
    );
  });
});

describe("cart lines by variant", () => {
  const shoe = (variantId: string, size: string, quantity: number) =>
    product({
      id: "shoe",
      title: "Tempo Knit Running Shoe",
      quantity,
      variantId,
      variantOptions: { Color: "Coral", Size: size },
    });

  it("keeps two sizes of one product as two lines, each with its own stock", () => {
    let items = addToCart([], shoe("v42", "42", 2)).items;
    items = addToCart(items, shoe("v38", "38", 1)).items;
    expect(items.map(cartLineKey)).toEqual(["shoe:v42", "shoe:v38"]);
    const raised = addToCart(items, shoe("v42", "42", 2));
    expect(raised.items[0]?.orderQuantity).toBe(2);
    expect(raised.items[1]?.orderQuantity).toBe(1);
    expect(addToCart(raised.items, shoe("v42", "42", 2)).toast.message).toBe(
      "Stock insuficiente. Disponible: 2",
    );
    expect(incrementCartItem(items, "shoe:v38").toast.message).toBe("Stock insuficiente. Disponible: 1");
  });

  it("names the variant where the title is, and keeps every message's text", () => {
    const added = addToCart([], shoe("v42", "42", 3), 2);
    expect(added.toast.message).toBe("2 x Tempo Knit Running Shoe — Coral / 42 agregado al carrito");
    expect(addToCart([], shoe("v38", "38", 0)).toast).toEqual({
      type: "error",
      message: "Agotado: Tempo Knit Running Shoe — Coral / 38",
    });
    expect(removeFromCart(added.items, "shoe:v42").toast.message).toBe(
      "Tempo Knit Running Shoe — Coral / 42 removido del carrito",
    );
    expect(cartLineTitle({ title: "Reloj" })).toBe("Reloj");
  });

  it("changes only the line it is given", () => {
    let items = addToCart([], shoe("v42", "42", 5)).items;
    items = addToCart(items, shoe("v38", "38", 5)).items;
    const set = setCartItemQuantity(items, "shoe:v38", 4).items;
    expect(set.map((i) => i.orderQuantity)).toEqual([1, 4]);
    expect(decrementCartItem(set, "shoe:v42").items.map(cartLineKey)).toEqual(["shoe:v38"]);
    expect(buyNow(items, shoe("v38", "38", 5), 3).items.map((i) => i.orderQuantity)).toEqual([1, 3]);
  });

  it("keeps a line stored before variants, known by its product id, beside a variant's line", () => {
    const old = [item({ id: "shoe", title: "Tempo Knit Running Shoe" }, 2)];
    const stored = parseStoredCart<Product>(JSON.stringify(old));
    expect(stored).toEqual(old);
    expect(cartLineKey(stored[0]!)).toBe("shoe");
    const both = addToCart(stored, shoe("v42", "42", 5)).items;
    expect(both.map(cartLineKey)).toEqual(["shoe", "shoe:v42"]);
    expect(parseStoredCart<Product>(JSON.stringify(both))).toEqual(both);
    expect(incrementCartItem(both, "shoe").items[0]?.orderQuantity).toBe(3);
  });

  it("resets a stored cart that holds the same variant twice", () => {
    const line = { ...shoe("v42", "42", 5), orderQuantity: 1 };
    expect(parseStoredCart(JSON.stringify([line, line]))).toEqual([]);
    expect(parseStoredCart(JSON.stringify([line, { ...line, variantId: "v38" }]))).toHaveLength(2);
  });
});

describe("chooseCartLineVariant (a line stored before sizes)", () => {
  // The stored line knows its product, not its variant; the shopper chooses one on the line.
  const stored = item({ id: "shoe", title: "Zapato", quantity: 9 }, 2);
  const inSize = (variantId: string, size: string, quantity: number): Product => ({
    ...product({ id: "shoe", title: "Zapato", quantity, status: quantity > 0 ? "in-stock" : "out-of-stock" }),
    variantId,
    variantSku: `SHOE-${size}`,
    variantOptions: { Size: size },
  });

  it("puts the variant chosen in the line's place, with its quantity", () => {
    const mug = item({ id: "mug", title: "Taza" });
    const result = chooseCartLineVariant(frozen([stored, mug]), "shoe", inSize("v42", "42", 5));
    expect(result.changed).toBe(true);
    expect(result.items.map(cartLineKey)).toEqual(["shoe:v42", "mug"]);
    expect(result.items[0]).toMatchObject({ variantId: "v42", orderQuantity: 2, quantity: 5 });
    expect(result.toast).toEqual({ type: "success", message: "Cantidad actualizada: 2 x Zapato — 42" });
  });

  it("adds to the line of that variant when the cart has one, never above its stock", () => {
    const already = { ...inSize("v42", "42", 3), orderQuantity: 2 };
    const result = chooseCartLineVariant(frozen([already, stored]), "shoe", inSize("v42", "42", 3));
    expect(result.items).toHaveLength(1);
    expect(result.items[0]).toMatchObject({ variantId: "v42", orderQuantity: 3 });
    expect(result.toast).toEqual({ type: "info", message: cartMessages.insufficientStock(3) });
  });

  it("refuses a sold-out variant and leaves the line as it was", () => {
    const items = frozen([stored]);
    const result = chooseCartLineVariant(items, "shoe", inSize("v38", "38", 0));
    expect(result).toEqual({
      items: [stored],
      toast: { type: "error", message: "Agotado: Zapato — 38" },
      changed: false,
    });
    expect(chooseCartLineVariant(items, "gone", inSize("v42", "42", 5)).toast).toEqual({
      type: "error",
      message: cartMessages.notInCart,
    });
  });
});
