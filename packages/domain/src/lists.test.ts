// Wishlist and compare toggles, wishlist add/remove errors and the stored lists.
import { describe, expect, it } from "vitest";
import {
  addToWishlist,
  type ListProduct,
  removeFromWishlist,
  toggleCompare,
  toggleWishlist,
} from "./lists.ts";
import { parseStoredList } from "./stored-lists.ts";

interface Product extends ListProduct {
  price: number;
}

const lamp: Product = { id: "l1", title: "Lamp", price: 10 };
const desk: Product = { id: "d1", title: "Desk", price: 90 };

describe("toggleWishlist", () => {
  it("adds an absent product", () => {
    const result = toggleWishlist(Object.freeze([desk]), lamp);
    expect(result).toEqual({
      items: [desk, lamp],
      toast: { type: "success", message: "Lamp added to wishlist" },
      added: true,
    });
  });

  it("removes a present product, matched by id", () => {
    const result = toggleWishlist(Object.freeze([desk, lamp]), { ...lamp, price: 12 });
    expect(result).toEqual({
      items: [desk],
      toast: { type: "info", message: "Lamp removed from wishlist" },
      added: false,
    });
  });
});

describe("toggleCompare", () => {
  it("adds an absent product and removes a present one", () => {
    const added = toggleCompare([], lamp);
    expect(added).toEqual({
      items: [lamp],
      toast: { type: "success", message: "Lamp added to compare" },
      added: true,
    });
    const removed = toggleCompare(added.items, lamp);
    expect(removed).toEqual({
      items: [],
      toast: { type: "info", message: "Lamp remove to compare" },
      added: false,
    });
  });
});

describe("addToWishlist", () => {
  it("adds a product", () => {
    expect(addToWishlist([desk], lamp)).toEqual({
      ok: true,
      items: [desk, lamp],
      toast: { type: "success", message: "Lamp added to wishlist" },
    });
  });

  it("says 'Product not found' for a missing product", () => {
    expect(addToWishlist<Product>([], null)).toEqual({ ok: false, error: "Product not found" });
    expect(addToWishlist<Product>([], undefined)).toEqual({ ok: false, error: "Product not found" });
    expect(addToWishlist([], { ...lamp, id: "" })).toEqual({ ok: false, error: "Product not found" });
  });

  it("says 'Product already in wishlist' for a duplicate", () => {
    expect(addToWishlist([lamp], lamp)).toEqual({ ok: false, error: "Product already in wishlist" });
  });
});

describe("removeFromWishlist", () => {
  it("removes a product", () => {
    expect(removeFromWishlist(Object.freeze([lamp, desk]), "l1")).toEqual({
      ok: true,
      items: [desk],
      toast: { type: "info", message: "Lamp removed from wishlist" },
    });
  });

  it("says 'Product not found' when it is not there", () => {
    expect(removeFromWishlist([desk], "l1")).toEqual({ ok: false, error: "Product not found" });
  });
});

describe("parseStoredList", () => {
  it("reads a stored array back", () => {
    expect(parseStoredList<Product>(JSON.stringify([lamp, desk]))).toEqual([lamp, desk]);
  });

  it("reads the list kept under the anonymous user key", () => {
    expect(parseStoredList<Product>(JSON.stringify({ anonymous: [lamp] }))).toEqual([lamp]);
    expect(parseStoredList<Product>(JSON.stringify({ someone: [lamp] }))).toEqual([]);
  });

  it("keeps the first of a repeated id", () => {
    expect(parseStoredList<Product>(JSON.stringify([lamp, { ...lamp, price: 99 }, desk]))).toEqual([
      lamp,
      desk,
    ]);
  });

  it("gives [] for anything malformed", () => {
    const bad = [
      null,
      undefined,
      "",
      "{",
      "null",
      "42",
      JSON.stringify([{ title: "No id" }]),
      JSON.stringify([{ id: 7, title: "Numeric id" }]),
      JSON.stringify([{ id: "x" }]),
      JSON.stringify([lamp, null]),
    ];
    for (const raw of bad) expect(parseStoredList(raw)).toEqual([]);
  });
});
