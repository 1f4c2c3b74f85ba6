// Receipt numbers under real concurrency (PGlite runs one statement at a time): fifty orders delivered at once over
// two API instances sharing one PostgreSQL, as processes behind a load balancer do.
import type { Product, ShippingMethod } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, receiptRanges, receipts } from "../../db/schema.ts";
import {
  createTestShop,
  engine,
  login,
  type SecondInstance,
  secondInstance,
  type TestShop,
} from "../../test/app.ts";

let shop: TestShop;
let second: SecondInstance;

beforeAll(async () => {
  shop = await createTestShop();
  second = await secondInstance(shop, { poolSize: 20 });
});
afterAll(async () => {
  await second.close();
  await shop.close();
});

describe.runIf(engine === "postgres")("receipt numbers on PostgreSQL with two instances", () => {
  it("fifty orders delivered at once take fifty consecutive numbers, none skipped, none twice", async () => {
    const shopper = await login(shop.app, "shopper");
    const admin = await login(shop.app, "admin");
    const product: Product = (
      await shop.app.inject({ method: "GET", url: "/api/product?status=in-stock&pageSize=1" })
    ).json()[0];
    // A line names the variant it buys; this one holds enough for fifty orders.
    const [variant] = await shop.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .limit(1);
    await shop.database.db
      .update(productVariants)
      .set({ quantity: 1000 })
      .where(eq(productVariants.id, variant!.id));
    const methods: ShippingMethod[] = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
    const instance = (i: number) => (i % 2 ? second.app : shop.app);

    // Placed at once too, over both instances: each records its ITBIS in its own transaction.
    const placed = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        instance(i).inject({
          method: "POST",
          url: "/api/orders",
          headers: shopper.headers,
          payload: {
            items: [{ productId: product.id, variantId: variant!.id, quantity: 1 }],
            shippingAddress: { streetAddress: `Calle Las Damas ${i}` },
            shippingMethodId: methods[0]!.id,
            currency: i % 3 ? "DOP" : "USD",
            paymentMethod: "cash_on_delivery",
            phone: "8095550100",
          },
        }),
      ),
    );
    expect(placed.map((r) => r.statusCode)).toEqual(placed.map(() => 201));
    const ids: string[] = placed.map((r) => r.json().id);
    const move = (i: number, status: string) =>
      instance(i + 1).inject({
        method: "PUT",
        url: `/api/orders/${ids[i]}`,
        headers: admin.headers,
        payload:
          status === "shipped" ? { status, carrier: "DHL", trackingNumber: `JD01460000${i}` } : { status },
      });
    for (const status of ["processing", "shipped"]) {
      const moved = await Promise.all(ids.map((_, i) => move(i, status)));
      expect(
        moved.map((r) => r.statusCode),
        moved.find((r) => r.statusCode !== 200)?.body,
      ).toEqual(ids.map(() => 200));
    }

    const [range] = await shop.database.db
      .select()
      .from(receiptRanges)
      .where(eq(receiptRanges.type, "E32"))
      .orderBy(receiptRanges.expiresOn);
    const first = range!.nextNumber;
    const delivered = await Promise.all(ids.map((_, i) => move(i, "delivered")));
    expect(delivered.map((r) => r.statusCode)).toEqual(ids.map(() => 200));

    const numbers = delivered.map((r) => Number(r.json().receipt.encf.slice(3))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
    const [after] = await shop.database.db
      .select()
      .from(receiptRanges)
      .where(eq(receiptRanges.id, range!.id));
    expect(after!.nextNumber).toBe(first + 50);
    const rows = await shop.database.db.select({ orderId: receipts.orderId }).from(receipts);
    const mine = rows.filter((r) => ids.includes(r.orderId));
    expect(mine).toHaveLength(50);
    expect(new Set(mine.map((r) => r.orderId)).size).toBe(50);
  });
});
