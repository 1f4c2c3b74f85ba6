// Two API instances on one PostgreSQL database, each with its own pool, listener and catalogue cache, as two processes behind a load balancer run.
import type { Product, ProductFacets, ShippingMethod } from "@shop/domain/schemas/public";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type App, buildApp } from "../app.ts";
import { type Database, LISTEN_RETRY_MS, openDatabase } from "../db/client.ts";
import { products } from "../db/schema.ts";
import { changeStock } from "../modules/inventory/stock.ts";
import { createTestShop, engine, login, type TestShop, testEnv } from "../test/app.ts";
import { CATALOGUE_CHANNEL } from "./catalogue-cache.ts";

let shop: TestShop;
/** Two instances with the cache on, as shipped: `a` takes the writes, `b` is asked the questions. */
let a: { app: App; database: Database };
let b: { app: App; database: Database };

async function instance(): Promise<{ app: App; database: Database }> {
  const database = await openDatabase({ url: shop.url!, dataDir: "", poolSize: 5 });
  const env = { ...testEnv({ CATALOGUE_CACHE_MS: "60000" }), JWT_SECRET: shop.app.env.JWT_SECRET };
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return { app, database };
}

beforeAll(async () => {
  if (engine !== "postgres") return;
  shop = await createTestShop();
  a = await instance();
  b = await instance();
});
afterAll(async () => {
  if (engine !== "postgres") return;
  for (const i of [a, b]) {
    await i.app.close();
    await i.database.close();
  }
  await shop.close();
});

const get = (i: { app: App }, url: string) => i.app.inject({ method: "GET", url });

/** Asks `b` until it answers from the database (a MISS) what `check` expects: notifications arrive in a moment. */
function eventuallyOnB(url: string, check: (res: Awaited<ReturnType<typeof get>>) => void) {
  return vi.waitFor(
    async () => {
      const res = await get(b, url);
      expect(res.headers["x-cache"]).toBe("MISS");
      check(res);
      return res;
    },
    { timeout: 15_000, interval: 20 },
  );
}

/** Asks twice, expecting the second answer from memory, so a later MISS proves the cache was emptied. */
async function cachedOnB(url: string) {
  const first = await get(b, url);
  expect(first.statusCode, first.body).toBe(200);
  const second = await get(b, url);
  expect(second.headers["x-cache"]).toBe("HIT");
  return first;
}

describe.runIf(engine === "postgres")("the catalogue cache across two API processes", () => {
  it("empties another process's answers and cached counts when a product changes through this one", async () => {
    const admin = await login(a.app, "admin");
    const listUrl = "/api/product?productType=beauty&sort=low-to-high&pageSize=3";
    const facetsUrl = "/api/product/facets?productType=beauty";
    const before = await cachedOnB(listUrl);
    const facetsBefore: ProductFacets = (await cachedOnB(facetsUrl)).json();
    const cheapest: Product = before.json()[0];
    const detailUrl = `/api/product/${cheapest.id}`;
    await cachedOnB(detailUrl);

    // A new beauty product, cheaper than any, created through a.
    const res = await a.app.inject({
      method: "POST",
      url: "/api/product",
      headers: admin.headers,
      payload: {
        sku: "XPROC-1",
        title: "Cross Process Lip Oil",
        categoryId: cheapest.categoryId,
        brandId: cheapest.brandId,
        children: cheapest.children,
        price: 0.5,
        discount: 0,
        quantity: 3,
        unit: "1 pc",
        imageURLs: [{ img: "/images/lip-oil.png" }],
        tags: [],
        sizes: [],
        featured: false,
        description: "Made through one process, listed by the other.",
        additionalInformation: [],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created: Product = res.json();

    const after = await eventuallyOnB(listUrl, (r) => expect(r.json()[0].id).toBe(created.id));
    expect(Number(after.headers["x-total-count"])).toBe(Number(before.headers["x-total-count"]) + 1);
    await eventuallyOnB(facetsUrl, (r) => {
      const beauty = (f: ProductFacets) => f.productTypes.find((t) => t.slug === "beauty")!.count;
      expect(beauty(r.json())).toBe(beauty(facetsBefore) + 1);
    });

    // A price change through a reaches b's cached product page too.
    const put = await a.app.inject({
      method: "PUT",
      url: detailUrl,
      headers: admin.headers,
      payload: { ...cheapest, categoryId: cheapest.categoryId, price: cheapest.price + 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    await eventuallyOnB(detailUrl, (r) => expect(r.json().price).toBe(cheapest.price + 1));
  });

  it("empties another process's answers when an order takes stock, and its counts when a product sells out", async () => {
    const shopper = await login(a.app, "shopper");
    const methods: ShippingMethod[] = (await get(a, "/api/shipping")).json();
    const inStockUrl = "/api/product?status=in-stock&pageSize=1";
    await cachedOnB(inStockUrl);
    // A product of one variant (its lines need no choice), its stock set through the inventory.
    const product = ((await get(b, "/api/product?status=in-stock&pageSize=100")).json() as Product[]).find(
      (p) => p.variants.length === 1,
    )!;
    await shop.database.db.transaction((tx) =>
      changeStock(tx, [{ variantId: product.variants[0]!.id, set: 2 }]),
    );
    const detailUrl = `/api/product/${product.id}`;
    await eventuallyOnB(detailUrl, (r) => expect(r.json().quantity).toBe(2));
    await cachedOnB(detailUrl);
    const inStock = Number((await eventuallyOnB(inStockUrl, () => {})).headers["x-total-count"]);

    const order = (quantity: number) =>
      a.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: shopper.headers,
        payload: {
          items: [{ productId: product.id, quantity }],
          addressId: shopper.user.addresses![0]!.addressId,
          shippingMethodId: methods[0]!.id,
          currency: "USD",
          paymentMethod: "cash_on_delivery",
          phone: "+1 809 555 0142",
        },
      });
    expect((await order(1)).statusCode).toBe(201);
    await eventuallyOnB(detailUrl, (r) => expect(r.json().quantity).toBe(1));
    // Still in stock: the in-stock count is the same.
    await cachedOnB(inStockUrl);
    expect(Number((await get(b, inStockUrl)).headers["x-total-count"])).toBe(inStock);

    expect((await order(1)).statusCode).toBe(201);
    await eventuallyOnB(inStockUrl, (r) => expect(Number(r.headers["x-total-count"])).toBe(inStock - 1));
  });

  it("serves nothing from memory while its listener is down, and starts afresh once it is back", async () => {
    const url = "/api/product?sort=high-to-low&pageSize=1";
    const [top]: Product[] = (await cachedOnB(url)).json();
    // Cut every catalogue listener of this database, as a restart of PostgreSQL or a network fault would.
    const cut = await shop.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = ${`shop-listen-${CATALOGUE_CHANNEL}`}`,
    );
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
    await vi.waitFor(async () => expect((await get(b, url)).headers["x-cache"]).toBeUndefined(), {
      timeout: 15_000,
      interval: 10,
    });
    // A change made while nobody listens...
    await shop.database.db
      .update(products)
      .set({ title: "Renamed While Deaf" })
      .where(eq(products.id, top!.id));
    // ...is served as soon as the listener is back, and the cache works again.
    await vi.waitFor(
      async () => {
        const res = await get(b, url);
        expect(res.headers["x-cache"]).toBe("MISS");
        expect(res.json()[0].title).toBe("Renamed While Deaf");
      },
      { timeout: LISTEN_RETRY_MS * 5, interval: 50 },
    );
    expect((await get(b, url)).headers["x-cache"]).toBe("HIT");
  });
});
