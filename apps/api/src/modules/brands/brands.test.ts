/** Brands through the HTTP API: lists with product counts, react-admin's params, lookup by id or slug, and admin writes. */
import { slugify } from "@shop/domain/catalogue";
import { type Brand, brandSchema, type Product } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProducts, createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;
let brands: Brand[];
let products: Product[];

const get = (url: string) => shop.app.inject({ method: "GET", url });
const send = (method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown, headers = admin) =>
  shop.app.inject({ method, url, payload: payload as object, headers });
const productsWhere = (query: string) => allProducts(shop.app, query);
const ids = (items: { id: string }[]) => items.map((p) => p.id).sort();

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
  brands = (await get("/api/brands")).json() as Brand[];
  products = await productsWhere("sort=default-sorting");
});

afterAll(async () => {
  await shop?.close();
});

describe("GET /brands", () => {
  it("lists every brand by name with product counts matching the products", async () => {
    const res = await get("/api/brands");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(brands.length));
    expect(brands.length).toBeGreaterThan(5);
    const byName = (await get('/api/brands?sort=["name","ASC"]')).json() as Brand[];
    expect(byName.map((b) => b.id)).toEqual(brands.map((b) => b.id));
    expect(brands.reduce((sum, b) => sum + b.productCount, 0)).toBe(products.filter((p) => p.brandId).length);
    for (const brand of brands) {
      expect(brandSchema.safeParse(brand).success).toBe(true);
      expect(brand.slug).toBe(slugify(brand.name));
      expect(brand.productCount).toBe(products.filter((p) => p.brandId === brand.id).length);
    }
  });

  it("takes react-admin's sort, range and filter", async () => {
    const desc = (await get('/api/brands?sort=["productCount","DESC"]')).json() as Brand[];
    for (let i = 1; i < desc.length; i++)
      expect(desc[i - 1]!.productCount).toBeGreaterThanOrEqual(desc[i]!.productCount);
    const names = (await get('/api/brands?sort=["name","DESC"]')).json() as Brand[];
    expect(names.map((b) => b.id)).toEqual(brands.map((b) => b.id).reverse());
    const page = await get("/api/brands?range=[1,3]");
    expect(page.headers["content-range"]).toBe(`items 1-3/${brands.length}`);
    expect((page.json() as Brand[]).map((b) => b.id)).toEqual(brands.slice(1, 4).map((b) => b.id));
    const word = brands[2]!.name.split(" ")[0]!.toUpperCase();
    const q = (
      await get(`/api/brands?filter=${encodeURIComponent(JSON.stringify({ q: word }))}`)
    ).json() as Brand[];
    expect(ids(q)).toEqual(ids(brands.filter((b) => b.name.toUpperCase().includes(word))));
    expect(q.length).toBeGreaterThan(0);
    const wanted = [brands[0]!.id, brands[3]!.id];
    const many = await get(`/api/brands?filter=${encodeURIComponent(JSON.stringify({ id: wanted }))}`);
    expect(ids(many.json())).toEqual([...wanted].sort());
    expect(many.headers["x-total-count"]).toBe("2");
  });

  it("refuses unknown sorts and filters and malformed params", async () => {
    const cases: [string, string][] = [
      ['/api/brands?sort=["password","ASC"]', "Cannot sort by 'password'"],
      ["/api/brands?sort=name", "JSON array"],
      ["/api/brands?filter=nope", "filter must be JSON"],
      [`/api/brands?filter=${encodeURIComponent('{"email":"x"}')}`, "Cannot filter brands by 'email'"],
      ["/api/brands?range=[0,500]", "most is 100"],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe("GET /brands/{id}", () => {
  it("finds a brand by id, slug or URL-encoded name, with its product count", async () => {
    const brand = brands.find((b) => b.productCount > 0)!;
    for (const key of [brand.id, brand.slug, encodeURIComponent(brand.name)]) {
      const res = await get(`/api/brands/${key}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json()).toEqual(brand);
    }
  });

  it("answers 404 for unknown ids and slugs", async () => {
    for (const key of ["00000000-0000-4000-8000-000000000000", "no-such-brand"]) {
      const res = await get(`/api/brands/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Brand not found");
    }
  });
});

describe("POST, PUT, DELETE /brands (admin)", () => {
  it("refuses callers who are not admins", async () => {
    const target = `/api/brands/${brands[0]!.id}`;
    for (const [method, url] of [
      ["POST", "/api/brands"],
      ["PUT", target],
      ["DELETE", target],
    ] as const) {
      expect((await send(method, url, { name: "Nope" }, {})).statusCode).toBe(401);
      expect((await send(method, url, { name: "Nope" }, shopper)).statusCode).toBe(403);
    }
  });

  it("creates a brand, refuses the same slug again and bad bodies", async () => {
    const res = await send("POST", "/api/brands", { name: "Coral & Reef", description: "Beachwear." });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      name: "Coral & Reef",
      slug: "coral-reef",
      description: "Beachwear.",
      productCount: 0,
    });
    const again = await send("POST", "/api/brands", { name: "coral reef" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already exists");
    for (const bad of [{}, { name: "" }, { name: "&" }, { name: "x".repeat(81) }]) {
      const refused = await send("POST", "/api/brands", bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().message).toContain("name");
    }
  });

  it("renames a brand: new slug, its products follow in filters and search", async () => {
    const brand = brands.find((b) => b.productCount > 0)!;
    const before = products.filter((p) => p.brandId === brand.id);
    const res = await send("PUT", `/api/brands/${brand.id}`, { ...brand, name: "Quokka Labs" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: brand.id, slug: "quokka-labs", productCount: before.length });
    expect(ids(await productsWhere("brand=quokka-labs"))).toEqual(ids(before));
    expect(await productsWhere(`brand=${brand.slug}`)).toEqual([]);
    const found = await productsWhere("searchText=quokka");
    expect(ids(found)).toEqual(ids(before));
    expect(found.every((p) => p.brand.name === "Quokka Labs")).toBe(true);
    const clash = await send("PUT", `/api/brands/${brand.id}`, { name: "Coral Reef" });
    expect(clash.statusCode).toBe(409);
    expect((await send("PUT", "/api/brands/nope", { name: "X" })).statusCode).toBe(404);
    expect(
      (await send("PUT", "/api/brands/00000000-0000-4000-8000-000000000000", { name: "X" })).statusCode,
    ).toBe(404);
  });

  it("refuses to delete a brand with products (409), deletes an unused one answering the record", async () => {
    const used = brands.find((b) => b.productCount > 0)!;
    const refused = await send("DELETE", `/api/brands/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`This brand has ${used.productCount} product`);
    expect((await get(`/api/brands/${used.id}`)).statusCode).toBe(200);
    const created = (await get("/api/brands/coral-reef")).json() as Brand;
    const res = await send("DELETE", `/api/brands/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    expect((await get(`/api/brands/${created.id}`)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/brands/${created.id}`)).statusCode).toBe(404);
  });
});
