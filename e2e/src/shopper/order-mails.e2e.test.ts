// The shopper's mails about an order, read from the running shop's outbox (DATA_DIR/outbox, as without SMTP): a new
// shopper places an order paid by bank transfer, staff mark it Processing in the back office, and the shopper has
// two mails, each as text and as HTML that Chromium shows with the order's amounts and nothing from data as markup.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { formatMoney } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminSession } from "../backoffice/admin.ts";
import { DESK, journeyBrowser, openPage, seriousAxeViolations } from "../browser.ts";
import { newShopper, orderItem, pickProduct, shopApi, shopUrl } from "./journey.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

interface OutboxMail {
  subject: string;
  text: string;
  html: string;
}

/** The mails to `email` in the outbox, oldest first, each split into its subject, text and HTML. */
async function mailsTo(email: string): Promise<OutboxMail[]> {
  const outbox = join(inject("dataDir"), "outbox");
  const names = (await readdir(outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith(`-${email.replace(/[^a-z0-9@.]/gi, "_")}.eml`))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const eml = await readFile(join(outbox, name), "utf8");
      const boundary = /boundary="([^"]+)"/.exec(eml)?.[1];
      const parts = boundary ? eml.split(`--${boundary}`).slice(1, -1) : [];
      const body = (type: string) => {
        const part = parts.find((p) => p.includes(`Content-Type: ${type};`)) ?? "";
        return part.slice(part.indexOf("\n\n") + 2).replace(/\n$/, "");
      };
      return {
        subject: /^Subject: (.*)$/m.exec(eml)?.[1] ?? "",
        text: body("text/plain"),
        html: body("text/html"),
      };
    }),
  );
}

describe("an order's mails", () => {
  it("tell the shopper the order was placed, with its totals and how to pay by transfer, that the transfer arrived, and that staff moved it", async () => {
    const product = await pickProduct(
      (p) => p.variants.length === 1 && p.quantity >= 3 && p.status === "in-stock",
    );
    const shopper = await newShopper("mails");
    const [shipping] = (await shopApi().client.shipping.list()).items;
    const order = await shopper.client.orders.place({
      items: [orderItem(product, 2)],
      shippingAddress: { streetAddress: "Calle <El Conde> 101", city: "Santo Domingo", country: "DO" },
      shippingMethodId: shipping!.id,
      currency: "DOP",
      paymentMethod: "bank_transfer",
      phone: "+1 809 555 0142",
    });
    const total = formatMoney(toCents(order.totalsInCurrency.total), "DOP");

    const { page, problems } = await adminPage(`/orders/${order.id}`);
    await page.getByRole("heading", { level: 2, name: `Order ${order.orderNumber}` }).waitFor();
    // The transfer arrived: staff mark it paid, then prepare the order (each step asks first).
    await page.getByRole("button", { name: "Mark as paid" }).click();
    const paid = page.getByRole("dialog", { name: `Mark order ${order.orderNumber} as paid` });
    await paid.getByLabel(/^Bank's reference/).fill("BPD-MAILS-1");
    await paid.getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The payment is recorded").waitFor();
    await page.getByRole("button", { name: "Mark as Processing" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByText("The order is now Processing").waitFor();
    expect(problems).toEqual([]);
    await page.context().close();

    // Placed, the transfer received (once), then processing.
    await expect.poll(async () => (await mailsTo(shopper.email)).length, { timeout: 10_000 }).toBe(3);
    const mails = await mailsTo(shopper.email);
    const bySubject = (subject: string) => mails.find((mail) => mail.subject === subject);
    const placed = bySubject(`Your order ${order.orderNumber} is placed`);
    const received = bySubject(`Payment received for your order ${order.orderNumber}`);
    const processing = bySubject(`Your order ${order.orderNumber} is now processing`);
    expect(received!.text).toContain(
      `We have received your payment of ${total} for order ${order.orderNumber}`,
    );
    // The line names its variant after the title: "2 × Lumen M70 (Color: Midnight Black) at …".
    expect(placed!.text).toContain(`2 × ${product.title}`);
    expect(placed!.text).toContain(`\nTotal: ${total}\n`);
    expect(placed!.text).toContain("Shipping to\nCalle <El Conde> 101\nSanto Domingo\nDO");
    expect(placed!.text).toContain(
      `Please transfer ${total} with "Order ${order.orderNumber}" as the reference.`,
    );
    expect(placed!.text).toContain(`${shopUrl()}/order?id=${order.id}`);
    expect(processing!.text).toContain(`Order ${order.orderNumber} is now Processing.`);

    // The HTML as a mail program shows it: the amounts and the address as text, readable, with a working link.
    const reader = await openPage(browser, DESK);
    await reader.page.setContent(placed!.html);
    await reader.page.getByRole("cell", { name: total }).waitFor();
    await reader.page.getByText("Calle <El Conde> 101").waitFor();
    // Nothing the shopper wrote became an element.
    expect(await reader.page.locator("el, script").count()).toBe(0);
    // The link carries the order page's signature, so it opens without signing in.
    expect(await reader.page.getByRole("link", { name: "See your order" }).getAttribute("href")).toMatch(
      new RegExp(`^${shopUrl()}/order\\?id=${order.id}&token=[\\w-]{43}$`),
    );
    expect(await seriousAxeViolations(reader.page)).toEqual([]);
    await reader.page.setContent(processing!.html);
    await reader.page.getByText(`Order ${order.orderNumber} is now Processing.`).waitFor();
    expect(reader.problems).toEqual([]);
    await reader.page.context().close();
  });
});
