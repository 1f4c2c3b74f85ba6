// Paying in a browser on the shop's own test gateway (AZUL's protocol over real HTTP): a card order paid and landing
// on a paid order; a decline, then "Pay now" succeeding; a forged result refused; a bank transfer's details shown
// and the order marked paid by staff in the back office.
import type { Order, ShippingMethod } from "@shop/domain/schemas/public";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSession } from "../backoffice/admin.ts";
import { DESK, journeyBrowser, openPage } from "../browser.ts";
import { newShopper, pickProduct, shopUrl, storeSession } from "./journey.ts";

const CARDS = { approve: "4242424242424242", decline: "4000000000000002" };

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** A new shopper with one order placed through the API, as checkout places it. */
async function shopperWithOrder(label: string, paymentMethod: "card" | "bank_transfer") {
  const shopper = await newShopper(label);
  const product = await pickProduct(
    (p) => p.variants.some((v) => v.quantity >= 3) && p.status === "in-stock",
  );
  const variant = product.variants.find((v) => v.quantity >= 3)!;
  const shipping = await shopper.client.shipping.list();
  const order: Order = await shopper.client.orders.place({
    items: [{ productId: product.id, variantId: variant.id, quantity: 1 }],
    shippingAddress: { streetAddress: "Calle Las Damas 7", city: "Santo Domingo", country: "DO" },
    shippingMethodId: (shipping.items as ShippingMethod[])[0]!.id,
    currency: "DOP",
    paymentMethod,
    phone: "809-555-0177",
  });
  return { shopper, order };
}

async function orderPage(label: string, paymentMethod: "card" | "bank_transfer") {
  const { shopper, order } = await shopperWithOrder(label, paymentMethod);
  const { page, problems } = await openPage(browser, DESK);
  await page.goto(`${shopUrl()}/`);
  await storeSession(page, shopper.session);
  await page.goto(`${shopUrl()}/order?id=${order.id}`);
  await page.getByRole("heading", { name: `Order ${order.orderNumber}` }).waitFor();
  return { page, problems, order, shopper };
}

/** On the gateway's hosted page: types the card and pays; the gateway sends the browser back to the shop. */
async function payOnGateway(page: Page, card: string) {
  await page.getByRole("heading", { name: "Pay by card" }).waitFor();
  await page.getByLabel("Card number").fill(card);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(/\/order\?id=.*&payment=/);
}

