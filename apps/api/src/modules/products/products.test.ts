/** Products through the HTTP API: every listing filter and sort, react-admin's params, facets, detail and admin writes. */
import { SORT_OPTIONS, slugify } from "@shop/domain/catalogue";
import { LOW_STOCK_THRESHOLD, NEW_ADDED_COUNT, PRODUCT_TYPES } from "@shop/domain/constants";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import { type Category, type Product, productFacetsSchema, productSchema } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, reviews } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { listingTuning, PRODUCT_SORT_FIELDS } from "./listing.ts";

let shop: TestShop;
/** Every seeded product, as the listing returns them. */
let all: Product[];
let categories: Category[];
/** How many products the sample shop seeds, and its pages of 12. */
const SEEDED = seededProducts.length;
const PAGES = Math.ceil(SEEDED / 12);

const sale = (p: Product) => discountedPriceCents(toCents(p.price), p.discount);
const searchable = (p: Product) =>
  [p.title, p.sku, p.brand.name, p.parent, p.children, ...p.tags].join(" ").toLowerCase();
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ids = (items: { id: string }[]) => items.map((p) => p.id).sort();

async function get(url: string, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: "GET", url, headers });
}

/** One listing call that must succeed: its items and X-Total-Count. */
async function list(url: string) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as Product[], total: Number(res.headers["x-total-count"]), res };
}

/** Every item of a listing, page after page of 100 (the most a page holds), checked against the header. */
async function listAll(url: string): Promise<Product[]> {
  const items: Product[] = [];
  for (let page = 1; ; page++) {
    const { items: more, total } = await list(
      `${url}${url.includes("?") ? "&" : "?"}pageSize=100&page=${page}`,
    );
    items.push(...more);
    if (items.length >= total || more.length === 0) {
      expect(items.length).toBe(total);
      return items;
    }
  }
}

async function badRequest(url: string, ...fragments: string[]) {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { message: string };
  for (const fragment of fragments) expect(body.message).toContain(fragment);
  return body.message;
}

/** Asserts a sequence is sorted by key (asc or desc), ties broken by id in the given direction. */
function expectSorted<T extends { id: string }>(
  items: T[],
  key: (item: T) => number | string,
  order: "asc" | "desc",
  tieOrder: "asc" | "desc" = order,
) {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!;
    const b = items[i]!;
    const [ka, kb] = [key(a), key(b)];
    if (ka === kb) expect(tieOrder === "asc" ? byId(a, b) : byId(b, a)).toBe(-1);
    else expect(order === "asc" ? ka < kb : ka > kb, `${ka} then ${kb}`).toBe(true);
  }
}

beforeAll(async () => {
  shop = await createTestShop();
  all = await listAll("/api/product");
  categories = (await get("/api/categories")).json() as Category[];
});

afterAll(async () => {
  await shop?.close();
});

