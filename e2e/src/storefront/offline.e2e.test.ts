// With the API out of reach, the catalogue pages show the built-in sample catalogue and say the shop is offline.
import { seedProducts } from "@shop/domain/sample-catalogue";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "../browser.ts";
import { cardTitles, settled, shopUrl, withoutFirstScreen } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

const OFFLINE = /The shop is offline right now/;

/**
 * Waits for the offline notice (failing after the step timeout). It is drawn from a lazy chunk once the catalogue
 * has fallen back, which on a busy machine can come after the page has settled.
 */
function offlineNotice(page: Page): Promise<void> {
  return page.getByText(OFFLINE).waitFor();
}

async function offlinePage(path: string) {
  const watched = await openPage(browser, PHONE);
  const apiCalls: string[] = [];
  // The page's HTML comes without the answers the server writes into it: everything is asked of the API.
  await withoutFirstScreen(watched.page);
  await watched.page.route("**/api/**", (route) => {
    apiCalls.push(route.request().url());
    return route.abort("connectionrefused");
  });
  await watched.page.goto(`${shopUrl()}${path}`);
  await settled(watched.page);
  return { ...watched, apiCalls };
}

describe("with the API down", () => {
  it("the shop lists the sample products with the offline notice, pictures drawn in the page", async () => {
    const { page, apiCalls } = await offlinePage("/shop");
    expect(apiCalls.length).toBeGreaterThan(0);
    await offlineNotice(page);
    await expect(page.getByText(`Showing 1–12 of ${seedProducts.length} results`).isVisible()).resolves.toBe(
      true,
    );
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(12);
    for (const title of titles) expect(seedProducts.map((p) => p.title)).toContain(title);
    const src = await page.locator("main article img").first().getAttribute("src");
    expect(src).toMatch(/^data:image\/svg\+xml/);
    await page.context().close();
  });

  it("filters and sorts still work on the sample catalogue", async () => {
    const { page } = await offlinePage("/shop?productType=jewelry&sort=low-to-high");
    const jewelry = seedProducts.filter((p) => p.productType === "jewelry");
    await expect(page.getByText(`of ${jewelry.length} results`, { exact: false }).isVisible()).resolves.toBe(
      true,
    );
    const titles = await cardTitles(page);
    const prices = titles.map((t) => jewelry.find((p) => p.title === t)!);
    const paid = prices.map((p) => Number(p.price) * (1 - p.discount / 100));
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    await page.context().close();
  });

  it("the home page and a product page show sample products", async () => {
    const home = await offlinePage("/");
    await offlineNotice(home.page);
    expect((await cardTitles(home.page)).length).toBeGreaterThan(0);
    await home.page.context().close();

    const sample = seedProducts[0]!;
    const product = await offlinePage(`/product-details/${sample.slug}`);
    await expect(product.page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(sample.title);
    await product.page.context().close();
  });
});
