import type { Product } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../app.ts";
import { products } from "../db/schema.ts";
import { createTestShop, login, type TestShop, testEnv } from "../test/app.ts";
import { catalogueCacheLimits, changingCatalogue, staleWhileRevalidate } from "./catalogue-cache.ts";

// The shared test shop runs with the cache off; this file builds a second app on the same database with it on.
let shop: TestShop;
let cachedApp: App;

beforeAll(async () => {
  shop = await createTestShop();
  cachedApp = await buildApp({
    env: { ...testEnv({ CATALOGUE_CACHE_MS: "60000" }), JWT_SECRET: shop.app.env.JWT_SECRET },
    database: shop.database,
    logger: false,
  });
  await cachedApp.ready();
});
afterAll(async () => {
  await cachedApp.close();
  await shop.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  cachedApp.inject({ method: "GET", url, headers });

describe("the catalogue cache", () => {
  it("counts the facets from one scan per searched words, shared by every scope, price range and status", async () => {
    // First in the file, before any test writes to the catalogue: a change announced between its calls would
    // empty what it counts on.
    const selects = vi.spyOn(cachedApp.db, "select");
    const facetsOf = async (query: string) => {
      selects.mockClear();
      const res = await get(`/api/product/facets?${query}`);
      expect(res.statusCode).toBe(200);
      // The same counts as an app that caches nothing.
      expect(res.json()).toEqual(
        (await shop.app.inject({ method: "GET", url: `/api/product/facets?${query}` })).json(),
      );
      return selects.mock.calls.length;
    };
    try {
      // Settles what every facets answer reads first: the categories' and brands' ids and names.
      await facetsOf("minPrice=5");
      // No scan for another scope, price range, status or sort (the on-sale sort, which lists discounted products
      // only, included): the groups keep their prices.
      expect(await facetsOf("productType=beauty&minPrice=10")).toBe(0);
      expect(await facetsOf("productType=fashion&status=in-stock&minPrice=10&maxPrice=80")).toBe(0);
      expect(await facetsOf("category=headphones-audio&status=on-sale&sort=low-to-high&maxPrice=200")).toBe(
        0,
      );
      expect(await facetsOf("productType=beauty&status=in-stock&sort=on-sale&minPrice=10")).toBe(0);
      expect(await facetsOf("productType=fashion&minPrice=20&maxPrice=20")).toBe(0);
      // Searched words are looked up and scanned for, once.
      expect(await facetsOf("searchText=wireless&minPrice=20")).toBeGreaterThan(0);
      expect(await facetsOf("searchText=wireless&maxPrice=100&status=on-sale")).toBe(0);
    } finally {
      selects.mockRestore();
    }
  });

  it("answers a repeated listing from memory, with the same body and list headers", async () => {
    const url = "/api/product?productType=fashion&sort=low-to-high&pageSize=5";
    const first = await get(url);
    const second = await get(url);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.json()).toHaveLength(5);
    expect(second.headers["x-total-count"]).toBe(first.headers["x-total-count"]);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
  });

  it("is emptied by any change the database announces, and serves what the database says after it", async () => {
    const url = "/api/product?pageSize=1&sort=high-to-low";
    const [before]: Product[] = (await get(url)).json();
    expect((await get(url)).headers["x-cache"]).toBe("HIT");
    // A write straight to the database, as another API process would make: its trigger announces it.
    await shop.database.db.update(products).set({ quantity: 0 }).where(eq(products.id, before!.id));
    const after = await vi.waitFor(async () => {
      const res = await get(url);
      expect(res.headers["x-cache"]).toBe("MISS");
      return res;
    }, 15_000);
    expect(after.json()[0]).toMatchObject({ id: before!.id, quantity: 0, status: "out-of-stock" });
  });

  it("drops cached answers when an order takes stock", async () => {
    const shopper = await login(cachedApp, "shopper");
    const [product]: Product[] = (await get("/api/product?status=in-stock&pageSize=1")).json();
    const detail = `/api/product/${product!.id}`;
    await get(detail);
    expect((await get(detail)).headers["x-cache"]).toBe("HIT");
    const shipping = (await get("/api/shipping")).json()[0];
    const order = await cachedApp.inject({
      method: "POST",
      url: "/api/orders",
      headers: shopper.headers,
      payload: {
        items: [{ productId: product!.id, variantId: product!.variants[0]!.id, quantity: 1 }],
        addressId: shopper.user.addresses![0]!.addressId,
        shippingMethodId: shipping.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "+1 809 555 0142",
      },
    });
    expect(order.statusCode).toBe(201);
    const after = await get(detail);
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.json().quantity).toBe(product!.quantity - 1);
  });

  it("keys answers by the validated query: order, empty and unknown parameters make no new entry", async () => {
    const first = await get("/api/product?sort=high-to-low&pageSize=4&productType=beauty");
    expect(first.headers["x-cache"]).toBe("MISS");
    for (const same of [
      "/api/product?productType=beauty&pageSize=4&sort=high-to-low",
      "/api/product?sort=high-to-low&pageSize=4&productType=beauty&minPrice=&utm_source=mail",
      "/api/product?sort=high-to-low&pageSize=4&productType=beauty&x1=1&x2=2&x3=3",
    ]) {
      const res = await get(same);
      expect(res.headers["x-cache"], same).toBe("HIT");
      expect(res.body).toBe(first.body);
    }
    // A different validated query is a different answer.
    expect(
      (await get("/api/product?sort=high-to-low&pageSize=5&productType=beauty")).headers["x-cache"],
    ).toBe("MISS");
  });

  it("keeps answers within a memory budget in bytes, not a number of entries", async () => {
    const saved = { ...catalogueCacheLimits };
    const small = (page: number) => `/api/product?sort=low-to-high&pageSize=1&page=${page}`;
    const oneSmall = Buffer.byteLength((await get(small(40))).body);
    // Room for about four small answers, and not for one page of 40 products.
    catalogueCacheLimits.answerBytes = 4 * (oneSmall + 400);
    const app = await buildApp({
      env: { ...testEnv({ CATALOGUE_CACHE_MS: "60000" }), JWT_SECRET: shop.app.env.JWT_SECRET },
      database: shop.database,
      logger: false,
    });
    Object.assign(catalogueCacheLimits, saved);
    try {
      const ask = async (url: string) => (await app.inject({ method: "GET", url })).headers["x-cache"];
      const big = "/api/product?pageSize=40";
      expect(await ask(big)).toBe("MISS");
      expect(await ask(big)).toBe("MISS");
      for (let page = 1; page <= 8; page++) expect(await ask(small(page))).toBe("MISS");
      // The latest ones are cached, the first ones made room for them.
      expect(await ask(small(8))).toBe("HIT");
      expect(await ask(small(7))).toBe("HIT");
      expect(await ask(small(1))).toBe("MISS");
    } finally {
      await app.close();
    }
  });

  it("never caches for admins, errors or other methods", async () => {
    const admin = await login(cachedApp, "admin");
    const url = "/api/product?pageSize=2";
    await get(url, admin.headers);
    expect((await get(url, admin.headers)).headers["x-cache"]).toBeUndefined();
    const bad = "/api/product?pageSize=1000";
    expect((await get(bad)).statusCode).toBe(400);
    expect((await get(bad)).headers["x-cache"]).toBeUndefined();
  });
});

describe("values served stale while revalidating after a listing change", () => {
  it("answers the cached value at once after a change, computes the next once behind, then answers it", async () => {
    const db = cachedApp.db;
    let computed = 0;
    let release: () => void = () => {};
    const compute = async () => {
      computed += 1;
      if (computed > 1) await new Promise<void>((resolve) => (release = resolve));
      return computed;
    };
    expect(await staleWhileRevalidate(db, "test-behind", compute)).toBe(1);
    expect(await staleWhileRevalidate(db, "test-behind", compute)).toBe(1);
    expect(computed).toBe(1);

    await changingCatalogue(db, async () => {});
    // The next version is being computed: the cached one answers, and no second computation starts.
    expect(await staleWhileRevalidate(db, "test-behind", compute)).toBe(1);
    expect(await staleWhileRevalidate(db, "test-behind", compute)).toBe(1);
    expect(computed).toBe(2);
    release();
    await vi.waitFor(
      async () => expect(await staleWhileRevalidate(db, "test-behind", compute)).toBe(2),
      15_000,
    );
    expect(computed).toBe(2);
  });
});
