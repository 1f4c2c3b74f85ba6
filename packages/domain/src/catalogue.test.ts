// Slugs, listing query parsing and writing, filtering, sorting, price range and in-memory paging.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CatalogueProduct,
  filterProducts,
  LISTING_STATUSES,
  type ListingFilters,
  listingOrder,
  parseListingQuery,
  priceRange,
  priceRangeOfCents,
  queryProducts,
  type SearchParams,
  SORT_OPTIONS,
  slugify,
  sortProducts,
  toListingQuery,
} from "./catalogue.ts";
import { PRODUCT_TYPES } from "./constants.ts";

// The package's lib has no DOM types; the runtime (Node) has the real URLSearchParams.
const { URLSearchParams } = globalThis as unknown as { URLSearchParams: new (init?: string) => SearchParams };

const headphones: CatalogueProduct = {
  id: "p1",
  title: "Sony WH-1000",
  price: 100,
  discount: 10,
  status: "in-stock",
  parent: "Headphones & Audio",
  children: "Over Ear",
  brand: { name: "Sony" },
  category: { name: "Electronics" },
  productType: "electronics",
  tags: ["wireless", "noise-cancelling"],
  sku: "SONY-1000",
  featured: true,
  createdAt: "2026-01-01T00:00:00Z",
};
const ring: CatalogueProduct = {
  id: "p2",
  title: "Gold Ring",
  price: 250,
  discount: 0,
  status: "out-of-stock",
  parent: null,
  children: "Rings",
  brand: { name: "Tiffany & Co" },
  category: { name: "Fine   Jewelry" },
  productType: "jewelry",
  createdAt: "2026-01-05T00:00:00Z",
};
const lipstick: CatalogueProduct = {
  id: "p3",
  title: "Lipstick",
  price: 12.5,
  discount: 20,
  status: "in-stock",
  parent: "Beauty",
  children: "Lips",
  brand: { name: "L'Oréal" },
  productType: "beauty",
  description: "Long lasting RED colour",
  createdAt: "2026-01-03T00:00:00Z",
};
const shirt: CatalogueProduct = {
  id: "p4",
  title: "T-Shirt",
  price: 20,
  discount: null,
  status: "in-stock",
  parent: "Clothing",
  children: "Men's Wear",
  brand: { name: "Nike" },
  productType: "fashion",
};
const speaker: CatalogueProduct = {
  id: "p5",
  title: "Speaker",
  price: 90,
  discount: 0,
  status: "in-stock",
  parent: "Headphones & Audio",
  children: "Speakers",
  brand: { name: "JBL" },
  productType: "electronics",
  createdAt: "2026-01-02T00:00:00Z",
};
const products = [headphones, ring, lipstick, shirt, speaker];
const ids = (list: readonly { id: string }[]) => list.map((p) => p.id);

describe("slugify", () => {
  it("lowercases, removes ampersands and collapses whitespace into one hyphen", () => {
    expect(slugify("Headphones & Audio")).toBe("headphones-audio");
    expect(slugify("  Rings   Gold ")).toBe("rings-gold");
    expect(slugify("Tiffany&Co")).toBe("tiffanyco");
    expect(slugify("Men's\tWear\n")).toBe("men's-wear");
    expect(slugify("Café Ñandú")).toBe("café-ñandú");
    expect(slugify("&")).toBe("");
  });

  it("changes nothing else: hyphens already there stay", () => {
    expect(slugify("Rings - Gold")).toBe("rings---gold");
    expect(slugify("already-a-slug")).toBe("already-a-slug");
  });

  it("is idempotent and leaves no uppercase, whitespace or ampersand", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (name) => {
        const slug = slugify(name);
        expect(slugify(slug)).toBe(slug);
        expect(slug).not.toMatch(/[\s&]/);
        expect(slug).toBe(slug.toLowerCase());
      }),
    );
  });
});

describe("SORT_OPTIONS and LISTING_STATUSES", () => {
  it("hold the spec's values, misspelling included", () => {
    expect(SORT_OPTIONS).toEqual([
      "default-sorting",
      "low-to-high",
      "low-to-hight",
      "high-to-low",
      "new-added",
      "on-sale",
    ]);
    expect(LISTING_STATUSES).toEqual(["on-sale", "in-stock"]);
  });
});

