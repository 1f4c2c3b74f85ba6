/**
 * Variants through the HTTP API: the back office's grid (read, replace, generate, bulk), the listing's size and
 * colour filters with their facets, search by a variant's SKU, and "notify me when it's back" with its unsubscribe.
 */
import type { AdminVariants } from "@shop/domain/schemas/admin";
import type { Order, Product, ProductFacets, ShippingMethod } from "@shop/domain/schemas/public";
import { optionSlug } from "@shop/domain/variants";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { sendBackInStockMails } from "../inventory/routes.ts";
import { backInStockRequests } from "../inventory/tables.ts";

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;
let catalogue: Product[];

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
  catalogue = [];
  for (let page = 1; ; page++) {
    const items = (
      await shop.app.inject({ url: `/api/product?pageSize=100&page=${page}` })
    ).json() as Product[];
    catalogue.push(...items);
    if (items.length < 100) break;
  }
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });
const send = (method: "PUT" | "POST", url: string, payload?: object, headers = admin) =>
  shop.app.inject({ method, url, payload, headers });
const ids = (products: Product[]) => products.map((p) => p.id).sort();

async function listAll(query: string): Promise<Product[]> {
  const items: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`/api/product?${query}&pageSize=100&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const more = res.json() as Product[];
    items.push(...more);
    if (more.length < 100) return items;
  }
}
/**
 * The mails to `email` once the back-in-stock mails due are sent: a write that puts stock back sends them after
 * answering, so this waits (up to 3 s) for at least `atLeast`, then a moment more for any extra one.
 */
async function mailsTo(email: string, atLeast: number) {
  const sent = () => shop.app.mailer.sent.filter((m) => m.to === email);
  for (let waited = 0; sent().length < atLeast && waited < 3000; waited += 50) {
    await sendBackInStockMails(shop.app);
    await shop.app.mailer.idle();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  await shop.app.mailer.idle();
  return sent();
}

const comesIn = (p: Product, kind: "Size" | "Color", slug: string) =>
  p.variants.some((v) => v.options[kind] !== undefined && optionSlug(v.options[kind]!) === slug);

describe("the listing by size and colour", () => {
  it("lists the products that come in a size, a colour, or both, any of several values", async () => {
    const sized = catalogue.find((p) => p.sizes.includes("42"))!;
    expect(sized).toBeDefined();
    expect(ids(await listAll("size=42"))).toEqual(ids(catalogue.filter((p) => comesIn(p, "Size", "42"))));
    const colour = optionSlug(sized.variants[0]!.options.Color!);
    expect(ids(await listAll(`color=${colour}`))).toEqual(
      ids(catalogue.filter((p) => comesIn(p, "Color", colour))),
    );
    const both = await listAll(`size=42&color=${colour}`);
    expect(both.map((p) => p.id)).toContain(sized.id);
    expect(ids(both)).toEqual(
      ids(catalogue.filter((p) => comesIn(p, "Size", "42") && comesIn(p, "Color", colour))),
    );
    const either = await listAll("size=42,m&size=7");
    expect(ids(either)).toEqual(
      ids(catalogue.filter((p) => ["42", "m", "7"].some((s) => comesIn(p, "Size", s)))),
    );
    // Rings by size.
    expect((await listAll("size=7&productType=jewelry")).length).toBeGreaterThan(0);
    expect(await listAll("size=no-such-size")).toEqual([]);
  });

  it("counts each size and colour under the other filters, as the listing would list them", async () => {
    const facets = (await get("/api/product/facets?productType=fashion")).json() as ProductFacets;
    const fashion = catalogue.filter((p) => p.productType === "fashion");
    expect(facets.sizes.length).toBeGreaterThan(3);
    for (const size of facets.sizes) {
      expect(size.count, size.value).toBe(fashion.filter((p) => comesIn(p, "Size", size.slug)).length);
    }
    expect(facets.sizes.map((s) => s.value).slice(0, 3)).toEqual(["XS", "S", "M"]);
    for (const colour of facets.colors) {
      expect(colour.clrCode).toMatch(/^#[0-9A-Fa-f]{6}$/);
      expect(colour.count, colour.value).toBe(fashion.filter((p) => comesIn(p, "Color", colour.slug)).length);
    }
    // A chosen size narrows the colours' counts, not the sizes' own.
    const withSize = (await get("/api/product/facets?productType=fashion&size=m")).json() as ProductFacets;
    expect(withSize.sizes).toEqual(facets.sizes);
    for (const colour of withSize.colors) {
      expect(colour.count).toBe(
        fashion.filter((p) => comesIn(p, "Size", "m") && comesIn(p, "Color", colour.slug)).length,
      );
    }
    const brands = withSize.brands.reduce((sum, b) => sum + b.count, 0);
    expect(brands).toBe(fashion.filter((p) => comesIn(p, "Size", "m")).length);
  });

  it("finds a product by a variant's SKU, whatever its case", async () => {
    const product = catalogue.find((p) => p.variants.length > 3)!;
    const variant = product.variants[3]!;
    for (const url of [
      `/api/product/search?query=${encodeURIComponent(variant.sku.toLowerCase())}`,
      `/api/product?searchText=${encodeURIComponent(variant.sku)}`,
    ]) {
      const found = (await get(url)).json() as Product[];
      expect(
        found.map((p) => p.id),
        url,
      ).toContain(product.id);
    }
  });
});

describe("the back office's variants grid", () => {
  let product: Product;
  beforeAll(() => {
    product = catalogue.find((p) => p.options.length === 2 && p.variants.length >= 4)!;
  });
  const url = () => `/api/admin/products/${product.id}/variants`;

  it("is for admins only", async () => {
    expect((await get(url())).statusCode).toBe(401);
    expect((await get(url(), shopper)).statusCode).toBe(403);
    expect((await send("POST", `${url()}/generate`, undefined, shopper)).statusCode).toBe(403);
  });

  it("reads the options and every variant with its own price or none", async () => {
    const grid = (await get(url(), admin)).json() as AdminVariants;
    expect(grid.options).toEqual(product.options);
    expect(grid.variants.map((v) => v.id)).toEqual(product.variants.map((v) => v.id));
    expect(grid.variants.every((v) => v.price === null && v.discount === null)).toBe(true);
  });

  it("sets stock and price on the selected rows in bulk, the product's quantity following", async () => {
    const [a, b] = product.variants;
    const set = await send("POST", `${url()}/bulk`, {
      action: "set-stock",
      ids: [a!.id, b!.id],
      quantity: 7,
    });
    expect(set.statusCode, set.body).toBe(200);
    const add = await send("POST", `${url()}/bulk`, { action: "add-stock", ids: [a!.id], quantity: 3 });
    expect((add.json() as AdminVariants).variants.find((v) => v.id === a!.id)!.quantity).toBe(10);
    const price = await send("POST", `${url()}/bulk`, { action: "set-price", ids: [b!.id], price: 12.5 });
    expect(price.statusCode).toBe(200);
    const after = (await get(`/api/product/${product.id}`)).json() as Product;
    expect(after.variants.find((v) => v.id === b!.id)).toMatchObject({ price: 12.5, quantity: 7 });
    expect(after.variants.find((v) => v.id === a!.id)).toMatchObject({ price: product.price, quantity: 10 });
    expect(after.quantity).toBe(after.variants.reduce((sum, v) => sum + v.quantity, 0));
    // The listing's document says the same.
    const listed = (await listAll(`searchText=${encodeURIComponent(product.sku)}`)).find(
      (p) => p.id === product.id,
    );
    expect(listed?.variants.find((v) => v.id === b!.id)?.price).toBe(12.5);
    const below = await send("POST", `${url()}/bulk`, { action: "add-stock", ids: [a!.id], quantity: -11 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toContain("cannot go below 0");
    const foreign = catalogue.find((p) => p.id !== product.id)!.variants[0]!.id;
    const stranger = await send("POST", `${url()}/bulk`, {
      action: "set-stock",
      ids: [foreign],
      quantity: 1,
    });
    expect(stranger.statusCode).toBe(400);
  });

  it("replaces the options and rows, and generates every missing combination", async () => {
    const grid = (await get(url(), admin)).json() as AdminVariants;
    const [size] = grid.options.filter((o) => o.name === "Size");
    const options = grid.options.map((o) =>
      o.name === "Size" ? { ...o, values: [...o.values, { value: "XXL", clrCode: null }] } : o,
    );
    // Keep every row but the last; change the first's SKU and price.
    const rows = grid.variants.slice(0, -1).map((v, i) => ({
      id: v.id,
      sku: i === 0 ? `${v.sku}-NEW` : v.sku,
      options: v.options,
      price: i === 0 ? 99.99 : v.price,
      discount: v.discount,
      quantity: v.quantity,
    }));
    const put = await send("PUT", url(), { options, variants: rows });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json() as AdminVariants;
    expect(saved.variants).toHaveLength(grid.variants.length - 1);
    expect(saved.variants[0]).toMatchObject({ sku: `${grid.variants[0]!.sku}-NEW`, price: 99.99 });
    expect(saved.options.find((o) => o.name === "Size")!.values).toHaveLength(size!.values.length + 1);

    const generated = (await send("POST", `${url()}/generate`)).json() as AdminVariants;
    const colours = options.find((o) => o.name === "Color")!.values.length;
    expect(generated.variants).toHaveLength(colours * (size!.values.length + 1));
    const made = generated.variants.filter((v) => v.options.Size === "XXL");
    expect(made.every((v) => v.quantity === 0 && v.sku.endsWith("-XXL"))).toBe(true);
    const product2 = (await get(`/api/product/${product.id}`)).json() as Product;
    expect(product2.sizes).toContain("XXL");

    const bad = await send("PUT", url(), {
      options,
      variants: [
        { sku: "X-1", options: { Color: "Nope", Size: "XXL" }, price: null, discount: null, quantity: 1 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("'Nope' is not one of");
    const clash = await send("PUT", url(), {
      options,
      variants: generated.variants.map((v, i) => ({ ...v, sku: i < 2 ? "SAME-SKU" : v.sku })),
    });
    expect(clash.statusCode).toBe(409);
    const taken = catalogue.find((p) => p.id !== product.id)!.variants[0]!.sku;
    const other = await send("PUT", url(), {
      options,
      variants: generated.variants.map((v, i) => ({ ...v, sku: i === 0 ? taken : v.sku })),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("SKU_TAKEN");
  });
});

describe("the product form", () => {
  it("makes a variant per colour and size with the stock spread, follows new sizes, and spreads a new quantity", async () => {
    const [category] = (await get("/api/categories?productType=fashion")).json() as { id: string }[];
    const body = {
      sku: "FORM-TEE",
      title: "Form Tee",
      categoryId: category!.id,
      price: 20,
      quantity: 7,
      sizes: ["S", "M"],
      imageURLs: [
        { img: "/api/images/a.svg", color: { name: "Sand", clrCode: "#D8C3A5" } },
        { img: "/api/images/b.svg", color: { name: "Navy", clrCode: "#1F3A5F" } },
      ],
    };
    const created = await send("POST", "/api/product", body);
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    expect(product.variants.map((v) => [v.sku, v.quantity, v.img])).toEqual([
      ["FORM-TEE-SAND-S", 2, "/api/images/a.svg"],
      ["FORM-TEE-SAND-M", 2, "/api/images/a.svg"],
      ["FORM-TEE-NAVY-S", 2, "/api/images/b.svg"],
      ["FORM-TEE-NAVY-M", 1, "/api/images/b.svg"],
    ]);
    // A new size: its variants start with none; the same quantity keeps each variant's stock.
    const more = await send("PUT", `/api/product/${product.id}`, { ...body, sizes: ["S", "M", "L"] });
    expect(more.statusCode, more.body).toBe(200);
    const grown = more.json() as Product;
    expect(grown.variants).toHaveLength(6);
    expect(grown.variants.filter((v) => v.options.Size === "L").every((v) => v.quantity === 0)).toBe(true);
    expect(grown.quantity).toBe(7);
    // A colour's picture taken away keeps the colour (removed in the grid); another quantity is spread.
    const spread = await send("PUT", `/api/product/${product.id}`, {
      ...body,
      sizes: ["S", "M", "L"],
      imageURLs: body.imageURLs.slice(0, 1),
      quantity: 12,
    });
    const after = spread.json() as Product;
    expect(after.variants).toHaveLength(6);
    expect(after.variants.map((v) => v.quantity)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(after.variants.find((v) => v.options.Color === "Navy")!.img).toBeNull();
  });
});

describe("notify me when it's back", () => {
  it("keeps one request per variant and address, mails once after a restock, and unsubscribes without sign-in", async () => {
    const product = catalogue.find((p) => p.quantity > 0 && p.variants.some((v) => v.quantity === 0))!;
    const soldOut = product.variants.find((v) => v.quantity === 0)!;
    const email = "waiting@shop.example";
    const ask = (address: string, variantId = soldOut.id) =>
      shop.app.inject({
        method: "POST",
        url: `/api/variants/${variantId}/notify`,
        payload: { email: address },
      });
    expect((await ask(email)).statusCode).toBe(202);
    expect((await ask(email.toUpperCase())).statusCode).toBe(202);
    expect((await ask("not-an-email")).statusCode).toBe(400);
    expect((await ask(email, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const inStock = product.variants.find((v) => v.quantity > 0)!;
    expect((await ask(email, inStock.id)).json().code).toBe("IN_STOCK");
    // Asked twice (in two spellings of one address): one request kept.
    const kept = await shop.database.db
      .select()
      .from(backInStockRequests)
      .where(eq(backInStockRequests.variantId, soldOut.id));
    expect(kept.map((r) => r.email)).toEqual([email]);

    expect(await mailsTo(email, 0)).toHaveLength(0);
    // Restocked in the back office: one mail, however often it is restocked or the sweep runs.
    const restock = await send("POST", `/api/admin/products/${product.id}/variants/bulk`, {
      action: "add-stock",
      ids: [soldOut.id],
      quantity: 2,
    });
    expect(restock.statusCode).toBe(200);
    const [mail, ...more] = await mailsTo(email, 1);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain(product.title);
    expect(mail!.text).toContain(`/product-details/${product.id}?variant=${soldOut.id}`);
    await send("POST", `/api/admin/products/${product.id}/variants/bulk`, {
      action: "add-stock",
      ids: [soldOut.id],
      quantity: 1,
    });
    expect(await mailsTo(email, 2)).toHaveLength(1);

    // The mail's unsubscribe link works without signing in; any token answers the same.
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const out = await get(`/api/back-in-stock/unsubscribe?token=${token}`);
    expect(out.statusCode).toBe(200);
    expect((await get("/api/back-in-stock/unsubscribe?token=nonsense")).json()).toEqual(out.json());
    const left = await shop.database.db
      .select()
      .from(backInStockRequests)
      .where(eq(backInStockRequests.variantId, soldOut.id));
    expect(left).toEqual([]);
  });

  it("takes at most 10 requests a minute from one address", async () => {
    const product = catalogue.find((p) => p.variants.some((v) => v.quantity === 0))!;
    const soldOut = product.variants.find((v) => v.quantity === 0)!;
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await shop.app.inject({
        method: "POST",
        url: `/api/variants/${soldOut.id}/notify`,
        payload: { email: `flood${i}@shop.example` },
        remoteAddress: "198.51.100.77",
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 202 || c === 409)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it("mails a shopper waiting on a variant an order's cancellation puts back", async () => {
    const product = catalogue.find((p) => p.variants.filter((v) => v.quantity > 0).length >= 2)!;
    const variant = product.variants.find((v) => v.quantity > 0)!;
    // Sold out by the back office, then by an order, then asked for, then the order cancelled.
    await send("POST", `/api/admin/products/${product.id}/variants/bulk`, {
      action: "set-stock",
      ids: [variant.id],
      quantity: 1,
    });
    const [method] = (await get("/api/shipping")).json() as ShippingMethod[];
    const placed = await shop.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: shopper,
      payload: {
        items: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
        shippingAddress: { streetAddress: "Calle 1" },
        shippingMethodId: method!.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "+1 809 555 0100",
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    const email = "cancelled-wait@shop.example";
    expect(
      (
        await shop.app.inject({
          method: "POST",
          url: `/api/variants/${variant.id}/notify`,
          payload: { email },
        })
      ).statusCode,
    ).toBe(202);
    const cancel = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      headers: shopper,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await mailsTo(email, 1)).toHaveLength(1);
  });
});
