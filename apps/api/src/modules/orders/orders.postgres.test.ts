// Races that PGlite cannot show (it runs one statement at a time): concurrent checkouts over two API instances sharing one PostgreSQL.
import type { Product, ShippingMethod } from "@shop/domain/schemas/public";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { coupons, orderItems, products } from "../../db/schema.ts";
import { createTestShop, engine, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let second: { app: App; database: Database };
let shippingMethodId: string;

beforeAll(async () => {
  shop = await createTestShop();
  const database = await openDatabase({ url: shop.url!, dataDir: "", poolSize: 20 });
  // Instances behind a load balancer share the JWT secret, as production's required JWT_SECRET makes them.
  second = { app: await buildApp({ env: shop.app.env, database, logger: false }), database };
  await second.app.ready();
  const methods: ShippingMethod[] = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
  shippingMethodId = methods[0]!.id;
});
afterAll(async () => {
  await second.app.close();
  await second.database.close();
  await shop.close();
});

let crowds = 0;
/** Registers n shoppers, each from an address of their own (sign-ups are limited per address), with a saved address; answers their bearer headers. */
async function shoppers(n: number, tag: string) {
  crowds += 1;
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const email = `${tag}${i}@race.example`;
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/users/register",
        payload: { firstName: "Race", lastName: `${i}`, email, password: "Racer123!" },
        remoteAddress: `10.7.${crowds}.${i + 1}`,
      });
      const { token, user } = res.json();
      const headers = { authorization: `Bearer ${token}` };
      await shop.app.inject({
        method: "POST",
        url: `/api/users/${user.id}/addresses`,
        headers,
        payload: { streetAddress: `Calle ${i}` },
      });
      return headers;
    }),
  );
}

describe.runIf(engine === "postgres")("concurrent checkouts on PostgreSQL", () => {
  it("never oversells: exactly the stock is sold across two instances, every loser gets 409, no partial order", async () => {
    const product: Product = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=1" })
    ).json()[0];
    const other: Product = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=2" })
    ).json()[1];
    const STOCK = 5;
    await shop.database.db.update(products).set({ quantity: STOCK }).where(eq(products.id, product.id));
    await shop.database.db.update(products).set({ quantity: 1000 }).where(eq(products.id, other.id));
    const buyers = await shoppers(30, "stock");

    const results = await Promise.all(
      buyers.map((headers, i) =>
        (i % 2 ? second.app : shop.app).inject({
          method: "POST",
          url: "/api/orders",
          headers,
          payload: {
            // Every order also takes a unit of a plentiful product: a refused order must leave that alone too.
            items: [
              { productId: other.id, quantity: 1 },
              { productId: product.id, quantity: 1 },
            ],
            shippingAddress: { streetAddress: "Calle Las Damas 1" },
            shippingMethodId,
            currency: "DOP",
            paymentMethod: "cash_on_delivery",
            phone: "+1 809 555 0000",
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(STOCK);
    expect(codes.filter((c) => c === 409)).toHaveLength(30 - STOCK);
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect([`Agotado: ${product.title}`, "Stock insuficiente. Disponible: 1"]).toContain(
        loser.json().message,
      );
    }
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after!.quantity).toBe(0);
    const [sold] = await shop.database.db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.productId, product.id));
    expect(sold!.n).toBe(STOCK);
    const [plenty] = await shop.database.db.select().from(products).where(eq(products.id, other.id));
    expect(plenty!.quantity).toBe(1000 - STOCK);
  });

  it("holds a coupon's usage limit under concurrent orders", async () => {
    const [coupon] = await shop.database.db
      .insert(coupons)
      .values({
        code: "RACE3",
        title: "Race",
        kind: "percent",
        valuePercent: 10,
        usageLimit: 3,
        perCustomerLimit: 1,
      })
      .returning();
    const product: Product = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=3" })
    ).json()[2];
    await shop.database.db.update(products).set({ quantity: 1000 }).where(eq(products.id, product.id));
    const buyers = await shoppers(20, "coupon");
    const results = await Promise.all(
      buyers.map((headers, i) =>
        (i % 2 ? second.app : shop.app).inject({
          method: "POST",
          url: "/api/orders",
          headers,
          payload: {
            items: [{ productId: product.id, quantity: 1 }],
            shippingAddress: { streetAddress: "Calle Las Damas 1" },
            shippingMethodId,
            couponCode: "race3",
            currency: "USD",
            paymentMethod: "bank_transfer",
            phone: "+1 809 555 0000",
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(17);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe("Coupon RACE3 has been used up");
    const [after] = await shop.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(after!.timesUsed).toBe(3);
    const [stock] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(stock!.quantity).toBe(1000 - 3);
  });

  it("lets one shopper use a once-per-customer coupon once, however many tabs they check out from", async () => {
    await shop.database.db
      .insert(coupons)
      .values({ code: "ONCE", title: "Once", kind: "fixed", valueCents: 100, perCustomerLimit: 1 });
    const product: Product = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=4" })
    ).json()[3];
    await shop.database.db.update(products).set({ quantity: 1000 }).where(eq(products.id, product.id));
    const [headers] = await shoppers(1, "tabs");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? second.app : shop.app).inject({
          method: "POST",
          url: "/api/orders",
          headers: headers!,
          payload: {
            items: [{ productId: product.id, quantity: 1 }],
            shippingAddress: { streetAddress: "Calle Las Damas 1" },
            shippingMethodId,
            couponCode: "ONCE",
            currency: "USD",
            paymentMethod: "bank_transfer",
            phone: "+1 809 555 0000",
          },
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(
      Array(7).fill("You have already used coupon ONCE"),
    );
  });
});
