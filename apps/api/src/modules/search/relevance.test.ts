/**
 * The relevance set: shoppers' queries on the sample shop and what they must find first, through the real API on
 * the test engine (PGlite, or PostgreSQL with TEST_DATABASE_URL). Typos, Spanish, accents, British spellings,
 * hyphens and spaces, singular and plural, precision, and nonsense that must find nothing.
 */
import type { Product } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/app.ts";

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

async function search(query: string): Promise<{ products: Product[]; total: number }> {
  const res = await shop.app.inject({
    method: "GET",
    url: `/api/product/search?query=${encodeURIComponent(query)}&pageSize=50`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { products: res.json() as Product[], total: Number(res.headers["x-total-count"]) };
}

/** What a query must find: the first result's title holds `top` (a regex); every one of the first `all` too. */
interface Case {
  query: string;
  /** The first `count` results (default 1) each have a title matching this. */
  first: RegExp;
  count?: number;
  /** Or: the first `count` results are in the category with this name. */
  category?: string;
}

const FINDS: Case[] = [
  // As typed
  { query: "headphones", first: /headphones/i, count: 2 },
  { query: "Headphones", first: /headphones/i, count: 2 },
  // Typos: one edit from five letters, two from nine
  { query: "hedphones", first: /headphones/i, count: 2 },
  { query: "headphnoes", first: /headphones/i, count: 2 },
  { query: "labtop", first: /laptop|ultrabook/i, count: 2 },
  { query: "lipstik", first: /lipstick/i },
  { query: "lipstcik", first: /lipstick/i },
  { query: "earings", first: /earrings/i, count: 2 },
  { query: "neckless", first: /necklace/i, count: 2 },
  { query: "smartwhatch", first: /smartwatch/i },
  { query: "moisturzer", first: /moisturizer/i },
  { query: "sapphrie ring", first: /sapphire/i },
  { query: "sneeker", first: /sneaker/i },
  // Singular and plural
  { query: "watchs", first: /watch/i, count: 3 },
  { query: "watches", first: /watch/i, count: 3 },
  { query: "earring", first: /earrings/i, count: 2 },
  { query: "dresses", first: /dress/i, count: 2 },
  { query: "serums", first: /serum/i, count: 2 },
  // British and American
  { query: "moisturiser", first: /moisturizer/i },
  { query: "moisturizers", first: /moisturizer|cream/i, count: 2 },
  // Hyphens and spaces
  { query: "tshirt", first: /t-shirt|tee/i, count: 2 },
  { query: "t-shirt", first: /t-shirt|tee/i, count: 2 },
  { query: "t shirt", first: /t-shirt|tee/i, count: 2 },
  { query: "smart phone", first: /smartphone/i, count: 2 },
  { query: "smart watch", first: /smartwatch/i },
  { query: "wifi tablet", first: /tablet/i },
  // Spanish, with and without accents
  { query: "reloj", first: /watch/i, count: 3 },
  { query: "relojes", first: /watch/i, count: 3 },
  { query: "audifonos", first: /headphones/i, count: 2 },
  { query: "audífonos", first: /headphones/i, count: 2 },
  { query: "AUDÍFONOS", first: /headphones/i, count: 2 },
  { query: "aretes", first: /earrings/i, count: 2 },
  { query: "bocina", first: /speaker/i },
  { query: "bocinas", first: /speaker/i },
  { query: "celular", first: /smartphone/i, count: 2 },
  { query: "cartera", first: /handbag/i },
  { query: "tenis", first: /sneaker|running shoe/i, count: 2 },
  { query: "collar", first: /necklace/i, count: 2 },
  { query: "anillo", first: /ring|band/i, count: 3 },
  { query: "labial", first: /lipstick/i },
  { query: "camiseta", first: /t-shirt|tee/i, count: 2 },
  { query: "computadora", first: /laptop|ultrabook/i, count: 2 },
  { query: "reloj inteligente", first: /smartwatch/i },
  { query: "audifonos inalambricos", first: /wireless headphones/i },
  { query: "aretes de perla", first: /pearl .*earrings/i },
  // Precision: a query naming a category lists it first
  { query: "ring", first: /.*/, category: "Rings", count: 3 },
  { query: "rings", first: /.*/, category: "Rings", count: 3 },
  { query: "watch", first: /.*/, category: "Watches", count: 3 },
  { query: "dress", first: /dress/i, count: 2 },
  // Exact before fuzzy
  { query: "jacket", first: /jacket/i, count: 2 },
  // A correction inside a title word before a match outside the title (`iphone` → the phone of "Smartphone")
  { query: "iphone", first: /phone/i, count: 2 },
];

describe("the relevance set", () => {
  for (const c of FINDS) {
    it(`${c.query} → ${c.category ?? c.first}`, async () => {
      const { products, total } = await search(c.query);
      const titles = products.map((p) => `${p.title} (${p.category.name})`);
      expect(total, `${c.query}: ${titles.join("; ")}`).toBeGreaterThanOrEqual(c.count ?? 1);
      for (const p of products.slice(0, c.count ?? 1)) {
        if (c.category) expect(p.category.name, titles.join("; ")).toBe(c.category);
        else expect(p.title, titles.join("; ")).toMatch(c.first);
      }
    });
  }

  for (const query of ["jewellery", "jewelry", "jewlery", "joyería"]) {
    it(`${query} lists the jewelry`, async () => {
      const { products, total } = await search(query);
      expect(total).toBeGreaterThanOrEqual(8);
      for (const p of products) expect(p.productType, p.title).toBe("jewelry");
    });
  }

  it("ring lists every ring before any earring", async () => {
    const { products } = await search("ring");
    const categories = products.map((p) => p.category.name);
    const lastRing = categories.lastIndexOf("Rings");
    const firstEarring = categories.indexOf("Earrings");
    expect(lastRing, categories.join(", ")).toBeGreaterThanOrEqual(2);
    if (firstEarring >= 0) expect(firstEarring, categories.join(", ")).toBeGreaterThan(lastRing);
  });

  for (const nonsense of ["xqzvbnm", "qwrtpsdf", "zzzzzz", "blorptastic", "hjkl asdf"]) {
    it(`${nonsense} finds nothing`, async () => {
      const { products, total } = await search(nonsense);
      expect(total, products.map((p) => p.title).join("; ")).toBe(0);
    });
  }

  it("short words are not corrected: a wrong three-letter word finds nothing", async () => {
    expect((await search("zqx")).total).toBe(0);
  });

  it("a word known as typed is not widened by corrections", async () => {
    // "shirt" is a catalogue word: "skirt" and "short" products (none here) would not come with it.
    const { products } = await search("satin");
    expect(products.map((p) => p.title).sort()).toEqual(["Satin Cami Top", "Satin Slip Midi Dress"]);
  });
});
