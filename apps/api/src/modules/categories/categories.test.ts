/** Categories through the HTTP API: lists with counts, react-admin's params, lookup by id or slug, and admin writes. */
import { slugify } from "@shop/domain/catalogue";
import { type Category, categorySchema, type Product } from "@shop/domain/schemas/public";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allProducts, createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;
let categories: Category[];
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
  categories = (await get("/api/categories")).json() as Category[];
  products = await productsWhere("sort=default-sorting");
});

afterAll(async () => {
  await shop?.close();
});

describe("GET /categories", () => {
  it("lists every category by name with subcategories and product counts matching the products", async () => {
    const res = await get("/api/categories");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe(String(categories.length));
    expect(categories.length).toBe(16);
    // Sorted by name by default (the database's collation decides the order of punctuation).
    const byName = (await get('/api/categories?sort=["name","ASC"]')).json() as Category[];
    expect(byName.map((c) => c.id)).toEqual(categories.map((c) => c.id));
    expect(categories[0]!.name < categories.at(-1)!.name).toBe(true);
    expect(categories.reduce((sum, c) => sum + c.productCount, 0)).toBe(products.length);
    for (const category of categories) {
      expect(categorySchema.safeParse(category).success).toBe(true);
      expect(category.slug).toBe(slugify(category.name));
      const own = products.filter((p) => p.categoryId === category.id);
      expect(category.productCount).toBe(own.length);
      expect(category.subcategories.map((s) => s.name)).toEqual(category.children);
      for (const sub of category.subcategories) {
        expect(sub.slug).toBe(slugify(sub.name));
        expect(sub.productCount).toBe(own.filter((p) => p.children === sub.name).length);
      }
    }
  });

  it("takes react-admin's sort, range and filter", async () => {
    const desc = (await get('/api/categories?sort=["productCount","DESC"]')).json() as Category[];
    for (let i = 1; i < desc.length; i++)
      expect(desc[i - 1]!.productCount).toBeGreaterThanOrEqual(desc[i]!.productCount);
    const names = (await get('/api/categories?sort=["name","DESC"]')).json() as Category[];
    expect(names.map((c) => c.id)).toEqual(categories.map((c) => c.id).reverse());
    const byType = (await get('/api/categories?sort=["productType","ASC"]')).json() as Category[];
    for (let i = 1; i < byType.length; i++)
      expect(byType[i - 1]!.productType <= byType[i]!.productType).toBe(true);

    const page = await get('/api/categories?range=[2,6]&sort=["name","ASC"]');
    expect(page.headers["content-range"]).toBe(`items 2-6/${categories.length}`);
    expect((page.json() as Category[]).map((c) => c.id)).toEqual(categories.slice(2, 7).map((c) => c.id));

    const q = (
      await get(`/api/categories?filter=${encodeURIComponent('{"q":"WATCH"}')}`)
    ).json() as Category[];
    expect(ids(q)).toEqual(ids(categories.filter((c) => c.name.toLowerCase().includes("watch"))));
    expect(q.length).toBeGreaterThan(0);
    const fashion = await get(`/api/categories?filter=${encodeURIComponent('{"productType":"fashion"}')}`);
    expect(ids(fashion.json())).toEqual(ids(categories.filter((c) => c.productType === "fashion")));
    expect(fashion.headers["x-total-count"]).toBe(
      String(categories.filter((c) => c.productType === "fashion").length),
    );
    const wanted = [categories[0]!.id, categories[5]!.id];
    const many = await get(`/api/categories?filter=${encodeURIComponent(JSON.stringify({ id: wanted }))}`);
    expect(ids(many.json())).toEqual([...wanted].sort());
    const plain = (await get("/api/categories?productType=jewelry&q=ring")).json() as Category[];
    expect(plain.every((c) => c.productType === "jewelry" && c.name.toLowerCase().includes("ring"))).toBe(
      true,
    );
    expect(plain.length).toBeGreaterThan(0);
  });

  it("refuses unknown sorts and filters and malformed params", async () => {
    const cases: [string, string][] = [
      ['/api/categories?sort=["password","ASC"]', "Cannot sort by 'password'"],
      ["/api/categories?sort=name", "JSON array"],
      ["/api/categories?filter={oops", "filter must be JSON"],
      [`/api/categories?filter=${encodeURIComponent('{"slug":"x"}')}`, "Cannot filter categories by 'slug'"],
      ["/api/categories?pageSize=1000", "pageSize"],
      ["/api/categories?productType=toys", "productType"],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe("GET /categories/{id}", () => {
  it("finds a category by id, slug or URL-encoded name", async () => {
    const audio = categories.find((c) => c.name === "Headphones & Audio")!;
    for (const key of [audio.id, audio.id.toUpperCase(), "headphones-audio", "Headphones%20%26%20Audio"]) {
      const res = await get(`/api/categories/${key}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json()).toEqual(audio);
    }
  });

  it("answers 404 for unknown ids and slugs", async () => {
    for (const key of ["00000000-0000-4000-8000-000000000000", "no-such-category", "123"]) {
      const res = await get(`/api/categories/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Category not found");
    }
  });
});

describe("POST, PUT, DELETE /categories (admin)", () => {
  const input = {
    name: "Home & Garden",
    productType: "electronics",
    description: "Smart home.",
    children: ["Lighting", "Smart Plugs"],
  };

  it("refuses callers who are not admins", async () => {
    const target = `/api/categories/${categories[0]!.id}`;
    for (const [method, url] of [
      ["POST", "/api/categories"],
      ["PUT", target],
      ["DELETE", target],
    ] as const) {
      expect((await send(method, url, input, {})).statusCode).toBe(401);
      expect((await send(method, url, input, shopper)).statusCode).toBe(403);
    }
  });

  it("creates a category with its slug and refuses the same name or slug again", async () => {
    const res = await send("POST", "/api/categories", input);
    expect(res.statusCode, res.body).toBe(201);
    const created = categorySchema.parse(res.json());
    expect(created.slug).toBe("home-garden");
    expect(created.productCount).toBe(0);
    expect(created.subcategories).toEqual([
      { name: "Lighting", slug: "lighting", productCount: 0 },
      { name: "Smart Plugs", slug: "smart-plugs", productCount: 0 },
    ]);
    const again = await send("POST", "/api/categories", { ...input, name: "home  &  GARDEN" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain("already exists");
    expect((await get("/api/categories/home-garden")).json().id).toBe(created.id);
  });

  it("refuses bad bodies with 400", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "name"],
      [{ name: "&" }, "name"],
      [{ productType: "toys" }, "productType"],
      [{ children: ["Lamps", "lamps"] }, "repeats"],
      [{ children: "Lamps" }, "children"],
    ];
    for (const [overrides, fragment] of cases) {
      const res = await send("POST", "/api/categories", { ...input, name: "Fresh Category", ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toContain(fragment);
    }
    expect((await get("/api/categories/fresh-category")).statusCode).toBe(404);
  });

  it("renames a category: new slug, products follow in filters and search", async () => {
    const watches = categories.find((c) => c.name === "Watches")!;
    const before = products.filter((p) => p.categoryId === watches.id);
    expect(before.length).toBeGreaterThan(0);
    const res = await send("PUT", `/api/categories/${watches.id}`, {
      ...watches,
      name: "Timepieces Zephyr",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().slug).toBe("timepieces-zephyr");
    expect(res.json().productCount).toBe(before.length);
    expect(ids(await productsWhere("category=timepieces-zephyr"))).toEqual(ids(before));
    expect(await productsWhere("category=watches")).toEqual([]);
    // search_text was rewritten in the same transaction.
    const found = await productsWhere("searchText=zephyr");
    expect(ids(found)).toEqual(ids(before));
    expect(found.every((p) => p.parent === "Timepieces Zephyr")).toBe(true);
    const clash = await send("PUT", `/api/categories/${watches.id}`, { ...watches, name: "Rings" });
    expect(clash.statusCode).toBe(409);
  });

  it("moves the products along when the product type changes, and respells subcategories on them", async () => {
    const category = categories.find(
      (c) => c.subcategories.some((s) => s.productCount > 0) && c.productType === "beauty",
    )!;
    const used = category.subcategories.find((s) => s.productCount > 0)!;
    const children = category.children.map((name) => (name === used.name ? name.toUpperCase() : name));
    const res = await send("PUT", `/api/categories/${category.id}`, {
      ...category,
      productType: "fashion",
      children,
    });
    expect(res.statusCode, res.body).toBe(200);
    const own = await productsWhere(`category=${category.slug}`);
    expect(own.length).toBe(category.productCount);
    expect(own.every((p) => p.productType === "fashion")).toBe(true);
    const respelled = own.filter((p) => slugify(p.children) === used.slug);
    expect(respelled.length).toBe(used.productCount);
    expect(respelled.every((p) => p.children === used.name.toUpperCase())).toBe(true);
    const restore = await send("PUT", `/api/categories/${category.id}`, category);
    expect(restore.statusCode).toBe(200);
    expect((await productsWhere(`category=${category.slug}`)).every((p) => p.productType === "beauty")).toBe(
      true,
    );
  });

  it("refuses to drop a subcategory that products use, naming how many; drops an unused one", async () => {
    const category = categories.find(
      (c) => c.subcategories.some((s) => s.productCount > 0) && c.name !== "Watches",
    )!;
    const used = category.subcategories.find((s) => s.productCount > 0)!;
    const res = await send("PUT", `/api/categories/${category.id}`, {
      ...category,
      children: category.children.filter((name) => name !== used.name),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(`'${used.name}' (${used.productCount} product`);
    expect(res.json().message).toContain(`${used.productCount} product`);
    expect((await get(`/api/categories/${category.id}`)).json().children).toEqual(category.children);

    const created = (await get("/api/categories/home-garden")).json() as Category;
    const trimmed = await send("PUT", `/api/categories/${created.id}`, {
      ...created,
      children: ["Lighting"],
    });
    expect(trimmed.statusCode).toBe(200);
    expect(trimmed.json().children).toEqual(["Lighting"]);
  });

  it("answers 404 for PUT and DELETE of unknown or malformed ids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await send("PUT", `/api/categories/${id}`, input)).statusCode).toBe(404);
      expect((await send("DELETE", `/api/categories/${id}`)).statusCode).toBe(404);
    }
  });

  it("refuses to delete a category with products, and deletes an empty one answering the record", async () => {
    const full = categories.find((c) => c.productCount > 0)!;
    const refused = await send("DELETE", `/api/categories/${full.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(`This category has ${full.productCount} product`);
    const created = (await get("/api/categories/home-garden")).json() as Category;
    const res = await send("DELETE", `/api/categories/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
    expect((await get(`/api/categories/${created.id}`)).statusCode).toBe(404);
  });
});
