import { describe, expect, it } from "vitest";
import { changeListing, hasFilters, readListing, safeForApi, shownOptions } from "./listing.ts";

describe("the listing's URL", () => {
  it("reads every filter, the sort and the page", () => {
    expect(
      readListing(
        "?minPrice=10&maxPrice=99.5&status=on-sale&category=Headphones%20%26%20Audio&subCategory=earbuds&brand=aurivox&searchText=wireless&productType=electronics&sort=low-to-high&page=2",
      ),
    ).toEqual({
      minPrice: 10,
      maxPrice: 99.5,
      status: "on-sale",
      category: "headphones-audio",
      subCategory: "earbuds",
      brand: "aurivox",
      searchText: "wireless",
      productType: "electronics",
      sort: "low-to-high",
      page: 2,
    });
  });

  it("drops what it cannot read instead of failing: minPrice=abc, page=-3, sort=cheapest", () => {
    expect(readListing("?minPrice=abc&page=-3&sort=cheapest&status=sold&productType=cars")).toEqual({});
  });

  it("keeps the spelling low-to-hight, which one variant uses", () => {
    expect(readListing("?sort=low-to-hight").sort).toBe("low-to-hight");
  });

  it("never asks the API what it refuses with a 400", () => {
    expect(readListing("?minPrice=50&maxPrice=10")).toEqual({ minPrice: 50 });
    expect(readListing("?maxPrice=20000000")).toEqual({});
    expect(readListing(`?category=${"a".repeat(201)}`)).toEqual({});
    expect(readListing("?page=2000000")).toEqual({});
    const words = Array.from({ length: 14 }, (_, i) => `w${i}`).join(" ");
    expect(readListing(`?searchText=${encodeURIComponent(words)}`).searchText?.split(" ")).toHaveLength(10);
    expect(safeForApi({ searchText: "x".repeat(500) }).searchText).toHaveLength(200);
    // A repeated word counts once, as the API counts it: "red" ten times and "shoes" is two words.
    expect(safeForApi({ searchText: `${"red ".repeat(10)}shoes` }).searchText).toBe("red shoes");
  });

  it("goes back to page 1 when a filter or the sort changes, but not when the page does", () => {
    expect(changeListing({ category: "rings", page: 4 }, { brand: "lumen-co" })).toEqual({
      category: "rings",
      brand: "lumen-co",
    });
    expect(changeListing({ category: "rings", page: 4 }, { page: 5 })).toEqual({
      category: "rings",
      page: 5,
    });
    expect(changeListing({ sort: "low-to-high", page: 2 }, { sort: "default-sorting" })).toEqual({});
  });

  it("clears a filter given as undefined", () => {
    expect(changeListing({ category: "rings", subCategory: "gold" }, { category: undefined })).toEqual({
      subCategory: "gold",
    });
  });

  it("tells filters apart from the sort and the page", () => {
    expect(hasFilters({ sort: "on-sale", page: 2 })).toBe(false);
    expect(hasFilters({ brand: "aurivox" })).toBe(true);
    expect(hasFilters({ searchText: undefined, sort: "new-added" })).toBe(false);
  });
});

describe("the filters' options", () => {
  it("leave out the options no product matches, but keep the one chosen so it can be cleared", () => {
    const categories = [
      { slug: "headphones-audio", name: "Headphones & Audio", count: 14 },
      { slug: "mens-clothing", name: "Men's Clothing", count: 0 },
      { slug: "cameras", name: "Cameras", count: 3 },
    ];
    expect(shownOptions(categories).map((o) => o.slug)).toEqual(["headphones-audio", "cameras"]);
    expect(shownOptions(categories, "mens-clothing").map((o) => o.slug)).toEqual([
      "headphones-audio",
      "mens-clothing",
      "cameras",
    ]);
  });
});