describe("parseListingQuery", () => {
  it("reads every filter from URLSearchParams", () => {
    const params = new URLSearchParams(
      "minPrice=10&maxPrice=99.5&status=on-sale&category=Headphones%20%26%20Audio&subCategory=Over+Ear" +
        "&brand=Sony&searchText=+wireless+&productType=electronics&featured=true&sort=low-to-hight&page=2&pageSize=24",
    );
    expect(parseListingQuery(params)).toEqual({
      minPrice: 10,
      maxPrice: 99.5,
      status: "on-sale",
      category: "headphones-audio",
      subCategory: "over-ear",
      brand: "sony",
      searchText: "wireless",
      productType: "electronics",
      featured: true,
      sort: "low-to-hight",
      page: 2,
      pageSize: 24,
    });
  });

  it("reads a plain record, taking the first of repeated values, and URL-decodes slugs", () => {
    expect(
      parseListingQuery({
        category: "Headphones%20%26%20Audio",
        brand: ["Nike", "Sony"],
        featured: "0",
        page: undefined,
      }),
    ).toEqual({ category: "headphones-audio", brand: "nike", featured: false });
  });

  it("keeps a malformed escape as it is", () => {
    expect(parseListingQuery({ category: "100%", brand: "%E0%A4%A" })).toEqual({
      category: "100%",
      brand: "%e0%a4%a",
    });
  });

  it("drops what does not parse", () => {
    expect(
      parseListingQuery({
        minPrice: "-1",
        maxPrice: "abc",
        status: "sale",
        category: " & ",
        subCategory: "",
        searchText: "   ",
        productType: "toys",
        featured: "yes",
        sort: "cheapest",
        page: "0",
        pageSize: "2.5",
      }),
    ).toEqual({});
    expect(parseListingQuery({ minPrice: "", maxPrice: "1,000", page: "-3", pageSize: "0" })).toEqual({});
  });

  it("accepts prices from 0, and any case for the product type", () => {
    expect(parseListingQuery({ minPrice: "0", maxPrice: ".5", productType: "Beauty" })).toEqual({
      minPrice: 0,
      maxPrice: 0.5,
      productType: "beauty",
    });
  });

  it("caps pageSize at MAX_PAGE_SIZE", () => {
    expect(parseListingQuery({ pageSize: "500" })).toEqual({ pageSize: 100 });
  });
});

