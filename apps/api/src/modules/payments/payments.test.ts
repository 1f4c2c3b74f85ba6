// Payments beside the order's progress, through the real routes and the shop's own test gateway over real HTTP
// (the AZUL adapter signing and verifying as AZUL documents): transfers marked paid, allowed steps and their
// history, shipping with tracking, card payments approved, declined, forged, replayed, raced and reconciled, and
// refunds that never exceed what was paid.
import { createHmac } from "node:crypto";
import { formatMoney } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { PAYMENT_STATES, TEST_GATEWAY_CARDS } from "@shop/domain/payments";
import type { Order, OrderPayment, Product, ShippingMethod } from "@shop/domain/schemas/public";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders as ordersTable, payments, receipts } from "../../db/schema.ts";
import { loadEnv, SAMPLE_BANK_DETAILS } from "../../env.ts";
import type { Mail } from "../../mail/mailer.ts";
import { createTestShop, engine, login, secondInstance, type TestShop } from "../../test/app.ts";
import { azulGateway } from "./providers/azul.ts";
import { onOrderPaid } from "./service.ts";

const BANK = "Banco Popular, cuenta corriente 000-123456-7, The Shop SRL, RNC 1-01-12345-6";
const SHOP = "http://localhost:3000";

let shop: TestShop;
let shopper: Awaited<ReturnType<typeof login>>;
let admin: Awaited<ReturnType<typeof login>>;
let catalogue: Product[];
let methods: ShippingMethod[];
const paidEvents: string[] = [];

beforeAll(async () => {
  shop = await createTestShop({ env: { BANK_TRANSFER_DETAILS: BANK, SHOP_ORIGIN: SHOP } });
  // The API asks the test gateway's web service over HTTP, as it would ask AZUL's.
  await shop.app.listen({ port: 0, host: "127.0.0.1" });
  shopper = await login(shop.app, "shopper");
  admin = await login(shop.app, "admin");
  catalogue = (await shop.app.inject({ method: "GET", url: "/api/product?pageSize=100" })).json();
  methods = (await shop.app.inject({ method: "GET", url: "/api/shipping" })).json();
  onOrderPaid(shop.app.db, (event) => {
    paidEvents.push(event.orderId);
  });
});
afterAll(async () => {
  await shop.close();
});

const inStock = () =>
  catalogue.filter((p) => p.variants.some((v) => v.quantity >= 20) && p.status === "in-stock");
let nextProduct = 0;
const aProduct = () => inStock()[nextProduct++ % inStock().length]!;
/** A line of one of the product's variants with stock (an order names the variant it takes). */
const lineOf = (product: Product, quantity: number) => ({
  productId: product.id,
  variantId: product.variants.find((v) => v.quantity >= 20)!.id,
  quantity,
});

async function placeOrder(paymentMethod: string, currency = "DOP", quantity = 1): Promise<Order> {
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/orders",
    headers: shopper.headers,
    payload: {
      items: [lineOf(aProduct(), quantity)],
      addressId: shopper.user.addresses![0]!.addressId,
      shippingMethodId: methods.find((m) => m.active !== false)!.id,
      currency,
      paymentMethod,
      phone: "+1 809 555 0142",
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const getOrder = async (id: string): Promise<Order> =>
  (await shop.app.inject({ method: "GET", url: `/api/orders/${id}`, headers: shopper.headers })).json();

const setStatus = (id: string, payload: object) =>
  shop.app.inject({ method: "PUT", url: `/api/orders/${id}`, headers: admin.headers, payload });

const markPaid = (id: string, reference: string, paidOn = "2026-11-27") =>
  shop.app.inject({
    method: "POST",
    url: `/api/orders/${id}/payments`,
    headers: admin.headers,
    payload: { paidOn, reference },
  });

const refund = (id: string, amount: number, key: string) =>
  shop.app.inject({
    method: "POST",
    url: `/api/orders/${id}/refunds`,
    headers: admin.headers,
    payload: { amount, reason: "Returned by the shopper", key },
  });

const settledPayments = async (orderId: string) =>
  (await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId))).filter(
    (p) => p.status === "settled",
  );

