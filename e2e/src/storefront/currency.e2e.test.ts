// The currency switch turns RD$ prices into US$ ones and back, the choice survives a reload; when the exchange
// call fails, the shopper is told and prices use 78.5 DOP per US dollar.
import { formatUsdAsCurrency } from "@shop/domain/currency";
import { exchangeMessages } from "@shop/domain/messages";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "../browser.ts";
import { expectToast, newShopper, pickProduct, storeSession } from "../shopper/journey.ts";
import { settled, shopUrl, visit, withoutFirstScreen } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** What the cheapest product costs a shopper, written by @shop/domain in a currency at a rate. */
async function cheapestPrice(page: Page, currency: "USD" | "DOP", rate: number): Promise<string> {
  const response = await page.request.get(`${shopUrl()}/api/product?sort=low-to-high`);
  const [cheapest] = (await response.json()) as { price: number; discount: number }[];
  return formatUsdAsCurrency(
    discountedPriceCents(toCents(cheapest!.price), cheapest!.discount),
    currency,
    rate,
  );
}

/** The first product card's price as shown (the price a shopper pays). */
const firstPrice = (page: Page) => page.locator("main article [data-currency] > span").first().textContent();

describe("the currency switch", () => {
  it("shows RD$ by default, US$ once chosen, keeps the choice over a reload, and goes back", async () => {
    const { page, problems } = await visit(browser, "/shop?sort=low-to-high", PHONE);
    const usd = await cheapestPrice(page, "USD", 1);
    await expect.poll(() => firstPrice(page)).toMatch(/^(Now )?RD\$/);

    await page.getByRole("combobox", { name: "Currency" }).selectOption("USD");
    await expect.poll(() => firstPrice(page)).toContain(usd);
    expect(await page.locator("main").textContent()).not.toContain("RD$");

    await page.reload();
    await settled(page);
    await expect.poll(() => firstPrice(page)).toContain(usd);
    await expect(page.getByRole("combobox", { name: "Currency" }).inputValue()).resolves.toBe("USD");

    await page.getByRole("combobox", { name: "Currency" }).selectOption("DOP");
    await expect.poll(() => firstPrice(page)).toMatch(/RD\$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("with the exchange call failing, shows the fallback toast and prices at 78.5", async () => {
    const { page } = await openPage(browser, PHONE);
    // The page's HTML comes without its first-screen data (the rate among it), so the storefront asks the API.
    await withoutFirstScreen(page);
    await page.route("**/api/Exchange/rate**", (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto(`${shopUrl()}/shop?sort=low-to-high`);
    await settled(page);
    await expect
      .poll(() => page.getByText(exchangeMessages.fetchError, { exact: false }).isVisible())
      .toBe(true);
    await expect(
      page.getByText(exchangeMessages.fallbackWarning, { exact: false }).isVisible(),
    ).resolves.toBe(true);
    const atFallback = await cheapestPrice(page, "DOP", 78.5);
    await expect.poll(() => firstPrice(page)).toContain(atFallback);
    await page.context().close();
  });
});

describe("one currency on screen", () => {
  it("in RD$, the coupons page, the cart's coupon answers and the checkout show no US$", async () => {
    const product = await pickProduct((p) => p.quantity >= 3 && p.status === "in-stock" && p.price < 60);
    const shopper = await newShopper("pesos");
    await shopper.client.addresses.add({
      streetAddress: "Calle Arzobispo Nouel 7",
      country: "DO",
      phone: "8095550444",
    });
    const { page, problems } = await visit(browser, "/coupons", PHONE);
    const main = page.getByRole("main");
    // Coupon values, minimums and titles: in pesos, or in no currency at all.
    await main
      .getByText(/^RD\$[\d,]+\.\d\d off$/)
      .first()
      .waitFor();
    await main
      .getByText(/^On orders of RD\$[\d,]+\.\d\d or more$/)
      .first()
      .waitFor();
    expect(await main.textContent()).not.toContain("US$");

    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await page.goto(`${shopUrl()}/cart`);
    await settled(page);
    const code = page.getByLabel("Coupon code");
    await code.fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await main.getByText(/^Coupon WELCOME10 applied: RD\$[\d,]+\.\d\d off$/).waitFor();
    expect(await main.textContent()).not.toContain("US$");
    await code.fill("BIG50");
    await page.getByRole("button", { name: "Apply" }).click();
    await main.getByText(/^Coupon BIG50 needs an order of at least RD\$[\d,]+\.\d\d$/).waitFor();
    expect(await main.textContent()).not.toContain("US$");

    await code.fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await main.getByText(/^Coupon WELCOME10 applied/).waitFor();
    await storeSession(page, shopper.session);
    await page.goto(`${shopUrl()}/checkout`);
    await page.getByRole("radiogroup", { name: "Delivery" }).getByRole("radio").first().waitFor();
    await main.getByText(/free over RD\$[\d,]+\.\d\d$/).waitFor();
    expect(await main.textContent()).not.toContain("US$");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
