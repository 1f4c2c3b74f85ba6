/** The suggestions and did-you-mean routes through the HTTP API, on the sample shop. */
import type { Category, Product } from "@shop/domain/schemas/public";
import {
  didYouMeanSchema,
  type SearchSuggestions,
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  searchSuggestionsSchema,
} from "@shop/domain/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let products: Product[];
const get = (url: string) => shop.app.inject({ method: "GET", url });

async function suggest(query: string): Promise<SearchSuggestions> {
  const res = await get(`/api/product/search/suggestions?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return searchSuggestionsSchema.parse(res.json());
}

async function meant(query: string): Promise<string | null> {
  const res = await get(`/api/product/search/did-you-mean?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = didYouMeanSchema.parse(res.json());
  expect(body.query).toBe(query.trim());
  return body.suggestion;
}

async function total(query: string): Promise<number> {
  const res = await get(`/api/product/search?query=${encodeURIComponent(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers["x-total-count"]);
}

beforeAll(async () => {
  shop = await createTestShop();
  products = (await get("/api/product?pageSize=100")).json() as Product[];
});
afterAll(async () => {
  await shop?.close();
});

describe("GET /product/search/suggestions", () => {
  it("answers products (with their picture and USD price) and categories for a word being typed", async () => {
    const body = await suggest("headph");
    expect(body.query).toBe("headph");
    expect(body.products.length).toBeGreaterThanOrEqual(2);
    expect(body.products.length).toBeLessThanOrEqual(SUGGEST_MAX_PRODUCTS);
    for (const p of body.products.slice(0, 2)) expect(p.title).toMatch(/headphones/i);
    for (const p of body.products) {
      const product = products.find((x) => x.id === p.id)!;
      expect(p).toEqual({
        id: product.id,
        title: product.title,
        image: product.img || null,
        price: product.price,
        discount: product.discount,
      });
    }
    expect(body.categories[0]?.name).toBe("Headphones & Audio");
    expect(body.categories.length).toBeLessThanOrEqual(SUGGEST_MAX_CATEGORIES);
  });

  it("completes the last word, forgives typos and reads Spanish", async () => {
    expect((await suggest("lipst")).products[0]?.title).toMatch(/lipstick/i);
    expect((await suggest("wireless head")).products[0]?.title).toBe("Aurora ANC Wireless Headphones");
    expect((await suggest("hedphon")).products[0]?.title).toMatch(/headphones/i);
    expect((await suggest("neckla")).products[0]?.title).toMatch(/necklace/i);
    expect((await suggest("audífonos")).products[0]?.title).toMatch(/headphones/i);
    expect((await suggest("arete")).products[0]?.title).toMatch(/earrings/i);
    const rings = await suggest("ring");
    expect(rings.categories[0]?.name).toBe("Rings");
  });

  it("never answers more than six products and three categories", async () => {
    for (const query of ["sh", "ea", "wa", "s m", "the"]) {
      const body = await suggest(query);
      expect(body.products.length).toBeLessThanOrEqual(SUGGEST_MAX_PRODUCTS);
      expect(body.categories.length).toBeLessThanOrEqual(SUGGEST_MAX_CATEGORIES);
    }
    // As many as the search finds, up to six.
    for (const query of ["ring", "watch", "dress"]) {
      expect((await suggest(query)).products.length).toBe(Math.min(SUGGEST_MAX_PRODUCTS, await total(query)));
    }
  });

  it("answers nothing under two letters, and nothing for nonsense", async () => {
    expect(await suggest("h")).toEqual({ query: "h", products: [], categories: [] });
    expect(await suggest("  ")).toEqual({ query: "", products: [], categories: [] });
    expect(await suggest("xqzvbnm")).toEqual({ query: "xqzvbnm", products: [], categories: [] });
  });

  it("refuses a query over 200 characters with a clear 400", async () => {
    const res = await get(`/api/product/search/suggestions?query=${"a".repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/query/);
  });

  it("lists categories that hold products", async () => {
    const categories = (await get("/api/categories?pageSize=100")).json() as Category[];
    for (const query of ["wat", "bag", "perf"]) {
      for (const c of (await suggest(query)).categories) {
        expect(categories.find((x) => x.id === c.id)?.productCount).toBeGreaterThan(0);
      }
    }
  });
});

describe("GET /product/search/did-you-mean", () => {
  it("corrects a misspelt query to one that finds products", async () => {
    for (const [query, expected] of [
      ["hedphones", "headphones"],
      ["lipstik", "lipstick"],
      ["saphire", "sapphire"],
      ["denim jackit", "denim jacket"],
    ] as const) {
      const suggestion = await meant(query);
      expect(suggestion, query).toBe(expected);
      expect(await total(suggestion!)).toBeGreaterThan(0);
    }
  });

  it("suggests a wider miss than the search forgives", async () => {
    // Two edits in a five-letter word: the search finds nothing, the suggestion does.
    expect(await total("wotch")).toBeGreaterThan(0);
    expect(await total("wutxh")).toBe(0);
    const suggestion = await meant("wutxh");
    expect(suggestion).toBe("watch");
  });

  it("leaves out a short word with no near neighbour rather than turning it into another word", async () => {
    // No blue lipstick in the shop, and "blue" is two edits from "be": the suggestion is the lipstick alone.
    expect(await total("blue lipstik")).toBe(0);
    expect(await meant("blue lipstik")).toBe("lipstick");
  });

  it("answers the query's best word when the words find nothing together", async () => {
    expect(await total("diamond sneakers")).toBe(0);
    const suggestion = await meant("diamond sneakers");
    expect(suggestion === "diamond" || suggestion === "sneakers").toBe(true);
  });

  it("answers null for a query already spelt as the catalogue spells it, and for nonsense", async () => {
    expect(await meant("headphones")).toBeNull();
    expect(await meant("xqzvbnmlk")).toBeNull();
    expect(await meant("")).toBeNull();
  });
});