/** The shopper's browser: asks the shop for the signed form and posts it to the gateway's page, as AZUL wants. */
async function openPaymentPage(orderId: string) {
  const pay = await shop.app.inject({
    method: "POST",
    url: `/api/orders/${orderId}/pay`,
    headers: shopper.headers,
  });
  expect(pay.statusCode, pay.body).toBe(200);
  const form = pay.json() as { action: string; fields: Record<string, string> };
  const action = new URL(form.action);
  const page = await shop.app.inject({
    method: "POST",
    url: action.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form.fields).toString(),
  });
  expect(page.statusCode, page.body).toBe(200);
  const next = /action="([^"]+)"/.exec(page.body)![1]!;
  return { form, page, next };
}

/** Pays on the gateway's page with `card`; answers where the gateway sends the browser back (not followed). */
async function payAtGateway(orderId: string, card: string) {
  const { form, next } = await openPaymentPage(orderId);
  const paid = await shop.app.inject({
    method: "POST",
    url: next,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ CardNumber: card, Expiration: "12/30", CVC: "999" }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  return { form, back: new URL(paid.headers.location as string) };
}

/** The browser arriving back at the shop with the gateway's result. */
const comeBack = (back: URL) => shop.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });

describe("payment state beside the order's status", () => {
  it("starts unpaid, with the placing in the order's history", async () => {
    const order = await placeOrder("bank_transfer");
    expect(order.status).toBe("pending");
    expect(order.payment).toMatchObject({
      state: "unpaid",
      paid: 0,
      refunded: 0,
      records: [],
      canPayNow: false,
    });
    expect(order.history).toEqual([expect.objectContaining({ from: null, to: "pending", by: null })]);
    expect(order.shipment).toBeNull();
  });

  it("tells the storefront the methods and the shop's bank account", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/api/payments/methods" });
    expect(res.json()).toEqual({
      methods: ["cash_on_delivery", "bank_transfer", "card"],
      cardCurrencies: ["DOP", "USD"],
      bankTransferDetails: BANK,
      testGateway: true,
    });
  });
});