describe("toListingQuery", () => {
  it("writes slugs and leaves out empty and invalid values", () => {
    const query = toListingQuery({
      minPrice: 10,
      maxPrice: Number.NaN,
      category: "Headphones & Audio",
      brand: "",
      searchText: "  ",
      sort: "low-to-high",
      page: 0,
    });
    expect(query.toString()).toBe("minPrice=10&category=headphones-audio&sort=low-to-high");
    expect(query.get("category")).toBe("headphones-audio");
    expect(toListingQuery({}).toString()).toBe("");
  });

  it("escapes a percent sign in a slug so the reader's extra decoding gives it back", () => {
    expect(parseListingQuery(toListingQuery({ category: "50%25off" }))).toEqual({ category: "50%25off" });
    expect(parseListingQuery(toListingQuery({ brand: "100%" }))).toEqual({ brand: "100%" });
  });

  it("round-trips with parseListingQuery", () => {
    const slug = fc
      .string({ unit: "grapheme" })
      .map(slugify)
      .filter((s) => s !== "");
    const filters = fc.record(
      {
        minPrice: fc.double({ min: 0, max: 1e6, noNaN: true }),
        maxPrice: fc.integer({ min: 0, max: 10 ** 6 }),
        status: fc.constantFrom(...LISTING_STATUSES),
        category: slug,
        subCategory: slug,
        brand: slug,
        searchText: fc
          .string({ unit: "grapheme" })
          .map((s) => s.trim())
          .filter((s) => s !== ""),
        productType: fc.constantFrom(...PRODUCT_TYPES),
        featured: fc.boolean(),
        sort: fc.constantFrom(...SORT_OPTIONS),
        page: fc.integer({ min: 1, max: 10 ** 6 }),
        pageSize: fc.integer({ min: 1, max: 100 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, (f: ListingFilters) => {
        expect(parseListingQuery(toListingQuery(f))).toEqual(f);
        expect(parseListingQuery(new URLSearchParams(toListingQuery(f).toString()))).toEqual(f);
      }),
    );
  });
});

describe("filterProducts", () => {
  it("filters on the displayed (discounted) price, bounds included", () => {
    // Displayed: headphones 90, ring 250, lipstick 10, shirt 20, speaker 90.
    expect(ids(filterProducts(products, { minPrice: 90, maxPrice: 90 }))).toEqual(["p1", "p5"]);
    expect(ids(filterProducts(products, { maxPrice: 10 }))).toEqual(["p3"]);
    expect(ids(filterProducts(products, { minPrice: 95 }))).toEqual(["p2"]);
  });

  it("filters on status: on-sale means a discount, in-stock the status", () => {
    expect(ids(filterProducts(products, { status: "on-sale" }))).toEqual(["p1", "p3"]);
    expect(ids(filterProducts(products, { status: "in-stock" }))).toEqual(["p1", "p3", "p4", "p5"]);
  });

  it("matches the category by slug of the parent, else of category.name", () => {
    expect(ids(filterProducts(products, { category: "headphones-audio" }))).toEqual(["p1", "p5"]);
    expect(ids(filterProducts(products, { category: "Headphones & Audio" }))).toEqual(["p1", "p5"]);
    expect(ids(filterProducts(products, { category: "fine-jewelry" }))).toEqual(["p2"]);
    expect(ids(filterProducts(products, { category: "electronics" }))).toEqual([]);
  });

  it("matches subCategory and brand by slug", () => {
    expect(ids(filterProducts(products, { subCategory: "men's-wear" }))).toEqual(["p4"]);
    expect(ids(filterProducts(products, { brand: "tiffany-co" }))).toEqual(["p2"]);
    expect(ids(filterProducts(products, { brand: "l'oréal" }))).toEqual(["p3"]);
  });

  it("filters on product type and featured", () => {
    expect(ids(filterProducts(products, { productType: "electronics" }))).toEqual(["p1", "p5"]);
    expect(ids(filterProducts(products, { featured: true }))).toEqual(["p1"]);
    expect(ids(filterProducts(products, { featured: false }))).toEqual(["p2", "p3", "p4", "p5"]);
  });

  it("searches title, description, tags, brand and sku, ignoring case", () => {
    expect(ids(filterProducts(products, { searchText: "ring" }))).toEqual(["p2"]);
    expect(ids(filterProducts(products, { searchText: "red" }))).toEqual(["p3"]);
    expect(ids(filterProducts(products, { searchText: "NOISE" }))).toEqual(["p1"]);
    expect(ids(filterProducts(products, { searchText: "nike" }))).toEqual(["p4"]);
    expect(ids(filterProducts(products, { searchText: "sony-1000" }))).toEqual(["p1"]);
    expect(ids(filterProducts(products, { searchText: "  " }))).toEqual(ids(products));
  });

  it("finds products holding every searched word, in any order, as the API's listing does", () => {
    expect(ids(filterProducts(products, { searchText: "cancelling sony" }))).toEqual(["p1"]);
    expect(ids(filterProducts(products, { searchText: "sony ring" }))).toEqual([]);
    // A word of one or two letters matches the start of a word only.
    expect(ids(filterProducts(products, { searchText: "ld" }))).toEqual([]);
  });

  it("combines filters", () => {
    expect(ids(filterProducts(products, { category: "headphones-audio", status: "on-sale" }))).toEqual([
      "p1",
    ]);
  });

  it("does not let one product with a bad discount break the listing", () => {
    const odd = { ...shirt, id: "odd", discount: 150 };
    expect(ids(filterProducts([odd], { maxPrice: 0 }))).toEqual(["odd"]);
  });
});

describe("sortProducts", () => {
  it("sorts by displayed price, ties by id as the API breaks them (high-to-low is low-to-high reversed)", () => {
    // p1 (100 less 10%) and p5 (90) both show 90.
    expect(ids(sortProducts(products, "low-to-high"))).toEqual(["p3", "p4", "p1", "p5", "p2"]);
    expect(ids(sortProducts(products, "low-to-hight"))).toEqual(["p3", "p4", "p1", "p5", "p2"]);
    expect(ids(sortProducts(products, "high-to-low"))).toEqual(["p2", "p5", "p1", "p4", "p3"]);
  });

  it("lists the newest first by default, as the API does; a product without a date is the oldest", () => {
    expect(ids(sortProducts(products, "default-sorting"))).toEqual(["p2", "p3", "p5", "p1", "p4"]);
    expect(ids(sortProducts(products, undefined))).toEqual(["p2", "p3", "p5", "p1", "p4"]);
    // Equal dates: the greater id first.
    const same = ["a", "c", "b"].map((id) => ({ id, price: 1, createdAt: "2026-01-01T00:00:00Z" }));
    expect(ids(sortProducts(same, undefined))).toEqual(["c", "b", "a"]);
  });

  it("ranks a search by default by the words in the title, then shorter titles, then the newest", () => {
    const found = [
      { id: "a", price: 1, title: "Gold Ring Box", createdAt: "2026-01-02T00:00:00Z" },
      { id: "b", price: 1, title: "Ring", createdAt: "2026-01-01T00:00:00Z" },
      { id: "c", price: 1, title: "Gold Ring", createdAt: "2026-01-01T00:00:00Z" },
      { id: "d", price: 1, title: "Gold Ring", createdAt: "2026-01-03T00:00:00Z" },
    ];
    expect(ids(sortProducts(found, undefined, "default", "gold ring"))).toEqual(["d", "c", "a", "b"]);
    // Another sort is that sort.
    expect(ids(sortProducts(found, "new-added", "default", "gold ring"))).toEqual(["d", "a", "c", "b"]);
  });

  it("gives only discounted products for on-sale, largest discount first", () => {
    expect(ids(sortProducts(products, "on-sale"))).toEqual(["p3", "p1"]);
  });

  it("gives the newest 6 (8 for the alt variant), newest first", () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ id: `n${i}`, price: 1, discount: 0 }));
    expect(ids(sortProducts(many, "new-added"))).toEqual(["n9", "n8", "n7", "n6", "n5", "n4"]);
    expect(ids(sortProducts(many, "new-added", "alt"))).toEqual([
      "n9",
      "n8",
      "n7",
      "n6",
      "n5",
      "n4",
      "n3",
      "n2",
    ]);
  });

  it("orders new-added by createdAt when there is one", () => {
    expect(ids(sortProducts(products, "new-added"))).toEqual(["p2", "p3", "p5", "p1", "p4"]);
  });

  it("does not change its input", () => {
    const input = Object.freeze([...products]);
    sortProducts(input, "high-to-low");
    expect(ids(input)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
  });
});

