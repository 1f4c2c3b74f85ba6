/**
 * The API's listing and the storefront's offline catalogue (@shop/domain/catalogue's queryProducts, here over the
 * whole sample the API seeds: the 40 products the storefront ships and the range beside them) list alike: the same products for every sort and filter, in the same order of their
 * sort keys, new-added the same last 6, and the same price range. Equal keys may fall in another order: the API
 * breaks ties by its uuids, the offline catalogue by its slugs.
 */
import { type ListingFilters, priceRange, queryProducts, SORT_OPTIONS } from "@shop/domain/catalogue";
import { NEW_ADDED_COUNT } from "@shop/domain/constants";
import { discountedPriceCents } from "@shop/domain/pricing";
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import { sampleRecords } from "@shop/domain/sample-catalogue/records";
import type { Product, ProductFacets } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProducts, createTestShop, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let offline: ReturnType<typeof sampleRecords>["products"];

beforeAll(async () => {
  shop = await createTestShop();
  offline = sampleRecords(shop.seededAt.getTime(), seededProducts).products;
});
afterAll(async () => {
  await shop?.close();
});

type Listed = Pick<Product, "slug" | "price" | "discount" | "createdAt">;

const shownCents = (p: Listed) => discountedPriceCents(Math.round(p.price * 100), p.discount ?? 0);

/** What a sort orders by, for comparing two listings whose equal keys may be in another order. */
function keyOf(sort: ListingFilters["sort"]): (p: Listed) => number {
  switch (sort) {
    case "low-to-high":
    case "low-to-hight":
    case "high-to-low":
      return shownCents;
    case "on-sale":
      return (p) => p.discount ?? 0;
    default:
      return (p) => Date.parse(p.createdAt);
  }
}

/** Every product of a listing, page after page (more than a page of 100 match some filters). */
async function apiListing(query: string): Promise<{ items: Product[]; total: number }> {
  const items = await allProducts(shop.app, query);
  return { items, total: items.length };
}

/** Every product the offline catalogue lists for the filters, page after page. */
function localListing(filters: ListingFilters): { items: Listed[]; totalCount: number } {
  const items: Listed[] = [];
  for (let page = 1; ; page++) {
    const answer = queryProducts(offline, { ...filters, page, pageSize: 100 });
    items.push(...answer.items);
    if (items.length >= answer.totalCount || answer.items.length === 0)
      return { items, totalCount: answer.totalCount };
  }
}

const FILTERS: ListingFilters[] = [
  {},
  { productType: "fashion" },
  { status: "in-stock" },
  { status: "on-sale" },
  { category: "headphones-audio" },
  { minPrice: 20, maxPrice: 150 },
  { productType: "electronics", status: "in-stock", minPrice: 50 },
];

const queryOf = (filters: ListingFilters) =>
  new URLSearchParams(
    Object.entries(filters).map(([key, value]) => [key, String(value)] as [string, string]),
  ).toString();

describe("the API's listing and the offline catalogue", () => {
  it("list the same products, in the same order of their keys, for every sort and filter", async () => {
    for (const sort of [undefined, ...SORT_OPTIONS]) {
      for (const filters of FILTERS) {
        const wanted = { ...filters, ...(sort ? { sort } : {}) };
        const label = queryOf(wanted) || "(none)";
        const api = await apiListing(queryOf(wanted));
        const local = localListing(wanted);
        expect(api.total, label).toBe(local.totalCount);
        expect(api.items.map((p) => p.slug).sort(), label).toEqual(local.items.map((p) => p.slug).sort());
        const key = keyOf(sort);
        expect(api.items.map(key), label).toEqual(local.items.map(key));
      }
    }
  });

  it("give new-added as the last 6 products, newest first", async () => {
    const api = await apiListing("sort=new-added");
    const local = queryProducts(offline, { sort: "new-added" });
    expect(api.total).toBe(NEW_ADDED_COUNT);
    expect(local.totalCount).toBe(NEW_ADDED_COUNT);
    expect(api.items.map((p) => p.slug)).toEqual(local.items.map((p) => p.slug));
  });

  it("run the price filter from 0 to the same highest displayed price", async () => {
    for (const filters of FILTERS) {
      const { minPrice: _min, maxPrice: _max, ...rest } = filters;
      const res = await shop.app.inject({ url: `/api/product/facets?${queryOf(filters)}` });
      const facets = res.json() as ProductFacets;
      const local = localListing(rest).items;
      expect(facets.price, queryOf(filters)).toEqual(priceRange(local));
    }
  });
});
