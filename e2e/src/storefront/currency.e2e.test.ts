// The currency switch turns RD$ prices into US$ ones and back, the choice survives a reload; when the exchange
// call fails, the shopper is told and prices use 78.5 DOP per US dollar.
import { formatUsdAsCurrency } from "@shop/domain/currency";
import { exchangeMessages } from "@shop/domain/messages";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, openPage, PHONE } from "../browser.ts";
import { settled, shopUrl, visit, withoutFirstScreen } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
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
