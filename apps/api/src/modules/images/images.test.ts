import { slugify } from "@shop/domain/catalogue";
import {
  bannerImageUrl,
  blogImageUrl,
  categoryImageUrl,
  productImageUrl,
  seedBanners,
  seedBlogPosts,
  seedCategories,
  seedProducts,
} from "@shop/domain/sample-catalogue";
import {
  bannerSvg,
  blogSvg,
  ILLUSTRATION_KINDS,
  productSvg,
} from "@shop/domain/sample-catalogue/illustrations";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { categoryKind } from "./routes.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string) => shop.app.inject({ method: "GET", url });

function expectSvg(
  res: Awaited<ReturnType<typeof get>>,
  cacheControl = "public, max-age=31536000, immutable",
) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("image/svg+xml");
  expect(res.headers["cache-control"]).toBe(cacheControl);
  expect(res.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.body.startsWith("<svg")).toBe(true);
  expect(res.body.trimEnd().endsWith("</svg>")).toBe(true);
  expect(res.body).not.toMatch(/<script/i);
}

describe("product pictures", () => {
  it("draws every kind in the colour of the URL", async () => {
    for (const kind of ILLUSTRATION_KINDS) {
      const res = await get(productImageUrl(kind, "#1A7F5C"));
      expectSvg(res);
      expect(res.body).toBe(productSvg(kind, "#1a7f5c"));
    }
  });

  it("serves every image URL the seed gave the products", async () => {
    const rows = await shop.database.db.query.products.findMany({ columns: { img: true, imageUrls: true } });
    const urls = new Set(rows.flatMap((p) => [p.img, ...p.imageUrls.map((i) => i.img)]));
    expect(urls.size).toBeGreaterThan(20);
    for (const url of urls) expectSvg(await get(url));
  });

  it.each([
    "/api/images/products/spaceship/1a7f5c.svg",
    "/api/images/products/ring/1a7f5.svg",
    "/api/images/products/ring/1a7f5cc.svg",
    "/api/images/products/ring/zzzzzz.svg",
    "/api/images/products/ring/1a7f5c.png",
    "/api/images/products/ring/..%2F..%2Fetc%2Fpasswd",
    "/api/images/products/ring",
  ])("answers 404 for %s", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
  });
});

describe("banner pictures", () => {
  it("draws each seeded banner by index", async () => {
    for (const [index, banner] of seedBanners.entries()) {
      const res = await get(bannerImageUrl(index));
      expectSvg(res);
      expect(res.body).toBe(bannerSvg(banner.color, banner.title));
    }
  });

  it("serves the img of every seeded banner row", async () => {
    const { headers } = await login(shop.app, "admin");
    const all = await shop.app.inject({ method: "GET", url: "/api/banners?pageSize=100", headers });
    const banners = all.json() as { img: string }[];
    expect(banners.length).toBe(seedBanners.length);
    for (const b of banners) expectSvg(await get(b.img));
  });

  it.each([`${seedBanners.length}`, "-1", "1.5", "x", "99999"])("answers 404 for index %s", async (index) => {
    expect((await get(`/api/images/banners/${index}.svg`)).statusCode).toBe(404);
  });
});

describe("blog covers", () => {
  it("draws each seeded post by slug", async () => {
    for (const post of seedBlogPosts) {
      const res = await get(blogImageUrl(post.slug));
      expectSvg(res);
      expect(res.body).toBe(blogSvg(post.title, post.color));
    }
  });

  it("draws a cover for a post an admin added, kept for an hour", async () => {
    const admin = (await login(shop.app, "admin")).headers;
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: admin,
      payload: { title: "Nueva guía", excerpt: "Resumen", body: "Texto", author: "Ana", category: "Guides" },
    });
    expect(created.statusCode).toBe(201);
    const res = await get(created.json().img);
    expectSvg(res, "public, max-age=3600");
    expect(res.body).toContain("Nueva guía");
  });

  it("answers 404 for an unknown slug", async () => {
    expect((await get("/api/images/blog/no-such-post.svg")).statusCode).toBe(404);
    expect((await get("/api/images/blog/..%2F..%2Fetc%2Fpasswd")).statusCode).toBe(404);
  });
});

describe("category tiles", () => {
  it("draws each seeded category by slug, as its first product's kind in its colour and with its name", async () => {
    for (const category of seedCategories) {
      const res = await get(categoryImageUrl(slugify(category.name)));
      expectSvg(res);
      const kind = categoryKind(category.name, category.productType);
      expect(res.body).toBe(productSvg(kind, category.color, category.name));
    }
    const withProducts = seedCategories.filter((c) => seedProducts.some((p) => p.parent === c.name));
    expect(withProducts.length).toBeGreaterThan(0);
    for (const c of withProducts) {
      expect(categoryKind(c.name, c.productType)).toBe(seedProducts.find((p) => p.parent === c.name)!.kind);
    }
    expect(categoryKind("Unknown", "jewelry")).toBe("ring");
  });

  it("serves the img of every seeded category row", async () => {
    const rows = await shop.database.db.query.categories.findMany({ columns: { img: true } });
    expect(rows.length).toBe(seedCategories.length);
    for (const row of rows) expectSvg(await get(row.img!));
  });

  it("draws a tile for a category an admin added", async () => {
    await shop.database.db
      .insert(categories)
      .values({ name: "Drones", slug: "drones", productType: "electronics" });
    const res = await get("/api/images/categories/drones.svg");
    expectSvg(res, "public, max-age=3600");
    expect(res.body).toContain("Drones");
  });

  it("answers 404 for an unknown slug", async () => {
    expect((await get("/api/images/categories/nothing-here.svg")).statusCode).toBe(404);
    expect((await get("/api/images/categories/drones.png")).statusCode).toBe(404);
  });
});
