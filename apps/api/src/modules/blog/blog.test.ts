import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "../../db/schema.ts";
import { urlSlug } from "../../slug.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;

interface Post {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  img: string;
  author: string;
  category: string;
  tags: string[];
  publishedAt: string;
}

const DAY = 24 * 60 * 60 * 1000;
const FIXTURE_NOW = Date.parse("2030-01-01T00:00:00Z");

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
  // Three posts of our own, dated in the future so they lead the default newest-first order.
  await shop.database.db.insert(blogPosts).values([
    {
      title: "Cuidado de la piel en verano",
      slug: "fixture-skin",
      excerpt: "Protector solar cada día",
      body: "Cuerpo",
      img: "/api/images/blog/fixture-skin.svg",
      author: "Lucía",
      category: "Beauty & Care",
      tags: ["Fixture-Skincare", "summer"],
      publishedAt: new Date(FIXTURE_NOW),
    },
    {
      title: "Auriculares para viajar",
      slug: "fixture-headphones",
      excerpt: "Cancelación de ruido",
      body: "Cuerpo",
      img: "/api/images/blog/fixture-headphones.svg",
      author: "Marco",
      category: "Tech Guides",
      tags: ["audio", "travel"],
      publishedAt: new Date(FIXTURE_NOW - DAY),
    },
    {
      title: "Anillos 100% oro",
      slug: "fixture-rings",
      excerpt: "Quilates_explicados",
      body: "Cuerpo",
      img: "/api/images/blog/fixture-rings.svg",
      author: "Ana",
      category: "Tech Guides",
      tags: ["gold"],
      publishedAt: new Date(FIXTURE_NOW - 2 * DAY),
    },
  ]);
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: "GET", url, headers });
const list = async (query = "") => {
  const res = await get(`/api/blog${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, items: res.json() as Post[] };
};
const q = (params: Record<string, unknown>) =>
  `?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`)
    .join("&")}`;
const isDescending = (dates: string[]) => dates.every((d, i) => i === 0 || dates[i - 1]! >= d);

describe("GET /blog", () => {
  it("lists posts newest first with the list headers", async () => {
    const { res, items } = await list("?pageSize=100");
    const total = Number(res.headers["x-total-count"]);
    expect(total).toBeGreaterThan(3);
    expect(items).toHaveLength(total);
    expect(items.slice(0, 3).map((p) => p.slug)).toEqual([
      "fixture-skin",
      "fixture-headphones",
      "fixture-rings",
    ]);
    expect(isDescending(items.map((p) => p.publishedAt))).toBe(true);
    const seeded = items.find((p) => !p.slug.startsWith("fixture-"))!;
    expect(seeded.img).toBe(`/api/images/blog/${seeded.slug}.svg`);
    expect(new Date(seeded.publishedAt).toISOString()).toBe(seeded.publishedAt);
  });

  it("pages with page and pageSize", async () => {
    const { res, items } = await list("?page=2&pageSize=2");
    expect(items.map((p) => p.slug)).toEqual(["fixture-rings", expect.not.stringMatching(/^fixture-/)]);
    expect(res.headers["x-current-page"]).toBe("2");
    expect(res.headers["x-page-size"]).toBe("2");
    expect(res.headers["x-total-pages"]).toBe(String(Math.ceil(Number(res.headers["x-total-count"]) / 2)));
  });

  it("filters by text, category (name or slug) and tag, case-insensitively", async () => {
    expect((await list("?q=AURICULARES")).items.map((p) => p.slug)).toEqual(["fixture-headphones"]);
    expect((await list("?q=ruido")).items.map((p) => p.slug)).toEqual(["fixture-headphones"]);
    expect((await list("?category=tech-guides")).items.map((p) => p.slug)).toEqual([
      "fixture-headphones",
      "fixture-rings",
    ]);
    expect((await list(`?category=${encodeURIComponent("Tech Guides")}`)).items).toHaveLength(2);
    expect((await list(`?category=${encodeURIComponent("beauty & care")}`)).items.map((p) => p.slug)).toEqual(
      ["fixture-skin"],
    );
    expect((await list("?tag=FIXTURE-skincare")).items.map((p) => p.slug)).toEqual(["fixture-skin"]);
    expect((await list("?tag=gold&category=beauty-care")).items).toEqual([]);
  });

  it("takes % and _ in the text literally", async () => {
    expect((await list(`?q=${encodeURIComponent("100%")}`)).items.map((p) => p.slug)).toEqual([
      "fixture-rings",
    ]);
    expect((await list("?q=quilates_")).items.map((p) => p.slug)).toEqual(["fixture-rings"]);
    // "o_o" would match "oro" if _ were a wildcard.
    expect((await list("?q=o_o")).items).toEqual([]);
  });

  it("accepts react-admin's sort, range and filter", async () => {
    const { items, res } = await list(
      q({ sort: ["title", "ASC"], range: [0, 1], filter: { category: "Tech Guides" } }),
    );
    expect(items.map((p) => p.slug)).toEqual(["fixture-rings", "fixture-headphones"]);
    expect(res.headers["x-total-count"]).toBe("2");
    expect(res.headers["content-range"]).toBe("items 0-1/2");
    const oldest = await list(q({ sort: ["publishedAt", "ASC"], range: [0, 99] }));
    expect(oldest.items.at(-1)!.slug).toBe("fixture-skin");
    const skin = oldest.items.at(-1)!;
    const byId = await list(q({ filter: { id: [skin.id] } }));
    expect(byId.items).toEqual([skin]);
    const byQ = await list(q({ filter: { q: "piel", tag: "summer" } }));
    expect(byQ.items.map((p) => p.slug)).toEqual(["fixture-skin"]);
  });

  it("refuses bad list parameters with a message", async () => {
    const sort = await get(`/api/blog${q({ sort: ["body", "ASC"] })}`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe(
      "Cannot sort by 'body'; sort by one of: id, title, publishedAt, author, category",
    );
    const pageSize = await get("/api/blog?pageSize=1000");
    expect(pageSize.statusCode).toBe(400);
    expect(pageSize.json().message).toContain("querystring.pageSize");
    const page = await get("/api/blog?page=0");
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toContain("querystring.page");
  });
});

describe("GET /blog/{id}", () => {
  it("finds a post by id and by slug", async () => {
    const { items } = await list();
    const post = items[0]!;
    const byId = await get(`/api/blog/${post.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual(post);
    const bySlug = await get(`/api/blog/${post.slug}`);
    expect(bySlug.json()).toEqual(post);
  });

  it("answers 404 for an unknown id or slug", async () => {
    const res = await get("/api/blog/00000000-0000-4000-8000-000000000000");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Blog post not found");
    expect((await get("/api/blog/no-such-post")).statusCode).toBe(404);
  });
});

describe("admin writes", () => {
  const input = {
    title: "¿Qué reloj elegir?",
    excerpt: "Una guía breve",
    body: "Texto largo",
    author: "Ana",
    category: "Guides",
    tags: ["watch"],
  };

  it("creates a post with a slug from the title, a generated image and today's date", async () => {
    const before = Date.now();
    const res = await shop.app.inject({ method: "POST", url: "/api/blog", headers: admin, payload: input });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json() as Post;
    expect(post).toMatchObject({
      ...input,
      slug: "que-reloj-elegir",
      img: "/api/images/blog/que-reloj-elegir.svg",
    });
    expect(Date.parse(post.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await get("/api/blog/que-reloj-elegir")).json()).toEqual(post);
  });

  it("refuses a duplicate slug with 409 and bad input with 400", async () => {
    const dup = await shop.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: admin,
      payload: { ...input, slug: "fixture-skin" },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await shop.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: admin,
      payload: { ...input, excerpt: undefined },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("body.excerpt");
    const date = await shop.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: admin,
      payload: { ...input, slug: "dated", publishedAt: "yesterday" },
    });
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toContain("body.publishedAt: must be an ISO date-time");
    const noSlug = await shop.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: admin,
      payload: { ...input, title: "¿¡!?" },
    });
    expect(noSlug.statusCode).toBe(400);
    expect(noSlug.json().message).toContain("body.slug");
  });

  it("replaces a post, keeping its date unless one is sent, and deletes it with 204", async () => {
    const created = (
      await shop.app.inject({
        method: "POST",
        url: "/api/blog",
        headers: admin,
        payload: { ...input, slug: "to-edit", publishedAt: "2024-05-01T10:00:00Z" },
      })
    ).json() as Post;
    const put = await shop.app.inject({
      method: "PUT",
      url: `/api/blog/${created.id}`,
      headers: admin,
      payload: { ...created, title: "Editado", tags: [] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...created, title: "Editado", tags: [] });
    expect(put.json().publishedAt).toBe("2024-05-01T10:00:00.000Z");

    const del = await shop.app.inject({ method: "DELETE", url: `/api/blog/${created.id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe("");
    expect((await get(`/api/blog/${created.id}`)).statusCode).toBe(404);
    const again = await shop.app.inject({ method: "DELETE", url: `/api/blog/${created.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
    const putMissing = await shop.app.inject({
      method: "PUT",
      url: `/api/blog/${created.id}`,
      headers: admin,
      payload: input,
    });
    expect(putMissing.statusCode).toBe(404);
  });

  it("requires an admin for every write", async () => {
    const { items } = await list();
    const url = `/api/blog/${items[0]!.id}`;
    for (const [method, path] of [
      ["POST", "/api/blog"],
      ["PUT", url],
      ["DELETE", url],
    ] as const) {
      const payload = method === "DELETE" ? undefined : input;
      expect((await shop.app.inject({ method, url: path, payload })).statusCode).toBe(401);
      expect((await shop.app.inject({ method, url: path, headers: shopper, payload })).statusCode).toBe(403);
    }
    expect((await get(url)).json()).toEqual(items[0]);
  });
});

describe("urlSlug", () => {
  it("makes URL-safe slugs", () => {
    expect(urlSlug("  Tendencias de Moda 2025: ¡Lo Nuevo!  ")).toBe("tendencias-de-moda-2025-lo-nuevo");
    expect(urlSlug("Café & Té")).toBe("cafe-te");
    expect(urlSlug("¿?")).toBe("");
  });
});