describe("a shop without a card gateway", () => {
  it("offers no card and refuses a card order with a message naming the field", async () => {
    const plain = await createTestShop({ env: { CARD_GATEWAY: "off" } });
    try {
      const methodsAnswer = await plain.app.inject({ method: "GET", url: "/api/payments/methods" });
      expect(methodsAnswer.json()).toMatchObject({
        methods: ["cash_on_delivery", "bank_transfer"],
        testGateway: false,
      });
      const who = await login(plain.app, "shopper");
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/orders",
        headers: who.headers,
        payload: {
          items: [lineOf(aProduct(), 1)],
          addressId: who.user.addresses![0]!.addressId,
          shippingMethodId: methods[0]!.id,
          currency: "DOP",
          paymentMethod: "card",
          phone: "+1 809 555 0142",
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^body.paymentMethod: Card payments are not available/);
      // Nor is the test gateway served.
      const page = await plain.app.inject({
        method: "POST",
        url: "/api/test-gateway/PaymentPage",
        payload: {},
      });
      expect(page.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe("a bank transfer marked paid", () => {
  it("cannot be prepared unpaid unless staff say so; marked paid with the bank's reference, by whom", async () => {
    const order = await placeOrder("bank_transfer");
    const refused = await setStatus(order.id, { status: "processing" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/mark it as paid first/);

    const marked = await markPaid(order.id, "BPD-778812");
    expect(marked.statusCode, marked.body).toBe(200);
    const payment: OrderPayment = marked.json();
    expect(payment.state).toBe("paid");
    expect(payment.paid).toBe(order.totalsInCurrency.total);
    expect(payment.records).toEqual([
      expect.objectContaining({
        kind: "payment",
        provider: "bank_transfer",
        reference: "BPD-778812",
        amount: order.totalsInCurrency.total,
        currency: "DOP",
        at: "2026-11-27T16:00:00.000Z",
        by: "admin@shop.test",
      }),
    ]);
    // The same reference again records nothing more; another one for a paid order is refused.
    expect((await markPaid(order.id, "bpd-778812")).statusCode).toBe(200);
    expect((await markPaid(order.id, "BPD-999999")).statusCode).toBe(409);
    expect(await settledPayments(order.id)).toHaveLength(1);
    expect(paidEvents.filter((id) => id === order.id)).toHaveLength(1);

    expect((await setStatus(order.id, { status: "processing" })).statusCode).toBe(200);
    const after = await getOrder(order.id);
    expect(after.history.map((h) => [h.from, h.to, h.by])).toEqual([
      [null, "pending", null],
      ["pending", "processing", "admin@shop.test"],
    ]);
  });

  it("goes ahead unpaid when staff confirm it, and the history says so", async () => {
    const order = await placeOrder("bank_transfer");
    const res = await setStatus(order.id, { status: "processing", unpaidAllowed: true });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Order).history.at(-1)!.note).toMatch(/unpaid, as staff confirmed/);
  });

  it("refuses to mark a card order paid by hand, and validates the date and reference", async () => {
    const card = await placeOrder("card");
    expect((await markPaid(card.id, "X-1")).statusCode).toBe(409);
    const transfer = await placeOrder("bank_transfer");
    expect((await markPaid(transfer.id, "X", "2026-11-27")).statusCode).toBe(400);
    expect((await markPaid(transfer.id, "REF-1", "27/11/2026")).statusCode).toBe(400);
    // Shoppers cannot mark their own order paid.
    const own = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${transfer.id}/payments`,
      headers: shopper.headers,
      payload: { paidOn: "2026-11-27", reference: "MINE-1" },
    });
    expect(own.statusCode).toBe(403);
    expect((await getOrder(transfer.id)).payment.state).toBe("unpaid");
  });
});

describe("shipping", () => {
  it("takes a carrier and a tracking number; the shipped mail lists the items and the tracking link", async () => {
    const sent: Mail[] = [];
    const original = shop.app.mailer.send.bind(shop.app.mailer);
    shop.app.mailer.send = async (mail: Mail) => {
      sent.push(mail);
      return original(mail);
    };
    try {
      const order = await placeOrder("cash_on_delivery");
      expect((await setStatus(order.id, { status: "processing" })).statusCode).toBe(200);
      const bare = await setStatus(order.id, { status: "shipped" });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toMatch(/carrier and the tracking number/);
      const shipped = await setStatus(order.id, {
        status: "shipped",
        carrier: "DHL",
        trackingNumber: "JD014600006",
      });
      expect(shipped.statusCode).toBe(200);
      const after: Order = shipped.json();
      expect(after.shipment).toMatchObject({
        carrier: "DHL",
        trackingNumber: "JD014600006",
        trackingUrl: "https://www.dhl.com/do-en/home/tracking/tracking-express.html?tracking-id=JD014600006",
      });
      await expect.poll(() => sent.find((m) => m.subject.includes("shipped"))).toBeTruthy();
      const mail = sent.find((m) => m.subject.includes("shipped"))!;
      expect(mail.text).toContain(after.items[0]!.title);
      expect(mail.text).toContain(
        "https://www.dhl.com/do-en/home/tracking/tracking-express.html?tracking-id=JD014600006",
      );
      expect(mail.html).toContain("tracking-id=JD014600006");
    } finally {
      shop.app.mailer.send = original;
    }
  });
});

describe("card payments on the test gateway", () => {
  it("sends the order's total in its currency, signed, and lands on a paid order", async () => {
    const order = await placeOrder("card", "DOP", 2);
    expect(order.payment.canPayNow).toBe(true);
    const { form, back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    expect(form.action).toBe(`${SHOP}/api/test-gateway/PaymentPage`);
    expect(form.fields.Amount).toBe(String(Math.round(order.totalsInCurrency.total * 100)));
    expect(form.fields.OrderNumber).toBe(`${order.orderNumber}01`);
    expect(form.fields.AuthHash).toMatch(/^[0-9a-f]{128}$/);
    expect(back.pathname).toBe("/api/payments/return/approved");

    const landed = await comeBack(back);
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toMatch(
      new RegExp(`^${SHOP}/order\\?id=${order.id}&token=[\\w-]{43}&payment=approved$`),
    );
    const after = await getOrder(order.id);
    expect(after.payment.state).toBe("paid");
    expect(after.payment.records).toEqual([
      expect.objectContaining({
        kind: "payment",
        provider: "test_gateway",
        amount: order.totalsInCurrency.total,
        by: null,
      }),
    ]);

    // The same result delivered again records nothing more.
    expect((await comeBack(back)).statusCode).toBe(303);
    expect(await settledPayments(order.id)).toHaveLength(1);
    expect(paidEvents.filter((id) => id === order.id)).toHaveLength(1);
    // A paid order is not paid again.
    const again = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      headers: shopper.headers,
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a result whose signature does not verify, and the order stays unpaid", async () => {
    const order = await placeOrder("card", "USD");
    const { back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.decline);
    // A declined result rewritten as approved, its hash left as it was.
    const forged = new URL(back);
    forged.pathname = "/api/payments/return/approved";
    forged.searchParams.set("IsoCode", "00");
    forged.searchParams.set("ResponseMessage", "APROBADA");
    const res = await comeBack(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("BAD_SIGNATURE");
    // One with no hash at all, or a made-up one.
    forged.searchParams.set("AuthHash", "ab".repeat(64));
    expect((await comeBack(forged)).statusCode).toBe(400);
    forged.searchParams.delete("AuthHash");
    expect((await comeBack(forged)).statusCode).toBe(400);
    const after = await getOrder(order.id);
    expect(after.payment.state).toBe("unpaid");
    expect(await settledPayments(order.id)).toHaveLength(0);
  });

  it("leaves a declined order unpaid with Pay now, which then succeeds", async () => {
    const order = await placeOrder("card");
    const declined = await payAtGateway(order.id, TEST_GATEWAY_CARDS.decline);
    expect(declined.back.pathname).toBe("/api/payments/return/declined");
    expect((await comeBack(declined.back)).headers.location).toMatch(
      new RegExp(`^${SHOP}/order\\?id=${order.id}&token=[\\w-]{43}&payment=declined$`),
    );
    let after = await getOrder(order.id);
    expect(after.payment).toMatchObject({ state: "failed", canPayNow: true });

    const failed = await payAtGateway(order.id, TEST_GATEWAY_CARDS.fail);
    expect((await comeBack(failed.back)).headers.location).toContain("payment=failed");

    const approved = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    expect(approved.form.fields.OrderNumber).toBe(`${order.orderNumber}03`);
    await comeBack(approved.back);
    after = await getOrder(order.id);
    expect(after.payment.state).toBe("paid");
    expect(after.payment.canPayNow).toBe(false);
  });

  it("refuses a gateway page posted with a forged form", async () => {
    const order = await placeOrder("card");
    const pay = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/pay`,
      headers: shopper.headers,
    });
    const fields = { ...(pay.json().fields as Record<string, string>), Amount: "100" };
    const page = await shop.app.inject({
      method: "POST",
      url: "/api/test-gateway/PaymentPage",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain("INVALID_AUTH:AuthHash");
  });

  it("finds a payment whose shopper closed the tab, when asked and on the schedule", async () => {
    const order = await placeOrder("card");
    await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    // Nobody comes back: the order is unpaid until the shop asks the gateway (VerifyPayment).
    expect((await getOrder(order.id)).payment.state).toBe("unpaid");
    const check = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/payment-check`,
      headers: shopper.headers,
    });
    expect(check.statusCode, check.body).toBe(200);
    expect((check.json() as OrderPayment).state).toBe("paid");

    const { reconcilePending } = await import("./service.ts");
    const { cardGatewayOf } = await import("./gateway.ts");
    const other = await placeOrder("card");
    await payAtGateway(other.id, TEST_GATEWAY_CARDS.approve);
    const found = await reconcilePending(shop.app.db, cardGatewayOf(shop.app).gateway!, {
      olderThan: new Date(Date.now() + 1000),
      giveUpBefore: new Date(0),
    });
    expect(found).toBeGreaterThanOrEqual(1);
    expect((await getOrder(other.id)).payment.state).toBe("paid");
    expect(await settledPayments(other.id)).toHaveLength(1);
  });

  it("a cancelled trip asks the gateway and leaves the order to pay again", async () => {
    const order = await placeOrder("card");
    const { page } = await openPaymentPage(order.id);
    const cancel = new URL(/<a href="([^"]+)">Cancel<\/a>/.exec(page.body)![1]!.replaceAll("&amp;", "&"));
    const res = await shop.app.inject({ method: "GET", url: cancel.pathname });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(
      new RegExp(`^${SHOP}/order\\?id=${order.id}&token=[\\w-]{43}&payment=cancelled$`),
    );
    expect((await getOrder(order.id)).payment).toMatchObject({ state: "unpaid", canPayNow: true });
  });

  it("records one payment when the same result arrives twice at once", async () => {
    const order = await placeOrder("card");
    const { back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    const answers = await Promise.all([comeBack(back), comeBack(back), comeBack(back)]);
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303]);
    expect(await settledPayments(order.id)).toHaveLength(1);
    expect((await getOrder(order.id)).payment.state).toBe("paid");
  });

  it("gives the money back at once when it arrives for an order already cancelled", async () => {
    const order = await placeOrder("card");
    const { back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    const cancelled = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${order.id}/cancel`,
      headers: shopper.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    await comeBack(back);
    const after = await getOrder(order.id);
    expect(after.status).toBe("cancelled");
    expect(after.payment.state).toBe("refunded");
    expect(after.payment.paid).toBe(order.totalsInCurrency.total);
    expect(after.payment.refunded).toBe(order.totalsInCurrency.total);
  });
});

describe("refunds", () => {
  it("never exceed what was paid; the same key twice refunds once; two racing refunds cannot both pass", async () => {
    const order = await placeOrder("bank_transfer", "DOP", 3);
    const total = order.totalsInCurrency.total;
    expect((await refund(order.id, 1, "nothing-paid-1")).statusCode).toBe(409);
    await markPaid(order.id, "BPD-REFUNDS");

    expect((await refund(order.id, total + 0.01, "too-much-01")).statusCode).toBe(409);
    const part = await refund(order.id, 10, "part-one-01");
    expect(part.statusCode, part.body).toBe(200);
    expect((part.json() as OrderPayment).state).toBe("partially_refunded");
    expect((await refund(order.id, 10, "part-one-01")).statusCode).toBe(200);
    expect((await getOrder(order.id)).payment.refunded).toBe(10);

    // Two refunds of everything left, at once: one passes.
    const left = Math.round((total - 10) * 100) / 100;
    const race = await Promise.all([
      refund(order.id, left, "race-aaaa-1"),
      refund(order.id, left, "race-bbbb-2"),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = await getOrder(order.id);
    expect(after.payment.state).toBe("refunded");
    expect(after.payment.refunded).toBe(total);
  });

  it("of a sale with its receipt issue the E34 credit note that corrects it, for the amount given back", async () => {
    const order = await placeOrder("bank_transfer", "DOP", 1);
    expect((await markPaid(order.id, "BPD-E34")).statusCode).toBe(200);
    for (const step of [
      { status: "processing" },
      { status: "shipped", carrier: "Caribe Express", trackingNumber: "CE-E34-1" },
      { status: "delivered" },
    ]) {
      const moved = await setStatus(order.id, step);
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const receiptsOf = () => shop.database.db.select().from(receipts).where(eq(receipts.orderId, order.id));
    expect((await receiptsOf()).map((r) => r.type)).toEqual(["E32"]);
    expect((await refund(order.id, 10, "e34-refund-1")).statusCode).toBe(200);
    // The same refund asked again issues nothing more.
    expect((await refund(order.id, 10, "e34-refund-1")).statusCode).toBe(200);
    const notes = (await receiptsOf()).filter((r) => r.type === "E34");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.document.totalCents).toBe(1_000);
  });

  it("goes back through the card gateway, which takes one refund per payment", async () => {
    const order = await placeOrder("card", "USD");
    const { back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    await comeBack(back);
    const first = await refund(order.id, 1, "card-refund-1");
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as OrderPayment).records.at(-1)).toMatchObject({
      kind: "refund",
      provider: "test_gateway",
    });
    const second = await refund(order.id, 1, "card-refund-2");
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("REFUND_FAILED");
    expect((await getOrder(order.id)).payment.refunded).toBe(1);
  });
});

describe("unpaid orders", () => {
  it("are cancelled after the configured hours with their stock back, and the shopper is mailed why", async () => {
    const order = await placeOrder("bank_transfer");
    await shop.database.db
      .update(ordersTable)
      .set({ createdAt: new Date(Date.now() - 49 * 3600_000) })
      .where(eq(ordersTable.id, order.id));
    const { buildApp } = await import("../../app.ts");
    const { sweepUnpaidOrders } = await import("../orders/expiry.ts");
    const app = await buildApp({ env: shop.app.env, database: shop.database, logger: false });
    const mails: Mail[] = [];
    app.mailer.send = async (mail: Mail) => {
      mails.push(mail);
    };
    sweepUnpaidOrders(app);
    try {
      await expect
        .poll(() => mails.find((m) => m.subject.startsWith(`Your order ${order.orderNumber} is cancelled`)))
        .toBeTruthy();
      const mail = mails.find((m) => m.subject.startsWith(`Your order ${order.orderNumber} is cancelled`))!;
      expect(mail.subject).toBe(`Your order ${order.orderNumber} is cancelled: it was not paid in time`);
      expect(mail.text).toContain("for 48 hours, but its payment did not arrive");
      expect(mail.html).toContain(order.items[0]!.title.replaceAll("&", "&amp;").replaceAll("'", "&#39;"));
      const after = await getOrder(order.id);
      expect(after.status).toBe("cancelled");
      expect(after.history.at(-1)).toMatchObject({
        from: "pending",
        to: "cancelled",
        by: null,
        note: "Not paid in time",
      });
    } finally {
      await app.close();
    }
  });

  it("are kept by the sweep once paid", async () => {
    const { cancelUnpaidOrders } = await import("../orders/repository.ts");
    const paid = await placeOrder("bank_transfer");
    await markPaid(paid.id, "BPD-KEEP");
    const unpaid = await placeOrder("bank_transfer");
    await cancelUnpaidOrders(shop.app.db, new Date(Date.now() + 60_000));
    expect((await getOrder(paid.id)).status).toBe("pending");
    expect((await getOrder(unpaid.id)).status).toBe("cancelled");
  });
});

describe("configuration", () => {
  const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(32), DATABASE_URL: "memory:" };
  it("takes cards through the test gateway outside production only, and through AZUL once it is configured", () => {
    expect(loadEnv({ DATABASE_URL: "memory:" })).toMatchObject({
      CARD_GATEWAY: "test",
      BANK_TRANSFER_DETAILS: SAMPLE_BANK_DETAILS,
    });
    expect(loadEnv(production)).toMatchObject({ CARD_GATEWAY: "off", BANK_TRANSFER_DETAILS: undefined });
    expect(() => loadEnv({ ...production, CARD_GATEWAY: "test" })).toThrow(
      /test gateway .* refused in production/,
    );
    const azul = {
      AZUL_MERCHANT_ID: "39038540035",
      AZUL_MERCHANT_NAME: "The Shop",
      AZUL_AUTH_KEY:
        "asdhakjshdkjasdasmndajksdkjaskldga8odya9d8yoasyd98asdyaisdhoaisyd0a8sydoashd8oasydoiahdpiashd09ayusidhaos8dy0a8dya08syd0a8ssdsax",
      AZUL_AUTH1: "testcert2",
      AZUL_AUTH2: "testcert2",
    };
    expect(loadEnv({ ...production, ...azul })).toMatchObject({
      CARD_GATEWAY: "azul",
      AZUL_CURRENCY: "DOP",
      AZUL_PAYMENT_PAGE_URL: "https://pagos.azul.com.do/PaymentPage/Default.aspx",
    });
    const { AZUL_AUTH_KEY: _key, ...withoutKey } = azul;
    expect(() => loadEnv({ ...production, ...withoutKey })).toThrow(
      /AZUL_AUTH_KEY: AZUL's card payments need/,
    );
  });
});

describe("AZUL's signature", () => {
  it("signs the documented fields in order with HMAC-SHA512 of the auth key, and any change breaks it", () => {
    const gateway = azulGateway({
      name: "azul",
      paymentPageUrl: "https://pruebas.azul.com.do/PaymentPage/",
      webserviceUrl: "https://pruebas.azul.com.do/WebServices/JSON/Default.aspx",
      merchantId: "39038540035",
      merchantName: "The Shop",
      merchantType: "E-Commerce",
      authKey: "secret-auth-key",
      auth1: "a",
      auth2: "b",
      channel: "EC",
      currencyCode: "$",
      currencies: ["DOP"],
    });
    const form = gateway.checkoutForm({
      reference: "104201",
      amountCents: 123456,
      currency: "DOP",
      approvedUrl: "https://shop.example/api/payments/return/approved",
      declinedUrl: "https://shop.example/api/payments/return/declined",
      cancelUrl: "https://shop.example/api/payments/return/cancelled/x",
    });
    const text = `39038540035The ShopE-Commerce$104201123456000https://shop.example/api/payments/return/approvedhttps://shop.example/api/payments/return/declinedhttps://shop.example/api/payments/return/cancelled/x00secret-auth-key`;
    expect(form.fields.AuthHash).toBe(
      createHmac("sha512", "secret-auth-key").update(Buffer.from(text, "utf16le")).digest("hex"),
    );
    expect(() =>
      gateway.checkoutForm({
        reference: "104202",
        amountCents: 100,
        currency: "USD",
        approvedUrl: "https://shop.example/a",
        declinedUrl: "https://shop.example/d",
        cancelUrl: "https://shop.example/c",
      }),
    ).toThrow(/takes DOP, not USD/);

    const result = {
      OrderNumber: "104201",
      Amount: "123456",
      AuthorizationCode: "OK1234",
      DateTime: "20261128101500",
      ResponseCode: "ISO8583",
      IsoCode: "00",
      ResponseMessage: "APROBADA",
      ErrorDescription: "",
      RRN: "202611281015",
    };
    const signed = {
      ...result,
      ITBIS: "000",
      AuthHash: createHmac("sha512", "secret-auth-key")
        .update(Buffer.from(`${Object.values(result).join("")}secret-auth-key`, "utf16le"))
        .digest("hex")
        .toUpperCase(),
    };
    expect(gateway.readReturn(signed)).toMatchObject({
      reference: "104201",
      outcome: "approved",
      amountCents: 123456,
    });
    // ITBIS is not signed; every signed field is.
    expect(gateway.readReturn({ ...signed, ITBIS: "999" })).not.toBeNull();
    for (const name of Object.keys(result)) {
      expect(
        gateway.readReturn({ ...signed, [name]: `${signed[name as keyof typeof signed]}1` }),
        name,
      ).toBeNull();
    }
  });
});

describe("the payment-received mail", () => {
  const receivedMails = async (order: Order) => {
    await shop.app.mailer.idle();
    return shop.app.mailer.sent.filter(
      (m) => m.subject === `Payment received for your order ${order.orderNumber}`,
    );
  };

  it("goes once to the shopper of a transfer marked paid, with the order number and the amount in its currency", async () => {
    const order = await placeOrder("bank_transfer", "DOP", 2);
    expect(await receivedMails(order)).toHaveLength(0);
    expect((await markPaid(order.id, "BPD-MAIL-01")).statusCode).toBe(200);
    // The same bank reference again is the same payment: no second mail.
    expect((await markPaid(order.id, "BPD-MAIL-01")).statusCode).toBe(200);
    const mails = await receivedMails(order);
    expect(mails).toHaveLength(1);
    const amount = formatMoney(toCents(order.totalsInCurrency.total), "DOP");
    expect(amount).toMatch(/^RD\$/);
    expect(mails[0]!.to).toBe(order.customerEmail);
    expect(mails[0]!.text).toContain(
      `We have received your payment of ${amount} for order ${order.orderNumber} (Bank transfer).`,
    );
    expect(mails[0]!.text).toContain(`${SHOP}/order?id=${order.id}&token=`);
    expect(mails[0]!.html).toContain(`${amount} for order ${order.orderNumber}`);
  });

  it("goes once for a card payment whose result arrives three times at once, in the order's currency", async () => {
    const order = await placeOrder("card", "USD");
    const { back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
    await Promise.all([comeBack(back), comeBack(back), comeBack(back)]);
    expect((await getOrder(order.id)).payment.state).toBe("paid");
    const mails = await receivedMails(order);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      `We have received your payment of ${formatMoney(toCents(order.totalsInCurrency.total), "USD")} for order ${order.orderNumber} (Card).`,
    );
  });

  it.runIf(engine === "postgres")(
    "goes once when the result reaches two processes of the shop at once, each twice",
    async () => {
      const other = await secondInstance(shop);
      try {
        const order = await placeOrder("card", "DOP");
        const { back } = await payAtGateway(order.id, TEST_GATEWAY_CARDS.approve);
        const atOther = () => other.app.inject({ method: "GET", url: `${back.pathname}${back.search}` });
        const answers = await Promise.all([comeBack(back), atOther(), comeBack(back), atOther()]);
        for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(400);
        expect((await getOrder(order.id)).payment.state).toBe("paid");
        await other.app.mailer.idle();
        const fromOther = other.app.mailer.sent.filter(
          (m) => m.subject === `Payment received for your order ${order.orderNumber}`,
        );
        expect([...(await receivedMails(order)), ...fromOther]).toHaveLength(1);
        const recorded = await shop.database.db.select().from(payments).where(eq(payments.orderId, order.id));
        expect(recorded.filter((p) => p.kind === "payment")).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );

  it("is not sent for a declined card, nor for money that arrives for a cancelled order and goes back", async () => {
    const declined = await placeOrder("card");
    await comeBack((await payAtGateway(declined.id, TEST_GATEWAY_CARDS.decline)).back);
    expect((await getOrder(declined.id)).payment.state).toBe("failed");
    expect(await receivedMails(declined)).toHaveLength(0);

    const cancelled = await placeOrder("card");
    const { back } = await payAtGateway(cancelled.id, TEST_GATEWAY_CARDS.approve);
    const res = await shop.app.inject({
      method: "POST",
      url: `/api/orders/${cancelled.id}/cancel`,
      headers: shopper.headers,
    });
    expect(res.statusCode).toBe(200);
    await comeBack(back);
    expect((await getOrder(cancelled.id)).payment.state).toBe("refunded");
    expect(await receivedMails(cancelled)).toHaveLength(0);
  });
});

describe("the orders list by payment state", () => {
  const list = (filter: Record<string, string>) =>
    shop.app.inject({
      method: "GET",
      url: `/api/orders?filter=${encodeURIComponent(JSON.stringify(filter))}&pageSize=100`,
      headers: admin.headers,
    });

  it("filters by the state each order answers, for every state, and refuses a state it does not know", async () => {
    const unpaid = await placeOrder("bank_transfer");
    const paid = await placeOrder("bank_transfer");
    await markPaid(paid.id, "BPD-LIST-PAID");
    const partly = await placeOrder("bank_transfer", "DOP", 2);
    await markPaid(partly.id, "BPD-LIST-PART");
    expect((await refund(partly.id, 5, "list-part-01")).statusCode).toBe(200);
    const refunded = await placeOrder("bank_transfer");
    await markPaid(refunded.id, "BPD-LIST-BACK");
    expect((await refund(refunded.id, refunded.totalsInCurrency.total, "list-back-01")).statusCode).toBe(200);
    const failed = await placeOrder("card");
    await comeBack((await payAtGateway(failed.id, TEST_GATEWAY_CARDS.decline)).back);
    const cancelled = await placeOrder("bank_transfer");
    expect(
      (
        await shop.app.inject({
          method: "POST",
          url: `/api/orders/${cancelled.id}/cancel`,
          headers: shopper.headers,
        })
      ).statusCode,
    ).toBe(200);
    const expected: [Order, string][] = [
      [unpaid, "unpaid"],
      [paid, "paid"],
      [partly, "partially_refunded"],
      [refunded, "refunded"],
      [failed, "failed"],
      [cancelled, "cancelled"],
    ];

    const all = await list({});
    let counted = 0;
    for (const state of PAYMENT_STATES) {
      const res = await list({ paymentState: state });
      expect(res.statusCode, res.body).toBe(200);
      const found: Order[] = res.json();
      // The filter and the state each order answers follow one rule.
      expect(found.every((o) => o.payment.state === state)).toBe(true);
      counted += Number(res.headers["x-total-count"]);
      for (const [order, its] of expected) {
        const one: Order[] = (await list({ paymentState: state, q: String(order.orderNumber) })).json();
        expect(
          one.map((o) => o.id),
          `${order.orderNumber} under ${state}`,
        ).toEqual(its === state ? [order.id] : []);
      }
    }
    // Every order is in exactly one state.
    expect(counted).toBe(Number(all.headers["x-total-count"]));
    // With the status too, and as a plain query parameter.
    const both: Order[] = (await list({ paymentState: "cancelled", status: "cancelled" })).json();
    expect(both.map((o) => o.id)).toContain(cancelled.id);
    const plain = await shop.app.inject({
      method: "GET",
      url: `/api/orders?paymentState=paid&pageSize=100`,
      headers: admin.headers,
    });
    expect((plain.json() as Order[]).every((o) => o.payment.state === "paid")).toBe(true);

    const bad = await list({ paymentState: "half-paid" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/filter\.paymentState/);
    // A shopper's own list filters the same way and still shows only their orders.
    const mine = await shop.app.inject({
      method: "GET",
      url: `/api/orders?filter=${encodeURIComponent(JSON.stringify({ paymentState: "paid" }))}`,
      headers: shopper.headers,
    });
    expect(
      (mine.json() as Order[]).every((o) => o.userId === shopper.user.id && o.payment.state === "paid"),
    ).toBe(true);
  });
});