describe("GET /product: the listing", () => {
  it("lists the seeded catalogue with the paging headers, each item a product without reviews", async () => {
    expect(all.length).toBe(SEEDED);
    const { items, res } = await list("/api/product");
    expect(items.length).toBe(12);
    expect(res.headers["x-total-count"]).toBe(String(SEEDED));
    expect(res.headers["x-total-pages"]).toBe(String(PAGES));
    expect(res.headers["x-current-page"]).toBe("1");
    expect(res.headers["x-page-size"]).toBe("12");
    for (const product of all) {
      expect(productSchema.safeParse(product).success).toBe(true);
      expect(product).not.toHaveProperty("reviews");
      expect(product.status).toBe(product.quantity > 0 ? "in-stock" : "out-of-stock");
      expect(product.img).toBe(product.imageURLs[0]?.img ?? "");
      expect(product.category).toEqual({ id: product.categoryId, name: product.parent });
      expect(product.brand.name.length).toBeGreaterThan(0);
    }
  });

  it("is newest first by default, ties on id, and its pages neither overlap nor skip", async () => {
    expectSorted(all, (p) => p.createdAt, "desc");
    const seen: string[] = [];
    for (let page = 1; page <= PAGES; page++) {
      const { items, res } = await list(`/api/product?page=${page}`);
      expect(res.headers["x-current-page"]).toBe(String(page));
      seen.push(...items.map((p) => p.id));
    }
    expect(seen).toEqual(all.map((p) => p.id));
    const past = await list(`/api/product?page=${PAGES + 1}`);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(SEEDED);
  });

  it("filters on the sale price with minPrice and maxPrice, bounds included", async () => {
    const prices = all.map(sale).sort((a, b) => a - b);
    const low = prices[10]!;
    const high = prices[30]!;
    const url = `/api/product?minPrice=${low / 100}&maxPrice=${high / 100}`;
    const items = await listAll(url);
    expect(ids(items)).toEqual(ids(all.filter((p) => sale(p) >= low && sale(p) <= high)));
    expect(items.some((p) => sale(p) === low) && items.some((p) => sale(p) === high)).toBe(true);
    // The bound is on the discounted price: a discounted product whose list price is above maxPrice still counts.
    const discounted = all.find((p) => p.discount > 0)!;
    const cheap = await listAll(`/api/product?maxPrice=${sale(discounted) / 100}`);
    expect(cheap.map((p) => p.id)).toContain(discounted.id);
    expect((await listAll(`/api/product?minPrice=${prices.at(-1)! / 100 + 0.01}`)).length).toBe(0);
  });

  it("filters by status: in-stock, on-sale and out-of-stock", async () => {
    const inStock = await listAll("/api/product?status=in-stock");
    expect(ids(inStock)).toEqual(ids(all.filter((p) => p.quantity > 0)));
    const onSale = await listAll("/api/product?status=on-sale");
    expect(ids(onSale)).toEqual(ids(all.filter((p) => p.discount > 0)));
    const out = await listAll("/api/product?status=out-of-stock");
    expect(ids(out)).toEqual(ids(all.filter((p) => p.quantity === 0)));
    expect(out.length).toBeGreaterThan(0);
    expect(onSale.length).toBeGreaterThan(0);
  });

  it("filters by category, by name or slug, URL-decoded", async () => {
    const audio = all.filter((p) => p.parent === "Headphones & Audio");
    expect(audio.length).toBeGreaterThan(0);
    for (const value of [
      "Headphones%20%26%20Audio",
      "headphones-audio",
      "Headphones%2520%2526%2520Audio",
      "HEADPHONES-AUDIO",
    ]) {
      expect(ids(await listAll(`/api/product?category=${value}`))).toEqual(ids(audio));
    }
    for (const category of categories) {
      const items = await listAll(`/api/product?category=${encodeURIComponent(category.name)}`);
      expect(ids(items)).toEqual(ids(all.filter((p) => p.categoryId === category.id)));
    }
    expect(await listAll("/api/product?category=no-such-category")).toEqual([]);
  });

  it("filters by subCategory and brand, by name or slug", async () => {
    const withSub = all.find((p) => p.children.includes(" ") || p.children.includes("&")) ?? all[0]!;
    const subItems = all.filter((p) => slugify(p.children) === slugify(withSub.children));
    for (const value of [encodeURIComponent(withSub.children), slugify(withSub.children)]) {
      expect(ids(await listAll(`/api/product?subCategory=${value}`))).toEqual(ids(subItems));
    }
    const brands = [...new Set(all.map((p) => p.brand.name))];
    expect(brands.length).toBeGreaterThan(3);
    for (const brand of brands) {
      const expected = ids(all.filter((p) => p.brand.name === brand));
      expect(ids(await listAll(`/api/product?brand=${encodeURIComponent(brand)}`))).toEqual(expected);
      expect(ids(await listAll(`/api/product?brand=${slugify(brand)}`))).toEqual(expected);
    }
  });

  it("searches title, SKU, brand, category, subcategory and tags case-insensitively; every word must match", async () => {
    const one = await listAll("/api/product?searchText=WIRELESS");
    expect(one.length).toBeGreaterThan(0);
    expect(ids(one)).toEqual(ids(all.filter((p) => searchable(p).includes("wireless"))));
    const two = await listAll("/api/product?searchText=wireless%20headphones");
    expect(ids(two)).toEqual(
      ids(all.filter((p) => searchable(p).includes("wireless") && searchable(p).includes("headphones"))),
    );
    const sku = all[5]!.sku;
    expect((await listAll(`/api/product?searchText=${sku.toLowerCase()}`)).map((p) => p.id)).toContain(
      all[5]!.id,
    );
    const brand = all[7]!.brand.name;
    const words = brand.toLowerCase().split(/\s+/);
    expect(ids(await listAll(`/api/product?searchText=${encodeURIComponent(brand)}`))).toEqual(
      ids(all.filter((p) => words.every((w) => searchable(p).includes(w)))),
    );
  });

  it("treats search text literally: wildcards and quotes match themselves", async () => {
    expect(await listAll("/api/product?searchText=%25")).toEqual([]);
    expect(await listAll("/api/product?searchText=_")).toEqual([]);
    expect(await listAll("/api/product?searchText=%27%20or%201%3D1%20--")).toEqual([]);
  });

  it("matches a word of one or two letters at the start of a word only", async () => {
    const startsAWord = (p: Product, word: string) => ` ${searchable(p)}`.includes(` ${word}`);
    for (const word of ["wi", "ea", "c"]) {
      const found = await listAll(`/api/product?searchText=${word}`);
      expect(found.length, word).toBeGreaterThan(0);
      expect(ids(found), word).toEqual(ids(all.filter((p) => startsAWord(p, word))));
    }
    // "ea" inside a word (headphones, leather, cream) is not enough.
    expect(all.some((p) => searchable(p).includes("ea") && !startsAWord(p, "ea"))).toBe(true);
  });

  it("ranks a search by relevance unless another sort is asked for", async () => {
    const title = (p: Product) => ` ${p.title.toLowerCase()}`;
    const hits = (p: Product, words: string[]) => words.filter((w) => title(p).includes(w)).length;
    const relevance = (words: string[]) => (a: Product, b: Product) =>
      hits(b, words) - hits(a, words) ||
      title(a).length - title(b).length ||
      (a.createdAt === b.createdAt ? -byId(a, b) : a.createdAt < b.createdAt ? 1 : -1);
    for (const query of ["headphones", "leather", "gold watch", "serum"]) {
      const words = query.split(" ");
      const matching = all.filter((p) => words.every((w) => searchable(p).includes(w)));
      const expected = matching.toSorted(relevance(words)).map((p) => p.id);
      const q = encodeURIComponent(query);
      expect(
        (await listAll(`/api/product/search?query=${q}`)).map((p) => p.id),
        query,
      ).toEqual(expected);
      expect((await listAll(`/api/product?searchText=${q}&sort=default-sorting`)).map((p) => p.id)).toEqual(
        expected,
      );
    }
    // Title matches first: the headphones before the speaker found through its category's name.
    const headphones = await listAll("/api/product/search?query=headphones");
    expect(headphones.length).toBeGreaterThan(2);
    expect(headphones[0]!.title.toLowerCase()).toContain("headphones");
    expect(headphones.at(-1)!.title.toLowerCase()).not.toContain("headphones");
    // Any other sort is that sort.
    expectSorted(
      await listAll("/api/product/search?query=headphones&sort=new-added"),
      (p) => p.createdAt,
      "desc",
    );
  });

  it("filters by productType and featured", async () => {
    for (const type of PRODUCT_TYPES) {
      const items = await listAll(`/api/product?productType=${type}`);
      expect(items.length).toBeGreaterThan(0);
      expect(ids(items)).toEqual(ids(all.filter((p) => p.productType === type)));
    }
    const featured = await listAll("/api/product?featured=true");
    expect(ids(featured)).toEqual(ids(all.filter((p) => p.featured)));
    const plain = await listAll("/api/product?featured=false");
    expect(ids(plain)).toEqual(ids(all.filter((p) => !p.featured)));
  });

  it("combines filters", async () => {
    const items = await listAll("/api/product?productType=electronics&status=in-stock&minPrice=50");
    expect(ids(items)).toEqual(
      ids(all.filter((p) => p.productType === "electronics" && p.quantity > 0 && sale(p) >= 5000)),
    );
    expect(items.length).toBeGreaterThan(0);
  });

  it("sorts with the storefront's options", async () => {
    for (const sort of ["low-to-high", "low-to-hight"]) {
      const items = await listAll(`/api/product?sort=${sort}`);
      expect(items.length).toBe(SEEDED);
      expectSorted(items, sale, "asc");
    }
    expectSorted(await listAll("/api/product?sort=high-to-low"), sale, "desc");
    expectSorted(await listAll("/api/product?sort=new-added"), (p) => p.createdAt, "desc");
    expect((await listAll("/api/product?sort=default-sorting")).map((p) => p.id)).toEqual(
      all.map((p) => p.id),
    );
    // new-added shows the last 6 products (spec section 9), newest first, paged like any listing.
    const newest = await list("/api/product?sort=new-added&pageSize=4");
    expect(newest.total).toBe(NEW_ADDED_COUNT);
    expect(ids(newest.items)).toEqual(ids(all.slice(0, 4)));
    const second = await list("/api/product?sort=new-added&page=2&pageSize=4");
    expect(ids(second.items)).toEqual(ids(all.slice(4, NEW_ADDED_COUNT)));
    expect((await list("/api/product?sort=new-added&page=3&pageSize=4")).items).toEqual([]);
    const onSale = await listAll("/api/product?sort=on-sale");
    expect(ids(onSale)).toEqual(ids(all.filter((p) => p.discount > 0)));
    expectSorted(onSale, (p) => p.discount, "desc", "asc");
    // Sorting and filtering together: a category, cheapest first.
    const cheapAudio = await listAll("/api/product?category=headphones-audio&sort=low-to-high");
    expect(cheapAudio.every((p) => p.parent === "Headphones & Audio")).toBe(true);
    expectSorted(cheapAudio, sale, "asc");
  });

  it("gives the same answers whichever query plan the listing takes", async () => {
    const saved = { ...listingTuning };
    const urls = [
      "/api/product?sort=low-to-high&page=2&pageSize=7",
      "/api/product?status=in-stock&sort=high-to-low",
      "/api/product?productType=fashion&sort=on-sale",
      "/api/product?sort=new-added&page=2&pageSize=4",
      '/api/product?sort=["title","DESC"]&range=[3,12]',
      "/api/product?searchText=e&sort=low-to-high&page=2&pageSize=4",
      "/api/product/search?query=e&page=3&pageSize=3",
    ];
    // The sample shop is small: by default every listing sorts its few matches, and listings and searches cache
    // the ids of their first pages.
    const before = await Promise.all(urls.map(async (u) => (await list(u)).items.map((p) => p.id)));
    expect(before.every((page) => page.length > 0)).toBe(true);
    try {
      // Walk the sort's index instead, and run every listing and search page as its own query.
      listingTuning.fenceMax = 0;
      listingTuning.cachedResults = 1;
      listingTuning.cachedListing = 1;
      for (const [i, u] of urls.entries()) {
        expect((await list(u)).items.map((p) => p.id)).toEqual(before[i]);
        // The second call is answered with the cached count.
        const again = await list(u);
        expect(again.items.map((p) => p.id)).toEqual(before[i]);
      }
    } finally {
      Object.assign(listingTuning, saved);
    }
  });

  it("refuses bad parameters with a message naming the problem", async () => {
    await badRequest("/api/product?pageSize=1000", "pageSize");
    await badRequest("/api/product?pageSize=0", "pageSize");
    await badRequest("/api/product?page=0", "page");
    await badRequest("/api/product?minPrice=-1", "minPrice", "0 or more");
    await badRequest("/api/product?maxPrice=abc", "maxPrice");
    await badRequest("/api/product?minPrice=50&maxPrice=10", "minPrice", "maxPrice");
    await badRequest("/api/product?status=bogus", "status", "in-stock", "on-sale");
    await badRequest("/api/product?productType=toys", "productType", "electronics", "jewelry");
    await badRequest("/api/product?featured=maybe", "featured", "true or false");
    await badRequest("/api/product?sort=cheapest", ...SORT_OPTIONS);
    await badRequest(
      `/api/product?searchText=${Array.from({ length: 11 }, (_, i) => `w${i}`).join("%20")}`,
      "10 words",
    );
  });
});