describe("priceRange", () => {
  it("runs from 0 to the highest displayed (discounted) price, as the filter compares it", () => {
    expect(priceRange(products)).toEqual({ min: 0, max: 250 });
    expect(priceRange([{ price: 12.01 }, { price: 3 }])).toEqual({ min: 0, max: 12.01 });
    expect(priceRange([{ price: 100, discount: 10 }, { price: 80 }])).toEqual({ min: 0, max: 90 });
    expect(priceRange([{ price: 12 }])).toEqual({ min: 0, max: 12 });
    expect(priceRange([])).toEqual({ min: 0, max: 0 });
    expect(priceRangeOfCents(1999)).toEqual({ min: 0, max: 19.99 });
  });
});

describe("listingOrder", () => {
  it("is the newest first by default, by relevance when words are searched", () => {
    expect(listingOrder(undefined)).toEqual({ sort: "newest", onSaleOnly: false, limit: null });
    expect(listingOrder("default-sorting", { searching: true }).sort).toBe("relevance");
    expect(listingOrder("low-to-high", { searching: true }).sort).toBe("price-asc");
  });

  it("lists the last 6 for new-added (8 in the alt variant) and only discounted products for on-sale", () => {
    expect(listingOrder("new-added")).toEqual({ sort: "newest", onSaleOnly: false, limit: 6 });
    expect(listingOrder("new-added", { variant: "alt" }).limit).toBe(8);
    expect(listingOrder("on-sale")).toEqual({ sort: "sale", onSaleOnly: true, limit: null });
    expect(listingOrder("low-to-hight")).toEqual(listingOrder("low-to-high"));
    expect(listingOrder("high-to-low").sort).toBe("price-desc");
  });
});

describe("queryProducts", () => {
  const many = Array.from({ length: 30 }, (_, i) => ({
    ...shirt,
    id: `s${i}`,
    price: 30 - i,
  }));

  it("filters, sorts and pages", () => {
    const page = queryProducts(many, { sort: "low-to-high", maxPrice: 20, page: 2, pageSize: 5 });
    expect(page.totalCount).toBe(20);
    expect(page.totalPages).toBe(4);
    expect(page.currentPage).toBe(2);
    expect(page.pageSize).toBe(5);
    expect(page.items.map((p) => p.price)).toEqual([6, 7, 8, 9, 10]);
  });

  it("defaults to page 1 of DEFAULT_PAGE_SIZE and caps the page size", () => {
    const first = queryProducts(many, {});
    expect(first).toMatchObject({ currentPage: 1, pageSize: 12, totalPages: 3, totalCount: 30 });
    expect(first.items).toHaveLength(12);
    expect(queryProducts(many, { pageSize: 1000 }).pageSize).toBe(100);
    expect(queryProducts(many, { page: 0, pageSize: -1 })).toMatchObject({ currentPage: 1, pageSize: 12 });
  });

  it("gives an empty page past the end, and 0 pages when nothing matches", () => {
    expect(queryProducts(many, { page: 9 }).items).toEqual([]);
    expect(queryProducts(many, { searchText: "nothing" })).toMatchObject({
      items: [],
      totalCount: 0,
      totalPages: 0,
    });
  });

  it("applies the new-added count after filtering", () => {
    expect(queryProducts(many, { sort: "new-added" }, "alt").totalCount).toBe(8);
  });
});
