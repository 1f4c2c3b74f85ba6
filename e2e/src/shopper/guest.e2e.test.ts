// Checking out as a guest in a browser: no account, an e-mail, the address with its phone; the order's page opens at
// once, and again later, in another browser, through the signed link in the order's mail.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESK, journeyBrowser, openPage } from "../browser.ts";
import { expectToast, field, pickProduct, shopUrl } from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** The text of the newest mail to `email` in the shop's outbox. */
async function newestMailTo(email: string): Promise<string> {
  const outbox = join(inject("dataDir"), "outbox");
  const names = (await readdir(outbox).catch(() => [] as string[]))
    .filter((name) => name.endsWith(`-${email.replace(/[^a-z0-9@.]/gi, "_")}.eml`))
    .sort();
  return names.length ? readFile(join(outbox, names.at(-1)!), "utf8") : "";
}

describe("a guest", () => {
  it("orders with an e-mail and no account, and finds the order again through its link", async () => {
    // A product of several variants: the guest's order names the one in the cart.
    const product = await pickProduct(
      (p) => p.quantity >= 3 && p.status === "in-stock" && p.variants.length > 1,
    );
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await page.goto(`${shopUrl()}/checkout`);

    const guest = page.getByRole("region", { name: "Checkout as a guest" });
    const email = `guest-${Date.now()}@example.com`;
    await field(guest, "Email").fill(email);
    await field(guest, "First name").fill("Rosa");
    await field(guest, "Last name").fill("Peralta");
    await field(guest, "Street address").fill("Calle Isabel la Católica 20");
    await field(guest, "City").fill("Santo Domingo");
    await field(guest, "Phone").fill("809-555-0123");
    await guest.getByRole("button", { name: "Use this address" }).click();
    await guest.getByText(/Ship to Calle Isabel la Católica 20, Santo Domingo · 809-555-0123/).waitFor();
    await guest.getByRole("radio", { name: "Bank transfer" }).check();
    await guest.getByRole("button", { name: "Place order as a guest" }).click();

    await page.waitForURL(/\/order\?id=.+&token=/);
    await page.getByText(/^Thank you! Your order \d+ is placed/).waitFor();
    const payment = page.getByRole("region", { name: "Payment" });
    await payment.getByText(/as the reference/).waitFor();
    const orderUrl = new URL(page.url());
    expect(problems).toEqual([]);
    await page.context().close();

    // Later, elsewhere: the mail's link opens the order without signing in.
    await expect
      .poll(async () => /\/order\?id=\S+&token=\S+/.exec(await newestMailTo(email))?.[0])
      .toBeTruthy();
    const link = /https?:\/\/\S+\/order\?id=\S+&token=[\w-]+/.exec(await newestMailTo(email))![0];
    expect(new URL(link).searchParams.get("id")).toBe(orderUrl.searchParams.get("id"));
    const later = await openPage(browser, DESK);
    await later.page.goto(link);
    await later.page.getByRole("heading", { name: /^Order \d+$/ }).waitFor();
    await later.page.getByText(product.title).first().waitFor();
    await later.page.context().close();
  });
});
