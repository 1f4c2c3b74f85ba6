// PostgreSQL only: while the database drops every connection and accepts none, orders (and every other answer)
// are 503 with Retry-After, never 500; a shopper who tries again with the same Idempotency-Key gets one order. After
// the outage every confirmed order is there, and none twice.
import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, productVariants, shippingMethods } from "../../db/schema.ts";
import { createTestShop, engine, login, type TestShop } from "../../test/app.ts";
import { changeStock } from "../inventory/stock.ts";

let shop: TestShop;
beforeAll(async () => {
  if (engine === "postgres") shop = await createTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** Runs SQL on the test server's own maintenance database (TEST_DATABASE_URL), never on the shop's. */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.runIf(engine === "postgres")(
  "a database that drops its connections under a stream of orders",
  () => {
    it("answers 503 with Retry-After meanwhile, never 500; afterwards every confirmed order is there once", async () => {
      const { app } = shop;
      const name = new URL(shop.url!).pathname.slice(1);
      const shopper = await login(app, "shopper", "198.51.100.200");
      // A variant with plenty, through the inventory as the back office sets it.
      const [variant] = await app.db
        .select({ id: productVariants.id, productId: productVariants.productId })
        .from(productVariants)
        .limit(1);
      await app.db.transaction((tx) => changeStock(tx, [{ variantId: variant!.id, set: 100_000 }]));
      const [method] = await app.db
        .select({ id: shippingMethods.id })
        .from(shippingMethods)
        .where(eq(shippingMethods.active, true))
        .limit(1);
      const body = {
        items: [{ productId: variant!.productId, variantId: variant!.id, quantity: 1 }],
        shippingAddress: { streetAddress: "Calle Arzobispo Meriño 4", country: "DO" },
        shippingMethodId: method!.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "8095550105",
      };

      const statuses: number[] = [];
      const missingRetryAfter: number[] = [];
      const confirmed = new Map<string, string>();
      /** One shopper's order: placed, and tried again with the same key after a 503, as the storefront does. */
      async function order(key: string) {
        for (let attempt = 0; attempt < 200; attempt++) {
          const res = await app.inject({
            method: "POST",
            url: "/api/orders",
            headers: { ...shopper.headers, "idempotency-key": key },
            payload: body,
          });
          statuses.push(res.statusCode);
          if (res.statusCode === 201 || res.statusCode === 200) {
            confirmed.set(key, res.json().id);
            return;
          }
          if (res.statusCode === 503 && !res.headers["retry-after"]) missingRetryAfter.push(res.statusCode);
          if (res.statusCode !== 503) throw new Error(`order ${key}: ${res.statusCode} ${res.body}`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error(`order ${key} never went through`);
      }

      const keys = Array.from({ length: 60 }, () => `outage-${randomUUID()}`);
      let health: { status: number; retryAfter: unknown } | null = null;
      const outage = (async () => {
        // Let a few orders through, then drop every connection and accept none for three seconds.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await onServer(`alter database ${name} allow_connections false`);
        await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
        const res = await app.inject({ method: "GET", url: "/api/health" });
        health = { status: res.statusCode, retryAfter: res.headers["retry-after"] };
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await onServer(`alter database ${name} allow_connections true`);
      })();
      // Four shoppers' worth of orders at a time, one after another.
      const queue = [...keys];
      await Promise.all([
        outage,
        ...Array.from({ length: 4 }, async () => {
          for (let key = queue.shift(); key; key = queue.shift()) await order(key);
        }),
      ]);

      expect(statuses).not.toContain(500);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
      expect(missingRetryAfter).toEqual([]);
      expect(health).toEqual({ status: 503, retryAfter: "5" });
      expect(confirmed.size).toBe(keys.length);
      const stored = await app.db
        .select({ id: orders.id, key: orders.idempotencyKey })
        .from(orders)
        .where(inArray(orders.idempotencyKey, keys));
      // Every order confirmed is there, once: a retry after a lost answer found the first, not a second.
      expect(stored.length).toBe(keys.length);
      expect(new Set(stored.map((row) => row.key)).size).toBe(keys.length);
      expect(new Set(stored.map((row) => row.id))).toEqual(new Set(confirmed.values()));
      const doubled =
        await app.db.execute(sql`select count(*)::int as n from (select idempotency_key from orders
        where idempotency_key like 'outage-%' group by idempotency_key having count(*) > 1) doubled`);
      const [twice] = (doubled as unknown as { rows: { n: number }[] }).rows;
      expect(twice!.n).toBe(0);
    }, 120_000);
  },
);
