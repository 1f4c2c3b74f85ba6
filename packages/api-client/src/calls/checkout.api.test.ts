// Checkout calls against the real API: shipping methods, coupons, and a new account's orders from placing to cancelling.
import type { Product, ShippingMethod } from "@shop/domain/schemas/public";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { DEMO, freshShopper, type TestClient, testClient } from "../test/helpers.ts";

let tee: Product;
let standard: ShippingMethod;

beforeAll(async () => {
  const { client } = testClient();
  tee = await client.products.get("essential-cotton-crew-t-shirt");
  standard = (await client.shipping.list()).items.find((m) => m.name === "Standard delivery")!;
});

describe("shipping methods", () => {
  it("lists the active methods in their order and gets one", async () => {
    const { client } = testClient();
    const methods = await client.shipping.list();
    expect(methods.items.map((m) => [m.name, m.price, m.freeOver])).toEqual([
      ["Standard delivery", 4.99, null],
      ["Express delivery", 14.99, null],
      ["Economy delivery", 2.99, 75],
    ]);
    expect(methods.totalCount).toBe(3);
    expect(await client.shipping.get(standard.id)).toEqual(standard);
  });
});

describe("coupons", () => {
  const { client } = testClient();

  it("lists the coupons usable now and those still to start, none paused or over", async () => {
    const codes = (await client.coupons.list()).items.map((c) => c.code);
    expect(codes).toEqual(
      expect.arrayContaining(["WELCOME10", "SAVE5", "BIG50", "BEAUTY15", "FIRST3", "NAVIDAD20"]),
    );
    for (const unusable of ["SUMMER25", "STAFF40"]) expect(codes).not.toContain(unusable);
  });

  it("validates a code against a basket", async () => {
    const items = [{ productId: tee.id, quantity: 2 }];
    expect(await client.coupons.validate({ code: "welcome10", items })).toEqual({
      valid: true,
      code: "WELCOME10",
      discount: 4,
      reason: null,
      message: "Coupon WELCOME10 applied: US$4.00 off",
      subtotal: 39.98,
      minOrderAmount: 0,
    });
    const expired = await client.coupons.validate({ code: "SUMMER25", items });
    expect(expired).toMatchObject({ valid: false, code: "SUMMER25", discount: 0, reason: "expired" });
    expect(expired.message).toMatch(/^Coupon SUMMER25 expired on \d{4}-\d{2}-\d{2}$/);
  });
});

describe("orders of a new account", () => {
  let t: TestClient;
  beforeAll(async () => {
    t = testClient();
    await freshShopper(t, "Buyer");
  });

  const body = () => ({
    items: [{ productId: tee.id, variantId: tee.variants[0]!.id, quantity: 2 }],
    shippingAddress: { streetAddress: "Calle Mercedes 21", city: "Santo Domingo", country: "DO" },
    shippingMethodId: standard.id,
    currency: "USD" as const,
    paymentMethod: "cash_on_delivery" as const,
    phone: "+1 809 555 0101",
  });

  it("places an order once per Idempotency-Key", async () => {
    const order = await t.client.orders.place(body(), { idempotencyKey: "client-test-order-1" });
    expect(order).toMatchObject({
      status: "pending",
      currency: "USD",
      subtotal: 39.98,
      discount: 0,
      shipping: 4.99,
      total: 44.97,
      customerEmail: t.store.getUser()!.email,
      shippingMethod: { id: standard.id, name: "Standard delivery" },
    });
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      productId: tee.id,
      quantity: 2,
      unitPrice: 19.99,
      lineTotal: 39.98,
    });
    expect(t.requests.at(-1)!.headers.get("Idempotency-Key")).toBe("client-test-order-1");

    const replay = await t.client.orders.place(body(), { idempotencyKey: "client-test-order-1" });
    expect(replay.id).toBe(order.id);
    expect((await t.client.orders.list()).totalCount).toBe(1);
  });

  it("places an order to a saved address with a coupon, in pesos", async () => {
    const address = await t.client.addresses.add({
      streetAddress: "Calle Las Damas 3",
      city: "Santo Domingo",
    });
    const order = await t.client.orders.place({
      ...body(),
      shippingAddress: undefined,
      addressId: address.addressId,
      couponCode: "WELCOME10",
      currency: "DOP",
    });
    expect(order).toMatchObject({ couponCode: "WELCOME10", discount: 4, total: 40.97, currency: "DOP" });
    expect(order.shippingAddress.streetAddress).toBe("Calle Las Damas 3");
    expect(order.rate).toBeGreaterThan(1);
    expect(order.totalsInCurrency.total).toBeGreaterThan(order.total);
  });

  it("lists the history newest first, gets an order and cancels it", async () => {
    const history = await t.client.orders.list({ pageSize: 1 });
    expect(history).toMatchObject({ totalCount: 2, totalPages: 2, currentPage: 1, pageSize: 1 });
    const newest = history.items[0]!;
    expect(newest.currency).toBe("DOP");
    expect(new URL(t.requests.at(-1)!.url).searchParams.get("mine")).toBe("true");

    expect(await t.client.orders.get(newest.id)).toEqual(newest);

    const cancelled = await t.client.orders.cancel(newest.id);
    expect(cancelled.status).toBe("cancelled");
    const pending = await t.client.orders.list({ status: "pending" });
    expect(pending.items.map((o) => o.status)).toEqual(["pending"]);

    const again = await t.client.orders.cancel(newest.id).catch((e: unknown) => e);
    expect((again as ApiError).message).toBe(
      "API Error: 409 - This order is cancelled; contact us to change it",
    );
  });

  it("refuses an order it cannot price with the server's message", async () => {
    const error = await t.client.orders
      .place({ ...body(), items: [{ productId: tee.id, quantity: 0 }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toMatch(
      /^API Error: 400 - body\.items\.0\.quantity: must be at least 1/,
    );
  });
});

describe("the demo shopper's order history", () => {
  it("pages through the seeded orders, all of them the shopper's", async () => {
    const t = testClient();
    await t.client.auth.login(DEMO.shopper);
    const page = await t.client.orders.list({ pageSize: 10 });
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.pageSize).toBe(10);
    expect(page.totalPages).toBe(Math.ceil(page.totalCount / 10));
    expect(page.items.every((o) => o.customerEmail === DEMO.shopper.email)).toBe(true);
    const dates = page.items.map((o) => o.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    // Another account's order is answered 404, so ids reveal nothing.
    const stranger = testClient();
    await freshShopper(stranger, "Stranger");
    const error = await stranger.client.orders.get(page.items[0]!.id).catch((e: unknown) => e);
    expect((error as ApiError).message).toBe("API Error: 404 - Order not found");
  });
});
