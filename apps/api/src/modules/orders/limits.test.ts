// Nobody holds a product's whole stock with unpaid orders: a cap on units per order, on orders per account and
// per address, and pending orders that nobody confirmed are cancelled after UNPAID_ORDER_HOURS.
import type { Product, ShippingMethod } from "@shop/domain/schemas/public";
import { and, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../../db/schema.ts";
import { createTestShop, type TestShop } from "../../test/app.ts";
import { changeStock } from "../inventory/stock.ts";
import { sweepUnpaidOrders } from "./expiry.ts";
import { cancelUnpaidOrders } from "./repository.ts";

let shop: TestShop;
let product: Product;
/** Only the unpaid-orders test buys this one, so its stock tells that test's story alone. */
let other: Product;
let shippingMethodId: string;

beforeAll(async () => {
  shop = await createTestShop({
    env: {
      ORDER_MAX_QUANTITY: "3",
      ORDERS_PER_HOUR_PER_ACCOUNT: "2",
      ORDERS_PER_HOUR_PER_ADDRESS: "3",
      UNPAID_ORDER_HOURS: "24",
    },
  });
  [product, other] = (
    await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=2" })
  ).json();
  // Plenty of every variant, through the inventory as the back office sets it.
  await shop.database.db.transaction((tx) =>
    changeStock(
      tx,
      [product, other].flatMap((p) => p.variants.map((v) => ({ variantId: v.id, set: 500 }))),
    ),
  );
  const methods: ShippingMethod[] = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
  shippingMethodId = methods[0]!.id;
});
afterAll(async () => {
  await shop.close();
});

let accounts = 0;
/** A new shopper signed up from `remoteAddress`, with the bearer header. */
async function shopper(remoteAddress: string) {
  accounts += 1;
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/users/register",
    payload: {
      firstName: "Buyer",
      lastName: `${accounts}`,
      email: `buyer${accounts}@example.com`,
      password: "Buyer-123!",
    },
    remoteAddress,
  });
  return { authorization: `Bearer ${res.json().token}` };
}

const order = (
  headers: Record<string, string>,
  remoteAddress: string,
  items = [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
) =>
  shop.app.inject({
    method: "POST",
    url: "/api/orders",
    headers,
    remoteAddress,
    payload: {
      items,
      shippingAddress: { streetAddress: "Calle Duarte 12" },
      shippingMethodId,
      currency: "USD",
      paymentMethod: "bank_transfer",
      phone: "+1 809 555 0100",
    },
  });

const stock = async (id = product.id) =>
  (await shop.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;

describe("units of one product per order", () => {
  it("are capped by ORDER_MAX_QUANTITY, lines of the same product counted together", async () => {
    const headers = await shopper("192.0.2.1");
    const before = await stock();
    for (const items of [
      [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 4 }],
      [
        { productId: product.id, variantId: product.variants[0]!.id, quantity: 2 },
        { productId: product.id, variantId: product.variants[0]!.id, quantity: 2 },
      ],
    ]) {
      const refused = await order(headers, "192.0.2.1", items);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        `body.items: at most 3 units of one product per order; product ${product.id} has 4`,
      );
    }
    expect(await stock()).toBe(before);
  });
});

describe("orders per hour", () => {
  it("are limited per account, from any address", async () => {
    const headers = await shopper("192.0.2.10");
    expect((await order(headers, "192.0.2.10")).statusCode).toBe(201);
    expect((await order(headers, "192.0.2.11")).statusCode).toBe(201);
    const third = await order(headers, "192.0.2.12");
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/^Too many attempts; try again in \d+ minutes?$/);
  });

  it("are limited per address, whatever the account", async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await order(await shopper(`192.0.2.${30 + i}`), "192.0.2.20")).statusCode);
    expect(codes).toEqual([201, 201, 201, 429]);
  });
});

describe("unpaid orders", () => {
  const statusOf = async (id: string) =>
    (await shop.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;

  it("are cancelled after UNPAID_ORDER_HOURS with their stock back; confirmed ones are kept", async () => {
    const headers = await shopper("192.0.2.40");
    const before = await stock(other.id);
    const unpaid = (
      await order(headers, "192.0.2.40", [
        { productId: other.id, variantId: other.variants[0]!.id, quantity: 3 },
      ])
    ).json();
    const confirmed = (
      await order(headers, "192.0.2.40", [
        { productId: other.id, variantId: other.variants[0]!.id, quantity: 1 },
      ])
    ).json();
    await shop.database.db.update(orders).set({ status: "processing" }).where(eq(orders.id, confirmed.id));
    expect(await stock(other.id)).toBe(before - 4);

    // Not old enough yet: the new order stays (only the sample shop's older pending orders, if any, go).
    const cutoff = new Date(Date.now() - 60_000);
    const older = (
      await shop.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff)))
    ).length;
    expect(await cancelUnpaidOrders(shop.database.db, cutoff)).toBe(older);
    expect(await statusOf(unpaid.id)).toBe("pending");

    // A day later, every order still pending (the seeded ones too) has gone unpaid too long.
    const later = new Date(Date.now() + 25 * 3600_000);
    const pending = (await shop.database.db.select().from(orders).where(eq(orders.status, "pending"))).length;
    expect(await cancelUnpaidOrders(shop.database.db, new Date(later.getTime() - 24 * 3600_000), later)).toBe(
      pending,
    );
    expect(await statusOf(unpaid.id)).toBe("cancelled");
    expect(await statusOf(confirmed.id)).toBe("processing");
    expect(await stock(other.id)).toBe(before - 1);
    expect(await cancelUnpaidOrders(shop.database.db, later, later)).toBe(0);
  });

  it("are swept when the server starts, and then every few minutes", async () => {
    const headers = await shopper("192.0.2.50");
    const placed = (await order(headers, "192.0.2.50")).json();
    await shop.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(orders.id, placed.id));
    const { buildApp } = await import("../../app.ts");
    const app = await buildApp({ env: shop.app.env, database: shop.database, logger: false });
    sweepUnpaidOrders(app);
    try {
      await expect.poll(() => statusOf(placed.id), { timeout: 10_000 }).toBe("cancelled");
    } finally {
      await app.close();
    }
  });
});
