/** The sitemap's lists through the HTTP API: counts, keys a page at a time in a stable order, bad input refused. */
import { sitemapCountsSchema, sitemapEntrySchema } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
const get = (url: string) => shop.app.inject({ method: "GET", url });

beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("GET /sitemap", () => {
  it("counts the products, categories and posts, as their own lists do", async () => {
    const res = await get("/api/sitemap");
    expect(res.statusCode).toBe(200);
    const counts = sitemapCountsSchema.parse(res.json());
    for (const [section, path] of [
      ["products", "/api/product"],
      ["categories", "/api/categories"],
      ["posts", "/api/blog"],
    ] as const) {
      expect(counts[section], section).toBe(Number((await get(path)).headers["x-total-count"]));
    }
  });
});

describe("GET /sitemap/{section}", () => {
  it("pages through every product id once, in a stable order, with its last change", async () => {
    const { products } = sitemapCountsSchema.parse((await get("/api/sitemap")).json());
    const entries = z.array(sitemapEntrySchema);
    const all = entries.parse((await get("/api/sitemap/products")).json());
    expect(all).toHaveLength(products);
    expect(all.every((entry) => entry.updatedAt !== null)).toBe(true);
    const first = entries.parse((await get("/api/sitemap/products?offset=0&limit=7")).json());
    const second = entries.parse((await get("/api/sitemap/products?offset=7&limit=7")).json());
    expect([...first, ...second]).toEqual(all.slice(0, 14));
    const categories = entries.parse((await get("/api/sitemap/categories")).json());
    expect(categories.every((entry) => entry.updatedAt === null && /^[a-z0-9-']+$/.test(entry.key))).toBe(
      true,
    );
  });

  it("refuses an unknown section or a bad page with a 400 that names it", async () => {
    const unknown = await get("/api/sitemap/users");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/section/);
    for (const query of ["offset=-1", "limit=0", "limit=50001", "offset=abc"]) {
      const res = await get(`/api/sitemap/products?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("lists nothing about shoppers: keys are product ids, category slugs and post ids only", async () => {
    const admin = await login(shop.app, "admin");
    const res = await shop.app.inject({ method: "GET", url: "/api/sitemap/posts", headers: admin.headers });
    const keys = z
      .array(sitemapEntrySchema)
      .parse(res.json())
      .map((entry) => entry.key);
    const posts = ((await get("/api/blog?pageSize=100")).json() as { id: string }[]).map((post) => post.id);
    expect(keys.sort()).toEqual(posts.sort());
  });
});
