// A return in the back office: staff open it on a shipped order, mark it received (one unit good, one damaged: only
// the good one goes back in stock) and refund part of the money; the shopper's order page shows both.
import type { Order, ShippingMethod } from "@shop/domain/schemas/public";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, openPage } from "../browser.ts";
import { newShopper, pickProduct, shopUrl, stockOf, storeSession } from "../shopper/journey.ts";
import { ADMIN, adminSession, apiJson, apiLogin } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("a return", () => {
  it("is received with the good units back in stock, and refunded in part", async () => {
    const shopper = await newShopper("returns");
    const product = await pickProduct(
      (p) => p.variants.some((v) => v.quantity >= 4) && p.status === "in-stock",
    );
    const variant = product.variants.find((v) => v.quantity >= 4)!;
    const shipping = (await shopper.client.shipping.list()).items as ShippingMethod[];
    const order: Order = await shopper.client.orders.place({
      items: [{ productId: product.id, variantId: variant.id, quantity: 2 }],
      shippingAddress: { streetAddress: "Calle Mercedes 12", city: "Santo Domingo", country: "DO" },
      shippingMethodId: shipping[0]!.id,
      currency: "DOP",
      paymentMethod: "cash_on_delivery",
      phone: "809-555-0191",
    });
    const { headers } = await apiLogin(ADMIN);
    const json = { ...headers, "Content-Type": "application/json" };
    for (const body of [
      { status: "processing" },
      { status: "shipped", carrier: "DHL", trackingNumber: "JD0146000099" },
    ]) {
      await apiJson(`/orders/${order.id}`, { method: "PUT", headers: json, body: JSON.stringify(body) });
    }
    await apiJson(`/orders/${order.id}/payments`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ paidOn: new Date().toISOString().slice(0, 10), reference: "CASH-RETURNS-1" }),
    });
    const stockBefore = await stockOf(product.id);

    const { page, problems } = await adminPage(`/orders/${order.id}`);
    await page.getByRole("heading", { level: 2, name: `Order ${order.orderNumber}` }).waitFor();
    await page.getByRole("button", { name: "Open a return" }).click();
    const open = page.getByRole("dialog", { name: `Return from order ${order.orderNumber}` });
    await open.getByLabel(`${product.title}: units coming back (of 2)`).fill("2");
    await open.getByLabel(/^Reason/).fill("Wrong colour");
    await open.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The return is open; the shopper is mailed").waitFor();

    await page.getByRole("button", { name: "Mark as received" }).click();
    const receive = page.getByRole("dialog", { name: "What came back" });
    await receive.getByLabel(`${product.title}: in good condition (back in stock)`).fill("1");
    await receive.getByLabel(`${product.title}: damaged (kept out)`).fill("1");
    await receive.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The return is received; good units are back in stock").waitFor();
    await page.getByText(`2 × ${product.title}: 1 good, 1 damaged`).waitFor();
    expect(await stockOf(product.id)).toBe(stockBefore + 1);

    await page.getByRole("button", { name: "Refund" }).click();
    const refund = page.getByRole("dialog", { name: `Refund order ${order.orderNumber}` });
    await refund.getByLabel(/^Amount \(DOP/).fill("150");
    await refund.getByLabel(/^Reason/).fill("One unit returned in good condition");
    await refund.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The refund is recorded").waitFor();
    await page.getByText("Partially refunded").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();

    const shopperPage = await openPage(browser, DESK);
    await shopperPage.page.goto(`${shopUrl()}/`);
    await storeSession(shopperPage.page, shopper.session);
    await shopperPage.page.goto(`${shopUrl()}/order?id=${order.id}`);
    const payment = shopperPage.page.getByRole("region", { name: "Payment" });
    await payment
      .getByRole("list", { name: "Returns" })
      .getByText(/Received on .*Wrong colour/)
      .waitFor();
    await payment.getByText(/^Refunded RD\$150\.00 on /).waitFor();
    await shopperPage.page.context().close();
  });
});
