// Returns through the real routes: opened by staff on a shipped or delivered order for lines and quantities the
// order still holds, received once with the good units back in stock and the damaged ones kept out, the shopper
// reading them and mailed, and a part of the money given back.
import type { Order, OrderPayment, OrderReturn, Product, ShippingMethod } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../../db/schema.ts";
import type { Mail } from "../../mail/mailer.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

let shop: TestShop;
let shopper: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let catalogue: Product[];
let methods: ShippingMethod[];
const sent: Mail[] = [];

beforeAll(async () => {
  shop = await createTestShop();
  shopper = await login(shop.app, "shopper");
  admin = await login(shop.app, "admin");
  catalogue = (await shop.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json();
  methods = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
  const send = shop.app.mailer.send.bind(shop.app.mailer);
  shop.app.mailer.send = async (mail: Mail) => {
    sent.push(mail);
    return send(mail);
  };
});
afterAll(async () => {
  await shop.close();
});

let next = 0;
const aProduct = () =>
  catalogue.filter((p) => p.variants.some((v) => v.quantity >= 20) && p.status === "in-stock")[next++]!;
/** A line of one of the product's variants with stock (an order names the variant it takes). */
const lineOf = (product: Product, quantity: number) => ({
  productId: product.id,
  variantId: product.variants.find((v) => v.quantity >= 20)!.id,
  quantity,
});

const stockOf = async (id: string) =>
  (await shop.database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;

/** A cash-on-delivery order of 3 + 1 units, taken to shipped by staff. */
async function shippedOrder(): Promise<Order> {
  const [a, b] = [aProduct(), aProduct()];
  const placed = await shop.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: shopper.headers,
    payload: {
      items: [lineOf(a!, 3), lineOf(b!, 1)],
      addressId: shopper.user.addresses![0]!.addressId,
      shippingMethodId: methods[0]!.id,
      currency: "DOP",
      paymentMethod: "cash_on_delivery",
      phone: "+1 809 555 0142",
    },
  });
  expect(placed.statusCode).toBe(201);
  const order: Order = placed.json();
  for (const payload of [
    { status: "processing" },
    { status: "shipped", carrier: "DHL", trackingNumber: "JD01460" },
  ]) {
    const moved = await shop.app.inject({
      method: "PUT",
      url: `/api/orders/${order.id}`,
      headers: admin.headers,
      payload,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return order;
}

const open = (orderId: string, payload: object, headers = admin.headers) =>
  shop.app.inject({ method: "POST", url: `/api/orders/${orderId}/returns`, headers, payload });
const receive = (orderId: string, returnId: string, payload: object) =>
  shop.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/returns/${returnId}/received`,
    headers: admin.headers,
    payload,
  });

describe("returns", () => {
  it("are opened only on a shipped or delivered order, by staff, for what the order holds", async () => {
    const pending = await shop.app.inject({
      method: "POST",
      url: "/api/orders",
      headers: shopper.headers,
      payload: {
        items: [lineOf(aProduct()!, 1)],
        addressId: shopper.user.addresses![0]!.addressId,
        shippingMethodId: methods[0]!.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "+1 809 555 0142",
      },
    });
    const early = await open(pending.json().id, { reason: "Too early", lines: [{ line: 0, quantity: 1 }] });
    expect(early.statusCode).toBe(409);

    const order = await shippedOrder();
    expect(
      (await open(order.id, { reason: "Mine", lines: [{ line: 0, quantity: 1 }] }, shopper.headers))
        .statusCode,
    ).toBe(403);
    const tooMany = await open(order.id, { reason: "Wrong size", lines: [{ line: 0, quantity: 4 }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/3 of 3 units are left to return, not 4/);
    expect(
      (await open(order.id, { reason: "Wrong size", lines: [{ line: 7, quantity: 1 }] })).statusCode,
    ).toBe(400);
    expect((await open(order.id, { reason: "", lines: [{ line: 0, quantity: 1 }] })).statusCode).toBe(400);
  });

  it("received: good units back in stock, damaged ones kept out, once; the shopper sees it and is mailed", async () => {
    const order = await shippedOrder();
    const product = order.items[0]!.productId;
    const opened = await open(order.id, { reason: "Wrong size", lines: [{ line: 0, quantity: 2 }] });
    expect(opened.statusCode, opened.body).toBe(201);
    const [ret] = opened.json() as OrderReturn[];
    expect(ret).toMatchObject({
      status: "requested",
      reason: "Wrong size",
      lines: [{ line: 0, productId: product, quantity: 2, good: null, damaged: null }],
    });
    // Only one unit is left to return on that line now.
    expect((await open(order.id, { reason: "Again", lines: [{ line: 0, quantity: 2 }] })).statusCode).toBe(
      409,
    );

    const before = await stockOf(product);
    // More units than the return named: refused, and nothing changed.
    expect((await receive(order.id, ret!.id, { lines: [{ line: 0, good: 2, damaged: 1 }] })).statusCode).toBe(
      400,
    );
    expect((await receive(order.id, ret!.id, { lines: [{ line: 1, good: 1, damaged: 0 }] })).statusCode).toBe(
      400,
    );
    expect(await stockOf(product)).toBe(before);
    const received = await receive(order.id, ret!.id, { lines: [{ line: 0, good: 1, damaged: 1 }] });
    expect(received.statusCode, received.body).toBe(200);
    expect((received.json() as OrderReturn[])[0]).toMatchObject({
      status: "received",
      lines: [{ good: 1, damaged: 1 }],
    });
    expect(await stockOf(product)).toBe(before + 1);
    // Received twice puts nothing back twice.
    expect((await receive(order.id, ret!.id, { lines: [{ line: 0, good: 1, damaged: 1 }] })).statusCode).toBe(
      409,
    );
    expect(await stockOf(product)).toBe(before + 1);

    const mine = await shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}/returns`,
      headers: shopper.headers,
    });
    expect((mine.json() as OrderReturn[]).map((r) => r.status)).toEqual(["received"]);
    await expect
      .poll(() => sent.filter((m) => m.subject.includes(order.orderNumber)).map((m) => m.subject))
      .toEqual(
        expect.arrayContaining([
          `A return is open for your order ${order.orderNumber}`,
          `We received the return of your order ${order.orderNumber}`,
        ]),
      );
    const mail = sent.find((m) => m.subject === `We received the return of your order ${order.orderNumber}`)!;
    expect(mail.text).toContain("1 received in good condition, 1 damaged");

    // Someone else's order's returns answer 404.
    const stranger = await shop.app.inject({
      method: "POST",
      url: "/api/users/register",
      payload: {
        firstName: "Eva",
        lastName: "Núñez",
        email: `eva-${Date.now()}@example.com`,
        password: "Eva-12345!",
      },
    });
    const other = { authorization: `Bearer ${stranger.json().token}` };
    expect(
      (await shop.app.inject({ method: "GET", url: `/api/orders/${order.id}/returns`, headers: other }))
        .statusCode,
    ).toBe(404);
  });

  it("two returns opened at once cannot both take the last units", async () => {
    const order = await shippedOrder();
    const both = await Promise.all([
      open(order.id, { reason: "Changed my mind", lines: [{ line: 0, quantity: 3 }] }),
      open(order.id, { reason: "Arrived late", lines: [{ line: 0, quantity: 3 }] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("and the money: a part refunded once the order is paid, never more than was paid", async () => {
    const order = await shippedOrder();
    const marked = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/payments`,
      headers: admin.headers,
      payload: { paidOn: "2026-11-28", reference: "CASH-AT-DOOR-1" },
    });
    expect((marked.json() as OrderPayment).state).toBe("paid");
    const refund = (amount: number, key: string) =>
      shop.app.inject({
        method: "POST",
        url: `/api/orders/${order.id}/refunds`,
        headers: admin.headers,
        payload: { amount, reason: "Return of one unit", key },
      });
    const revenue = async () =>
      (await shop.app.inject({ method: "GET", url: "/api/dashboard?days=1", headers: admin.headers })).json()
        .totals as { dop: number; usd: number };
    const before = await revenue();
    const part = await refund(100, "return-refund-1");
    expect((part.json() as OrderPayment).state).toBe("partially_refunded");
    // The dashboard's revenue counts the money given back, in DOP as refunded and in USD at the order's rate.
    const after = await revenue();
    expect(Math.round((before.dop - after.dop) * 100)).toBe(10_000);
    expect(Math.round((before.usd - after.usd) * 100)).toBe(Math.round(10_000 / order.rate));
    expect((await refund(order.totalsInCurrency.total, "return-refund-2")).statusCode).toBe(409);
  });
});
