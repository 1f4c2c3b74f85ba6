// Races that PGlite cannot show (it runs one statement at a time): concurrent checkouts over two API instances sharing one PostgreSQL.
import type { Product, ShippingMethod } from "@shop/domain/schemas/public";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, orderItems, products, productVariants } from "../../db/schema.ts";
import {
  createTestShop,
  engine,
  type SecondInstance,
  secondInstance,
  type TestShop,
} from "../../test/app.ts";
import { changeStock } from "../inventory/stock.ts";

let shop: TestShop;
let second: SecondInstance;
let shippingMethodId: string;

beforeAll(async () => {
  shop = await createTestShop();
  // Instances behind a load balancer share the JWT secret, as production's required JWT_SECRET makes them.
  second = await secondInstance(shop, { poolSize: 20 });
  const methods: ShippingMethod[] = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
  shippingMethodId = methods[0]!.id;
});
afterAll(async () => {
  await second.close();
  await shop.close();
});

/** Sets each variant's stock through the inventory, as the back office does. */
async function stock(levels: [string, number][]) {
  await shop.database.db.transaction((tx) =>
    changeStock(
      tx,
      levels.map(([variantId, set]) => ({ variantId, set })),
    ),
  );
}
/** The only variant of a product without options (its lines need no choice). */
const only = (product: Product) => product.variants[0]!.id;

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
  it("never oversells a variant: exactly its stock is sold across two instances, every loser gets 409, no partial order", async () => {
    // Two sizes of one shoe: the scarce one and a plentiful one, each order taking one of each.
    const listed: Product[] = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=100" })
    ).json();
    const product = listed.find((p) => p.variants.length >= 2)!;
    const other = listed.find((p) => p.variants.length === 1)!;
    const [scarce, plentiful] = [product.variants[0]!, product.variants[1]!];
    const STOCK = 5;
    await stock([
      [scarce.id, STOCK],
      [plentiful.id, 1000],
      [only(other), 1000],
    ]);
    const buyers = await shoppers(30, "stock");

    const results = await Promise.all(
      buyers.map((headers, i) =>
        (i % 2 ? second.app : shop.app).inject({
          method: "POST",
          url: "/api/orders",
          headers,
          payload: {
            // Every order also takes a unit of a plentiful product and of another size: a refused order must leave
            // those alone too.
            items: [
              { productId: other.id, quantity: 1 },
              { productId: product.id, variantId: plentiful.id, quantity: 1 },
              { productId: product.id, variantId: scarce.id, quantity: 1 },
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
    const named = `${product.title} — ${Object.values(scarce.options).join(" / ")}`;
    for (const loser of results.filter((r) => r.statusCode === 409)) {
      expect([`Agotado: ${named}`, "Stock insuficiente. Disponible: 1"]).toContain(loser.json().message);
      expect(loser.json().variantId).toBe(scarce.id);
    }
    const variantOf = async (id: string) =>
      (await shop.database.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!;
    expect((await variantOf(scarce.id)).quantity).toBe(0);
    expect((await variantOf(plentiful.id)).quantity).toBe(1000 - STOCK);
    const [sold] = await shop.database.db
      .select({ n: count() })
      .from(orderItems)
      .where(eq(orderItems.variantId, scarce.id));
    expect(sold!.n).toBe(STOCK);
    const [after] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    const variants = await shop.database.db
      .select({ quantity: productVariants.quantity })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(after!.quantity).toBe(variants.reduce((sum, v) => sum + v.quantity, 0));
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
    await stock(product.variants.map((v) => [v.id, 1000] as [string, number]));
    const buyers = await shoppers(20, "coupon");
    const results = await Promise.all(
      buyers.map((headers, i) =>
        (i % 2 ? second.app : shop.app).inject({
          method: "POST",
          url: "/api/orders",
          headers,
          payload: {
            items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
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
    const [left] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(left!.quantity).toBe(1000 * product.variants.length - 3);
  });

  it("lets one shopper use a once-per-customer coupon once, however many tabs they check out from", async () => {
    await shop.database.db
      .insert(coupons)
      .values({ code: "ONCE", title: "Once", kind: "fixed", valueCents: 100, perCustomerLimit: 1 });
    const product: Product = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=4" })
    ).json()[3];
    await stock(product.variants.map((v) => [v.id, 1000] as [string, number]));
    const [headers] = await shoppers(1, "tabs");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? second.app : shop.app).inject({
          method: "POST",
          url: "/api/orders",
          headers: headers!,
          payload: {
            items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
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
