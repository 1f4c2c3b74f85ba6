// The pages benchmark's URLs and arithmetic: listings built from a catalogue, pages spread over it, percentiles,
// the markup count under #root, the goals' verdicts.
import { parseListingQuery } from "@shop/domain/catalogue";
import { describe, expect, it } from "vitest";
import { median, percentile, rootMarkup, summarize, verdictsOf } from "./page-figures.ts";
import { countUrl, scopesOf, shopListingUrls, shopUrl, spreadPages, strideFor } from "./pages-urls.ts";

const catalogue = {
  types: ["electronics", "jewelry"] as const,
  categories: [
    { slug: "rings", subCategories: ["statement-rings", "bands"] },
    { slug: "headphones-audio", subCategories: [] },
  ],
  brands: ["orocielo", "kelvane"],
};

describe("listing URLs", () => {
  it("write the storefront's own links: no default sort, no page 1", () => {
    expect(shopUrl({ sort: "default-sorting", page: 1 })).toBe("/shop");
    expect(shopUrl({ category: "rings", subCategory: "bands", sort: "on-sale", page: 3 })).toBe(
      "/shop?category=rings&subCategory=bands&sort=on-sale&page=3",
    );
    expect(shopUrl({ minPrice: 20, maxPrice: 800, status: "in-stock", brand: "kelvane" })).toBe(
      "/shop?minPrice=20&maxPrice=800&status=in-stock&brand=kelvane",
    );
  });

  it("count a listing without its page, and with the on-sale and new-added sorts only, which narrow the list", () => {
    expect(countUrl({ productType: "jewelry", sort: "high-to-low", page: 4 })).toBe(
      "/api/product?productType=jewelry&pageSize=1",
    );
    expect(countUrl({ brand: "orocielo", sort: "on-sale", page: 2 })).toBe(
      "/api/product?brand=orocielo&sort=on-sale&pageSize=1",
    );
    // new-added lists the last 6 products whatever the catalogue: its total is its own too.
    expect(countUrl({ productType: "fashion", sort: "new-added", page: 1 })).toBe(
      "/api/product?productType=fashion&sort=new-added&pageSize=1",
    );
  });

  it("scope everything, each type, category, subcategory within its category and brand", () => {
    expect(scopesOf(catalogue)).toEqual([
      {},
      { productType: "electronics" },
      { productType: "jewelry" },
      { category: "rings" },
      { category: "rings", subCategory: "statement-rings" },
      { category: "rings", subCategory: "bands" },
      { category: "headphones-audio" },
      { brand: "orocielo" },
      { brand: "kelvane" },
    ]);
  });

  it("step through every combination once", () => {
    for (const n of [1, 2, 7919, 7919 * 2, 2 * 3 * 5 * 7 * 11 * 13]) {
      const stride = strideFor(n);
      expect(new Set(Array.from({ length: n }, (_, i) => (i * stride) % n)).size).toBe(n);
    }
  });

  it("are distinct, deterministic, skip empty listings and stay within each listing's pages", async () => {
    const asked: string[] = [];
    // 100 products a listing, none on sale in electronics: 9 pages of 12 each; the on-sale sort lists 30.
    const totalOf = async (path: string) => {
      asked.push(path);
      if (path.includes("productType=electronics") && path.includes("on-sale")) return 0;
      return path.includes("sort=on-sale") ? 30 : 100;
    };
    const urls = await shopListingUrls(300, catalogue, totalOf);
    expect(urls).toHaveLength(300);
    expect(new Set(urls).size).toBe(300);
    expect(await shopListingUrls(300, catalogue, totalOf)).toEqual(urls);
    // Each listing's count is asked once per run.
    expect(new Set(asked).size).toBe(asked.length / 2);
    for (const url of urls) {
      expect(url.startsWith("/shop")).toBe(true);
      const filters = parseListingQuery(new URLSearchParams(url.split("?")[1] ?? ""));
      expect(filters.page ?? 1).toBeLessThanOrEqual(filters.sort === "on-sale" ? 3 : 9);
      const onSale = filters.status === "on-sale" || filters.sort === "on-sale";
      expect(filters.productType === "electronics" && onSale).toBe(false);
    }
    // Every sort, filter and a spread of pages, page 1 the most common.
    for (const part of [
      "sort=low-to-high",
      "sort=on-sale",
      "subCategory=bands",
      "brand=kelvane",
      "minPrice=500",
    ]) {
      expect(urls.some((u) => u.includes(part))).toBe(true);
    }
    const firstPages = urls.filter((u) => !u.includes("page=")).length;
    expect(firstPages).toBeGreaterThan(urls.length / 9);
    expect(urls.some((u) => u.includes("page=9"))).toBe(true);
  });

  it("stop at what the catalogue holds when it has fewer listings than asked", async () => {
    const urls = await shopListingUrls(10_000, { types: [], categories: [], brands: [] }, async () => 5);
    // One scope, 5 price ranges, 3 statuses, 5 sorts; one page each.
    expect(urls).toHaveLength(75);
  });
});

describe("pages spread over the catalogue", () => {
  it("take first and last and spread the rest evenly", () => {
    expect(spreadPages(1000, 6)).toEqual([1, 201, 401, 600, 800, 1000]);
    expect(spreadPages(3, 6)).toEqual([1, 2, 3]);
    expect(spreadPages(1, 1)).toEqual([1]);
    expect(spreadPages(50, 1)).toEqual([1]);
    expect(spreadPages(0, 6)).toEqual([]);
  });
});

describe("latency figures", () => {
  it("percentiles by nearest rank, in any order", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(median([3, 1, 2])).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarize a pass", () => {
    expect(summarize([10, 30, 20, 200])).toEqual({ count: 4, p50: 20, p99: 200, max: 200 });
  });
});

describe("markup under #root", () => {
  it("counts the elements inside the root, not the head or what follows it", () => {
    const html = `<!doctype html><html><head><title>a < b</title><meta charset="utf-8"></head><body>
      <div id="root" data-server-rendered><header class="x"><a href="/">Home</a><img src="/a.svg" alt="a > b"></header>
      <main><svg viewBox="0 0 1 1"><path d="M0 0"/><use href="#star"/></svg><svg><path d="M1 1"></path></svg>
      <!-- <div>a comment</div> --><style>.a>b{color:red}</style><br><p>text</p></main></div>
      <script type="module" src="/x.js"></script><div>after</div></body></html>`;
    // header, a, img, main, svg, path, use, svg, path, style, br, p
    expect(rootMarkup(html)).toMatchObject({ elements: 12, svgs: 2 });
  });

  it("is null without a root", () => {
    expect(rootMarkup("<html><body><div id='app'></div></body></html>")).toBeNull();
  });
});

describe("goals", () => {
  it("judge each figure against its goal", () => {
    const verdicts = verdictsOf({
      kind: "product",
      firstPassP99: 240,
      firstPassErrors: 0,
      loadP99: 120,
      loadFailed: 0,
      pagesPerSecond: 300,
      healthPerSecond: 1000,
      htmlBytes: 61_000,
    });
    expect(verdicts.map((v) => [v.goal, v.met])).toEqual([
      ["under load p99 ≤ 100 ms", false],
      ["under load ≥ 25% of health", true],
      ["no errors", true],
      ["first pass p99 ≤ 250 ms", true],
      ["HTML ≤ 60 KB", false],
    ]);
  });
});
