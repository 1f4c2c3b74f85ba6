/** The suggestions and did-you-mean routes through the HTTP API. */
import {
  didYouMeanSchema,
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  searchSuggestionsSchema,
} from "@shop/domain/search";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../test/app.ts";

let shop: TestShop;
const get = (url: string) => shop.app.inject({ method: "GET", url });

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("GET /product/search/suggestions", () => {
  it("answers products and categories for a query being typed", async () => {
    const res = await get("/api/product/search/suggestions?query=headph");
    expect(res.statusCode, res.body).toBe(200);
    const body = searchSuggestionsSchema.parse(res.json());
    expect(body.query).toBe("headph");
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(SUGGEST_MAX_PRODUCTS);
    expect(body.categories.length).toBeLessThanOrEqual(SUGGEST_MAX_CATEGORIES);
    expect(body.products[0]?.title.toLowerCase()).toContain("headph");
  });

  it("answers nothing under two letters", async () => {
    const body = searchSuggestionsSchema.parse((await get("/api/product/search/suggestions?query=h")).json());
    expect(body).toEqual({ query: "h", products: [], categories: [] });
  });
});

describe("GET /product/search/did-you-mean", () => {
  it("answers the schema's shape", async () => {
    const res = await get("/api/product/search/did-you-mean?query=hedphones");
    expect(res.statusCode, res.body).toBe(200);
    expect(didYouMeanSchema.parse(res.json()).query).toBe("hedphones");
  });
});