describe("GET /product: react-admin's ra-data-simple-rest params", () => {
  it("pages with range and answers Content-Range", async () => {
    const first = await list('/api/product?range=[0,9]&sort=["price","ASC"]');
    expect(first.items.length).toBe(10);
    expect(first.res.headers["content-range"]).toBe(`items 0-9/${SEEDED}`);
    expect(first.total).toBe(SEEDED);
    const second = await list('/api/product?range=[10,19]&sort=["price","ASC"]');
    expect(second.res.headers["content-range"]).toBe(`items 10-19/${SEEDED}`);
    const both = [...first.items, ...second.items];
    expect(new Set(both.map((p) => p.id)).size).toBe(20);
    expectSorted(both, (p) => toCents(p.price), "asc");
  });

  it("sorts by every allowed field, both ways, deterministically", async () => {
    const numeric: Record<string, (p: Product) => number | string> = {
      price: (p) => toCents(p.price),
      quantity: (p) => p.quantity,
      createdAt: (p) => p.createdAt,
      sellCount: (p) => p.sellCount,
      discount: (p) => p.discount,
      rating: (p) => p.rating,
      featured: (p) => (p.featured ? 1 : 0),
      id: (p) => p.id,
    };
    for (const field of PRODUCT_SORT_FIELDS) {
      const asc = await listAll(`/api/product?sort=${encodeURIComponent(JSON.stringify([field, "ASC"]))}`);
      const desc = await listAll(`/api/product?sort=${encodeURIComponent(JSON.stringify([field, "DESC"]))}`);
      expect(asc.length).toBe(SEEDED);
      // With id as the tie-break in the same direction, DESC is exactly ASC reversed.
      expect(desc.map((p) => p.id)).toEqual(asc.map((p) => p.id).reverse());
      const key = numeric[field];
      if (key) expectSorted(asc, key, "asc");
    }
  });

  it("filters with q, id (getMany) and equality fields", async () => {
    const q = await listAll(`/api/product?filter=${encodeURIComponent('{"q":"Wireless"}')}`);
    expect(ids(q)).toEqual(ids(await listAll("/api/product?searchText=wireless")));
    const wanted = [all[3]!.id, all[17]!.id];
    const many = await listAll(
      `/api/product?filter=${encodeURIComponent(JSON.stringify({ id: [...wanted, "nope"] }))}`,
    );
    expect(ids(many)).toEqual([...wanted].sort());
    const category = categories.find((c) => c.productCount > 1)!;
    const byCategory = await listAll(
      `/api/product?filter=${encodeURIComponent(JSON.stringify({ categoryId: category.id }))}`,
    );
    expect(ids(byCategory)).toEqual(ids(all.filter((p) => p.categoryId === category.id)));
    const brandId = all[0]!.brandId!;
    const byBrand = await listAll(`/api/product?filter=${encodeURIComponent(JSON.stringify({ brandId }))}`);
    expect(ids(byBrand)).toEqual(ids(all.filter((p) => p.brandId === brandId)));
    const mixed = await listAll(
      `/api/product?filter=${encodeURIComponent(JSON.stringify({ productType: "fashion", featured: true, status: "in-stock" }))}`,
    );
    expect(ids(mixed)).toEqual(
      ids(all.filter((p) => p.productType === "fashion" && p.featured && p.quantity > 0)),
    );
    const out = await listAll(`/api/product?filter=${encodeURIComponent('{"status":"out-of-stock"}')}`);
    expect(ids(out)).toEqual(ids(all.filter((p) => p.quantity === 0)));
  });

  it("filters by stock level for the back office: low (some variant at the threshold or fewer) and out (none left)", async () => {
    const filtered = (filter: object) =>
      listAll(`/api/product?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    const runningLow = (p: Product) => p.variants.some((v) => v.quantity <= LOW_STOCK_THRESHOLD);
    const low = await filtered({ stock: "low" });
    expect(ids(low)).toEqual(ids(all.filter(runningLow)));
    // By variant: a product with plenty in all can be low in one size.
    expect(low.some((p) => p.quantity > LOW_STOCK_THRESHOLD)).toBe(true);
    expect(low.some((p) => p.quantity > 0)).toBe(true);
    const out = await filtered({ stock: "out" });
    expect(out.length).toBeGreaterThan(0);
    expect(ids(out)).toEqual(ids(all.filter((p) => p.quantity === 0)));
    const type = low[0]!.productType;
    expect(ids(await filtered({ stock: "low", productType: type }))).toEqual(
      ids(all.filter((p) => runningLow(p) && p.productType === type)),
    );
    await badRequest(
      `/api/product?filter=${encodeURIComponent('{"stock":"plenty"}')}`,
      "filter.stock",
      "low, out",
    );
  });

  it("refuses unknown sort fields, bad JSON, unknown filters and oversized ranges", async () => {
    await badRequest('/api/product?sort=["password","ASC"]', "Cannot sort by 'password'", "title");
    await badRequest('/api/product?sort=["title","SIDEWAYS"]', "sort");
    await badRequest("/api/product?sort=[title", "sort must be JSON");
    await badRequest("/api/product?filter={q:", "filter must be JSON");
    await badRequest("/api/product?filter=[1,2]", "filter must be a JSON object");
    await badRequest(
      `/api/product?filter=${encodeURIComponent('{"password":"x"}')}`,
      "password",
      "categoryId",
    );
    await badRequest(
      `/api/product?filter=${encodeURIComponent('{"categoryId":"abc"}')}`,
      "filter.categoryId",
    );
    await badRequest(`/api/product?filter=${encodeURIComponent('{"status":"lost"}')}`, "filter.status");
    await badRequest("/api/product?range=[0,1000]", "most is 100");
    await badRequest("/api/product?range=[5,2]", "range");
  });
});

describe("GET /product/search", () => {
  it("searches with query and takes the listing's filters and sorts", async () => {
    const { items, total, res } = await list("/api/product/search?query=wireless");
    expect(res.headers["x-total-count"]).toBeDefined();
    expect(total).toBe(all.filter((p) => searchable(p).includes("wireless")).length);
    expect(ids(items)).toEqual(ids(all.filter((p) => searchable(p).includes("wireless"))));
    const filtered = await listAll("/api/product/search?query=gold&productType=jewelry&sort=high-to-low");
    expect(ids(filtered)).toEqual(
      ids(all.filter((p) => searchable(p).includes("gold") && p.productType === "jewelry")),
    );
    expect(filtered.length).toBeGreaterThan(0);
    expectSorted(filtered, sale, "desc");
    await badRequest("/api/product/search?query=x&status=nope", "status");
  });
});

describe("GET /product/featured", () => {
  it("answers the featured products, newest first, at most 20", async () => {
    const res = await get("/api/product/featured");
    expect(res.statusCode).toBe(200);
    const items = res.json() as Product[];
    const featured = all.filter((p) => p.featured);
    expect(items.length).toBe(Math.min(20, featured.length));
    expect(items.every((p) => p.featured)).toBe(true);
    expect(items.map((p) => p.id)).toEqual(featured.slice(0, 20).map((p) => p.id));
    expect(res.headers["x-total-count"]).toBe(String(items.length));
  });
});

describe("GET /product/facets", () => {
  type Facets = ReturnType<typeof productFacetsSchema.parse>;
  const facets = async (query = "") => {
    const res = await get(`/api/product/facets${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return productFacetsSchema.parse(res.json()) as Facets;
  };
  const totalOf = async (query: string) => (await list(`/api/product?${query}&pageSize=1`)).total;

  it("counts every value as the listing does, and the price range up to the highest sale price", async () => {
    const f = await facets();
    expect(f.price).toEqual({ min: 0, max: Math.max(...all.map(sale)) / 100 });
    expect(f.categories.reduce((sum, c) => sum + c.count, 0)).toBe(SEEDED);
    expect(f.categories.length).toBe(categories.length);
    for (const c of f.categories)
      expect(c.count).toBe(await totalOf(`category=${encodeURIComponent(c.slug)}`));
    for (const s of f.subCategories)
      expect(s.count).toBe(await totalOf(`subCategory=${encodeURIComponent(s.slug)}`));
    for (const b of f.brands) expect(b.count).toBe(await totalOf(`brand=${encodeURIComponent(b.slug)}`));
    expect(f.productTypes.map((t) => t.slug)).toEqual([...PRODUCT_TYPES]);
    for (const t of f.productTypes) expect(t.count).toBe(all.filter((p) => p.productType === t.slug).length);
    expect(f.statuses).toEqual([
      { slug: "in-stock", name: "In stock", count: all.filter((p) => p.quantity > 0).length },
      { slug: "on-sale", name: "On sale", count: all.filter((p) => p.discount > 0).length },
    ]);
    expect(f.subCategories.reduce((sum, s) => sum + s.count, 0)).toBe(all.filter((p) => p.children).length);
  });

  it("under filters, counts each facet ignoring only its own filter", async () => {
    const base = "productType=fashion&status=in-stock";
    const f = await facets(`?${base}`);
    const fashionInStock = all.filter((p) => p.productType === "fashion" && p.quantity > 0);
    expect(f.price.max).toBe(Math.max(...fashionInStock.map(sale)) / 100);
    for (const c of f.categories)
      expect(c.count).toBe(await totalOf(`${base}&category=${encodeURIComponent(c.slug)}`));
    for (const b of f.brands)
      expect(b.count).toBe(await totalOf(`${base}&brand=${encodeURIComponent(b.slug)}`));
    for (const t of f.productTypes)
      expect(t.count).toBe(await totalOf(`status=in-stock&productType=${t.slug}`));
    for (const s of f.statuses) expect(s.count).toBe(await totalOf(`productType=fashion&status=${s.slug}`));
    expect(f.productTypes.find((t) => t.slug === "electronics")!.count).toBe(
      all.filter((p) => p.productType === "electronics" && p.quantity > 0).length,
    );

    // The price facet ignores the price filter; the others honour it.
    const cheap = await facets("?maxPrice=40");
    expect(cheap.price.max).toBe(Math.max(...all.map(sale)) / 100);
    expect(cheap.statuses[0]!.count).toBe(all.filter((p) => p.quantity > 0 && sale(p) <= 4000).length);

    // A chosen category keeps every category listed, and the subcategories are that category's.
    const audio = await facets("?category=headphones-audio");
    expect(audio.categories.length).toBe(categories.length);
    const audioCategory = categories.find((c) => c.slug === "headphones-audio")!;
    expect(audio.subCategories.map((s) => s.name).sort()).toEqual([...audioCategory.children].sort());
    for (const s of audio.subCategories) {
      expect(s.count).toBe(await totalOf(`category=headphones-audio&subCategory=${s.slug}`));
    }
  });

  it("with every filter at once, counts each value as the listing does with that value chosen instead", async () => {
    // Each count takes the products that pass every filter but its own, and the price ceiling those that pass
    // every filter but the price.
    // A product that passes them all, so that every facet has something to count.
    const sample = all.find(
      (p) =>
        p.productType === "electronics" &&
        p.quantity > 0 &&
        p.discount === 0 &&
        sale(p) >= 1000 &&
        p.children,
    )!;
    const chosen = {
      productType: "electronics",
      status: "in-stock",
      minPrice: "10",
      category: slugify(sample.parent),
      brand: slugify(sample.brand.name),
    };
    const query = (filters: Record<string, string | undefined>) =>
      new URLSearchParams(
        Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined),
      ).toString();
    const f = await facets(`?${query(chosen)}`);
    for (const c of f.categories)
      expect(c.count, c.slug).toBe(await totalOf(query({ ...chosen, category: c.slug })));
    for (const b of f.brands)
      expect(b.count, b.slug).toBe(await totalOf(query({ ...chosen, brand: b.slug })));
    for (const t of f.productTypes)
      expect(t.count, t.slug).toBe(await totalOf(query({ ...chosen, productType: t.slug })));
    for (const s of f.statuses)
      expect(s.count, s.slug).toBe(await totalOf(query({ ...chosen, status: s.slug })));
    for (const s of f.subCategories)
      expect(s.count, s.slug).toBe(await totalOf(query({ ...chosen, subCategory: s.slug })));
    expect(f.subCategories.some((s) => s.count > 0)).toBe(true);
    const ceiling = await list(
      `/api/product?${query({ ...chosen, minPrice: undefined })}&sort=high-to-low&pageSize=1`,
    );
    expect(f.price.max).toBe(ceiling.total === 0 ? 0 : sale(ceiling.items[0]!) / 100);
  });

  it("refuses the listing's bad parameters", async () => {
    const res = await get("/api/product/facets?minPrice=-1");
    expect(res.statusCode).toBe(400);
    expect((await get("/api/product/facets?status=gone")).statusCode).toBe(400);
  });
});

describe("GET /product/{id}", () => {
  it("answers one product with its approved reviews, newest first, by id or slug", async () => {
    const reviewed = all.find((p) => p.reviewCount > 1)!;
    const res = await get(`/api/product/${reviewed.id}`);
    expect(res.statusCode).toBe(200);
    const product = productSchema.parse(res.json());
    expect(product.id).toBe(reviewed.id);
    expect(product.reviews!.length).toBe(reviewed.reviewCount);
    expectSorted(product.reviews!, (r) => r.date, "desc");
    expect(product.reviews!.every((r) => r.status === "approved" && r.productId === reviewed.id)).toBe(true);
    const bySlug = await get(`/api/product/${reviewed.slug}`);
    expect(bySlug.json().id).toBe(reviewed.id);
    expect((await get(`/api/product/${reviewed.id.toUpperCase()}`)).json().id).toBe(reviewed.id);
  });

  it("never shows a reviewer's email, nor pending or rejected reviews", async () => {
    const product = all.find((p) => p.reviewCount > 0)!;
    const emails = (
      await shop.database.db
        .select({ email: reviews.email })
        .from(reviews)
        .where(eq(reviews.productId, product.id))
    ).map((r) => r.email);
    expect(emails.length).toBeGreaterThan(0);
    await shop.database.db.insert(reviews).values([
      {
        productId: product.id,
        name: "Pending Pat",
        email: "pat@example.com",
        review: "Waiting",
        rating: 2,
        status: "pending",
      },
      {
        productId: product.id,
        name: "Rejected Rick",
        email: "rick@example.com",
        review: "Spam",
        rating: 1,
        status: "rejected",
      },
    ]);
    const res = await get(`/api/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('"email"');
    for (const email of [...emails, "pat@example.com", "rick@example.com"])
      expect(res.body).not.toContain(email);
    const names = (res.json() as Product).reviews!.map((r) => r.name);
    expect(names).not.toContain("Pending Pat");
    expect(names).not.toContain("Rejected Rick");
    expect(names.length).toBe(product.reviewCount);
  });

  it("carries offers and additional information as stored", async () => {
    const offer = all.find((p) => p.offerDate);
    expect(offer).toBeDefined();
    expect(Date.parse(offer!.offerDate!.endDate)).toBeGreaterThan(Date.parse(offer!.offerDate!.startDate));
    expect(new Date(offer!.offerDate!.endDate).toISOString()).toBe(offer!.offerDate!.endDate);
    expect(all.some((p) => p.additionalInformation.length > 0)).toBe(true);
  });

  it("answers 404 for unknown ids and slugs, UUID or not", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "%27%3B--"]) {
      const res = await get(`/api/product/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe("Product not found");
    }
  });
});

describe("POST, PUT, DELETE /product (admin)", () => {
  let admin: Record<string, string>;
  let shopper: Record<string, string>;
  let writeShop: TestShop;
  let audio: Category;
  let fashion: Category;
  let brandId: string;

  const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers = admin) =>
    writeShop.app.inject({ method, url, payload: payload as object, headers });
  const body = (overrides: Record<string, unknown> = {}) => ({
    sku: "TEST-0001",
    title: "Studio Monitor Héadphones & Stand",
    categoryId: audio.id,
    children: audio.children[0],
    brandId,
    price: 199.99,
    discount: 15,
    quantity: 4,
    tags: ["studio", "monitor"],
    imageURLs: [
      { img: "/api/images/products/headphones/111111.svg", color: { name: "Black", clrCode: "#111111" } },
      { img: "/api/images/products/headphones/eeeeee.svg", color: { name: "White", clrCode: "#EEEEEE" } },
    ],
    description: "Closed-back monitors.",
    additionalInformation: [{ key: "Driver", value: "50 mm" }],
    offerDate: { startDate: "2030-01-01T00:00:00.000Z", endDate: "2030-02-01T00:00:00.000Z" },
    videoId: "dQw4w9WgXcQ",
    ...overrides,
  });

  beforeAll(async () => {
    writeShop = await createTestShop();
    admin = (await login(writeShop.app, "admin")).headers;
    shopper = (await login(writeShop.app, "shopper")).headers;
    const cats = (await writeShop.app.inject({ url: "/api/categories" })).json() as Category[];
    audio = cats.find((c) => c.slug === "headphones-audio")!;
    fashion = cats.find((c) => c.productType === "fashion" && c.children.length > 0)!;
    brandId = ((await writeShop.app.inject({ url: "/api/brands" })).json() as { id: string }[])[0]!.id;
  });

  afterAll(async () => {
    await writeShop?.close();
  });

  it("refuses callers who are not admins: 401 without a token, 403 for a shopper", async () => {
    for (const [method, url] of [
      ["POST", "/api/product"],
      ["PUT", `/api/product/${all[0]!.id}`],
      ["DELETE", `/api/product/${all[0]!.id}`],
    ] as const) {
      expect((await send(method, url, body(), {})).statusCode).toBe(401);
      const res = await send(method, url, body(), shopper);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("Only an admin can do this");
    }
    const bad = await send("POST", "/api/product", body(), { authorization: "Bearer forged.token.here" });
    expect(bad.statusCode).toBe(401);
  });

  it("creates a product and derives slug, type, image, sale price, status and search text", async () => {
    const res = await send(
      "POST",
      "/api/product",
      body({ id: "ignored", status: "out-of-stock", rating: 5 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = productSchema.parse(res.json());
    expect(created.id).not.toBe("ignored");
    expect(created.slug).toBe("studio-monitor-headphones-stand");
    expect(created.productType).toBe(audio.productType);
    expect(created.parent).toBe(audio.name);
    expect(created.children).toBe(audio.children[0]);
    expect(created.img).toBe("/api/images/products/headphones/111111.svg");
    expect(created.status).toBe("in-stock");
    // The sample shop names no video; a product's own is carried as stored.
    expect(created.videoId).toBe("dQw4w9WgXcQ");
    expect(created.rating).toBe(0);
    expect(created.price).toBe(199.99);
    expect(created.brand.id).toBe(brandId);
    expect(created.offerDate).toEqual({
      startDate: "2030-01-01T00:00:00.000Z",
      endDate: "2030-02-01T00:00:00.000Z",
    });

    const fetched = await writeShop.app.inject({ url: `/api/product/${created.slug}` });
    expect(fetched.json()).toEqual({ ...created, reviews: [] });
    // Searchable and filterable at once, and priced on its sale price.
    const found = (
      await writeShop.app.inject({ url: "/api/product?searchText=studio%20monitor" })
    ).json() as Product[];
    expect(found.map((p) => p.id)).toContain(created.id);
    const salePrice = discountedPriceCents(19_999, 15) / 100;
    const priced = await writeShop.app.inject({
      url: `/api/product?category=headphones-audio&minPrice=${salePrice}&maxPrice=${salePrice}`,
    });
    expect((priced.json() as Product[]).map((p) => p.id)).toEqual([created.id]);
  });

  it("lists every product exactly as its detail shows it: the database's JSON is toProduct's", async () => {
    // The kinds the sample shop may lack: no brand, no offer, no video, no colours, cents and odd discounts.
    const odd = [
      body({
        sku: "ODD-1",
        title: "Odd one",
        brandId: null,
        offerDate: null,
        videoId: null,
        discount: 12.5,
        price: 0.1,
      }),
      body({
        sku: "ODD-2",
        title: 'Odd quotes "and" \\ backslashes ünïcode 🎧',
        imageURLs: [
          { img: "/api/images/products/headphones/222222.svg", alt: ' Headphones "folded" on a desk ' },
          { img: "/api/images/products/headphones/333333.svg", alt: "" },
        ],
        tags: [],
        additionalInformation: [],
        price: 1234567.89,
        discount: 0,
        quantity: 0,
      }),
    ];
    const newest = async () =>
      (
        (await writeShop.app.inject({ url: "/api/product?sort=new-added&pageSize=3" })).json() as Product[]
      ).map((p) => p.sku);
    // Cached ids of a listing's first pages make way for new products at once.
    expect(await newest()).not.toContain("ODD-2");
    for (const product of odd) expect((await send("POST", "/api/product", product)).statusCode).toBe(201);
    expect((await newest()).slice(0, 2)).toEqual(["ODD-2", "ODD-1"]);
    // The cheapest hundred and the dearest hundred: the odd ones are at either end.
    const page = async (sort: string) =>
      (await writeShop.app.inject({ url: `/api/product?pageSize=100&sort=${sort}` })).json() as Product[];
    const cheapest = await page("low-to-high");
    const listed = [
      ...cheapest,
      ...(await page("high-to-low")).filter((p) => !cheapest.some((c) => c.id === p.id)),
    ];
    expect(listed.length).toBeGreaterThan(40);
    const kinds = {
      noBrand: listed.some((p) => p.brandId === null),
      noOffer: listed.some((p) => p.offerDate === null),
      offer: listed.some((p) => p.offerDate !== null),
      noColour: listed.some((p) => p.imageURLs.some((i) => i.color === null)),
      alt: listed.some((p) => p.imageURLs.some((i) => i.alt === 'Headphones "folded" on a desk')),
      noAlt: listed.some((p) => p.imageURLs.some((i) => !("alt" in i))),
      colour: listed.some((p) => p.imageURLs.some((i) => i.color !== null)),
      cents: listed.some((p) => !Number.isInteger(p.price)),
      halfDiscount: listed.some((p) => p.discount === 12.5),
      outOfStock: listed.some((p) => p.status === "out-of-stock"),
      rated: listed.some((p) => !Number.isInteger(p.rating)),
    };
    expect(Object.values(kinds).every(Boolean), JSON.stringify(kinds)).toBe(true);
    for (const item of listed) {
      const { reviews: _reviews, ...detail } = (
        await writeShop.app.inject({ url: `/api/product/${item.id}` })
      ).json() as Product;
      expect(item, item.sku).toStrictEqual(detail);
      // Key order too: a client that prints a product sees the same text either way.
      expect(Object.keys(item), item.sku).toEqual(Object.keys(detail));
    }
    const featured = (await writeShop.app.inject({ url: "/api/product/featured" })).json() as Product[];
    const found = (await writeShop.app.inject({ url: "/api/product/search?query=odd" })).json() as Product[];
    for (const item of [...featured, ...found]) {
      const { reviews: _reviews, ...detail } = (
        await writeShop.app.inject({ url: `/api/product/${item.id}` })
      ).json() as Product;
      expect(item).toStrictEqual(detail);
    }
    expect(found.map((p) => p.sku)).toEqual(expect.arrayContaining(["ODD-1", "ODD-2"]));
  });

  it("makes the slug unique with -2, -3 and refuses a taken explicit slug", async () => {
    const second = await send("POST", "/api/product", body({ sku: "TEST-0002" }));
    expect(second.json().slug).toBe("studio-monitor-headphones-stand-2");
    const third = await send("POST", "/api/product", body({ sku: "TEST-0003" }));
    expect(third.json().slug).toBe("studio-monitor-headphones-stand-3");
    const clash = await send(
      "POST",
      "/api/product",
      body({ sku: "TEST-0004", slug: "studio-monitor-headphones-stand" }),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain("studio-monitor-headphones-stand");
    const own = await send("POST", "/api/product", body({ sku: "TEST-0005", slug: "my-own-slug" }));
    expect(own.json().slug).toBe("my-own-slug");
  });

  it("refuses a duplicate SKU with 409 and a clear message", async () => {
    const res = await send("POST", "/api/product", body({ sku: all[0]!.sku }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`A product with SKU '${all[0]!.sku}' already exists; choose another SKU`);
  });

  it("refuses more than twelve images, and takes twelve", async () => {
    const images = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        img: `/api/images/products/headphones/${String(i).padStart(6, "0")}.svg`,
      }));
    const res = await send("POST", "/api/product", body({ sku: "TEST-0200", imageURLs: images(13) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("A product has at most 12 images");
    const ok = await send("POST", "/api/product", body({ sku: "TEST-0201", imageURLs: images(12) }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().imageURLs).toHaveLength(12);
  });

  it("refuses a subcategory outside the category, naming the allowed ones", async () => {
    const res = await send("POST", "/api/product", body({ sku: "TEST-0100", children: "Lipstick" }));
    expect(res.statusCode).toBe(400);
    for (const name of audio.children) expect(res.json().message).toContain(name);
    const ok = await send(
      "POST",
      "/api/product",
      body({ sku: "TEST-0101", children: slugify(audio.children[1]!) }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().children).toBe(audio.children[1]);
  });

  it("refuses unknown categories and brands, and bad bodies, writing nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ categoryId: "00000000-0000-4000-8000-000000000000" }, "categoryId"],
      [{ categoryId: "fashion" }, "categoryId"],
      [{ brandId: "00000000-0000-4000-8000-000000000000" }, "brandId"],
      [{ price: -1 }, "price"],
      [{ price: 10.999 }, "price"],
      [{ quantity: 1.5 }, "quantity"],
      [{ quantity: -2 }, "quantity"],
      [{ discount: 120 }, "discount"],
      [{ title: "" }, "title"],
      [{ videoId: "<script>" }, "videoId"],
      [{ offerDate: { startDate: "2030-02-01T00:00:00Z", endDate: "2030-01-01T00:00:00Z" } }, "offerDate"],
      [{ offerDate: { startDate: "soon", endDate: "later" } }, "offerDate"],
    ];
    const before = (await writeShop.app.inject({ url: "/api/product?pageSize=1" })).headers["x-total-count"];
    for (const [overrides, field] of cases) {
      const res = await send("POST", "/api/product", body({ sku: "TEST-0200", ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const after = (await writeShop.app.inject({ url: "/api/product?pageSize=1" })).headers["x-total-count"];
    expect(after).toBe(before);
  });

  it("replaces a product with PUT, ignoring read-only fields, keeping the slug, following the category", async () => {
    const created = (
      await send("POST", "/api/product", body({ sku: "TEST-0300", title: "Put Target" }))
    ).json() as Product;
    const record = { ...created, sellCount: 999, rating: 4.5, reviewCount: 7, status: "out-of-stock" };
    const res = await send("PUT", `/api/product/${created.id}`, {
      ...record,
      slug: undefined,
      title: "Put Target Renamed",
      price: 50,
      discount: 0,
      quantity: 0,
      categoryId: fashion.id,
      children: fashion.children[0],
      brandId: null,
      offerDate: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = productSchema.parse(res.json());
    expect(updated.id).toBe(created.id);
    expect(updated.slug).toBe(created.slug);
    expect(updated.title).toBe("Put Target Renamed");
    expect(updated.productType).toBe("fashion");
    expect(updated.parent).toBe(fashion.name);
    expect(updated.status).toBe("out-of-stock");
    expect(updated.sellCount).toBe(0);
    expect(updated.rating).toBe(0);
    expect(updated.brandId).toBeNull();
    expect(updated.brand).toEqual({ name: "" });
    expect(updated.offerDate).toBeNull();
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    const found = (
      await writeShop.app.inject({ url: "/api/product?searchText=renamed" })
    ).json() as Product[];
    expect(found.map((p) => p.id)).toEqual([created.id]);

    const clash = await send("PUT", `/api/product/${created.id}`, { ...record, sku: all[1]!.sku });
    expect(clash.statusCode).toBe(409);
    const same = await send("PUT", `/api/product/${created.id}`, { ...record, title: "Keeps Its SKU" });
    expect(same.statusCode).toBe(200);
  });

  it("answers 404 for PUT and DELETE of unknown or malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const put = await send("PUT", `/api/product/${id}`, body({ sku: "TEST-0400" }));
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe("Product not found");
      expect((await send("DELETE", `/api/product/${id}`)).statusCode).toBe(404);
    }
  });

  it("refuses to delete an ordered product, and deletes one nobody ordered, answering the record", async () => {
    const [ordered] = await writeShop.database.db
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .limit(1);
    expect(ordered).toBeDefined();
    const refused = await send("DELETE", `/api/product/${ordered!.productId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("This product has orders; set its quantity to 0 instead");
    expect((await writeShop.app.inject({ url: `/api/product/${ordered!.productId}` })).statusCode).toBe(200);

    const created = (
      await send("POST", "/api/product", body({ sku: "TEST-0500", title: "Short Lived" }))
    ).json() as Product;
    const res = await send("DELETE", `/api/product/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    expect((await writeShop.app.inject({ url: `/api/product/${created.id}` })).statusCode).toBe(404);
    expect((await send("DELETE", `/api/product/${created.id}`)).statusCode).toBe(404);
  });
});