describe("paying by card on the test gateway", () => {
  it("pays the order's total and lands on a paid order", async () => {
    const { page, problems, order, shopper } = await orderPage("card-pay", "card");
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("heading", { name: "Pay by card" }).waitFor();
    // The gateway shows the order's total in its currency, as the shop signed it.
    const cents = Math.round(order.totalsInCurrency.total * 100);
    await page.getByText(`$${(cents / 100).toFixed(2)}`).waitFor();
    await payOnGateway(page, CARDS.approve);
    await page.getByText("Thank you! Your payment is received.").waitFor();
    await page.getByRole("region", { name: "Payment" }).getByText("Paid", { exact: true }).waitFor();
    expect((await shopper.client.orders.get(order.id)).payment.state).toBe("paid");
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("is declined, then Pay now succeeds", async () => {
    const { page, order, shopper } = await orderPage("card-decline", "card");
    await page.getByRole("button", { name: "Pay now" }).click();
    await payOnGateway(page, CARDS.decline);
    await page.getByText("Your card was declined; nothing was charged. You can pay again.").waitFor();
    expect((await shopper.client.orders.get(order.id)).payment.state).toBe("failed");
    await page.getByRole("button", { name: "Pay now" }).click();
    await payOnGateway(page, CARDS.approve);
    await page.getByText("Thank you! Your payment is received.").waitFor();
    const paid = await shopper.client.orders.get(order.id);
    expect(paid.payment.state).toBe("paid");
    expect(paid.payment.records).toHaveLength(1);
    await page.context().close();
  });

  it("is found paid when the shopper closed the tab after paying (the shop asks the gateway)", async () => {
    const { page, order, shopper } = await orderPage("card-closed", "card");
    // The gateway takes the money, and the way back to the shop is lost (the tab closed, the connection gone): the
    // card's form reaches the gateway, its redirect never reaches the browser.
    const gatewayPost = /\/api\/test-gateway\/PaymentPage\/[0-9a-f-]+$/;
    let paid: () => void = () => {};
    const paidAtGateway = new Promise<void>((resolve) => (paid = resolve));
    await page.route(gatewayPost, async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      expect(answer.status()).toBe(303);
      paid();
      await route.abort();
    });
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("heading", { name: "Pay by card" }).waitFor();
    await page.getByLabel("Card number").fill(CARDS.approve);
    await page.getByRole("button", { name: "Pay" }).click();
    await paidAtGateway;
    await page.unroute(gatewayPost);
    expect((await shopper.client.orders.get(order.id)).payment.state).toBe("unpaid");
    // Back on the order page later: the shop checks with the gateway, which says it was paid.
    await page.goto(`${shopUrl()}/order?id=${order.id}`);
    await page.getByRole("region", { name: "Payment" }).getByText("Paid", { exact: true }).waitFor();
    expect((await shopper.client.orders.get(order.id)).payment.records).toHaveLength(1);
    await page.context().close();
  });

  it("is cancelled on the gateway's page and can be paid later", async () => {
    const { page } = await orderPage("card-cancel", "card");
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("heading", { name: "Pay by card" }).waitFor();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByText("The payment was cancelled. You can pay when you are ready.").waitFor();
    await page.getByRole("button", { name: "Pay now" }).waitFor();
    await page.context().close();
  });

  it("refuses a forged result: the order stays unpaid", async () => {
    const { page, order, shopper } = await orderPage("card-forged", "card");
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.getByRole("heading", { name: "Pay by card" }).waitFor();
    await page.getByLabel("Card number").fill(CARDS.decline);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/payment=declined/);
    // Someone rewrites the declined answer as an approval and sends it to the shop.
    const forged = new URL(`${shopUrl()}/api/payments/return/approved`);
    forged.searchParams.set("OrderNumber", `${order.orderNumber}01`);
    forged.searchParams.set("Amount", String(Math.round(order.totalsInCurrency.total * 100)));
    forged.searchParams.set("ResponseCode", "ISO8583");
    forged.searchParams.set("IsoCode", "00");
    forged.searchParams.set("ResponseMessage", "APROBADA");
    forged.searchParams.set("AuthHash", "0".repeat(128));
    const answer = await page.goto(forged.toString());
    expect(answer?.status()).toBe(400);
    expect((await shopper.client.orders.get(order.id)).payment.state).toBe("failed");
    await page.context().close();
  });
});

describe("paying by bank transfer", () => {
  it("shows the shop's account with the order number as reference; staff mark it paid", async () => {
    const { page, order } = await orderPage("transfer", "bank_transfer");
    const payment = page.getByRole("region", { name: "Payment" });
    await payment.getByText(`with "Order ${order.orderNumber}" as the reference`).waitFor();
    await payment.getByText(/Our bank account: .+/).waitFor();

    const admin = await adminPage(`/orders/${order.id}`);
    await admin.page.getByRole("heading", { level: 2, name: `Order ${order.orderNumber}` }).waitFor();
    // An unpaid transfer does not go ahead unless staff confirm it.
    await admin.page.getByRole("button", { name: "Mark as Processing" }).click();
    const ask = admin.page.getByRole("dialog");
    await ask.getByText("This order is not paid yet.", { exact: false }).waitFor();
    await expect(ask.getByRole("button", { name: "Confirm" }).isDisabled()).resolves.toBe(true);
    await ask.getByRole("button", { name: "Cancel" }).click();

    await admin.page.getByRole("button", { name: "Mark as paid" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Mark order ${order.orderNumber} as paid` });
    await dialog.getByLabel(/^Bank's reference/).fill("BPD-20261128-77");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await admin.page.getByText("The payment is recorded").waitFor();
    await admin.page.getByText(/BPD-20261128-77 · admin@shop.test/).waitFor();
    await admin.page.context().close();

    await page.reload();
    await payment.getByText("Paid", { exact: true }).waitFor();
    await expect(payment.getByText(/as the reference/).count()).resolves.toBe(0);
    await page.context().close();
  });
});
