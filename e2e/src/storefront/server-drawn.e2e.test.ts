// Public pages come drawn by the server: a shopper sees the products and prices before the app has run, the app
// takes the drawn page over without drawing it again, and prices are drawn in the shopper's chosen currency.
import { formatUsdAsCurrency } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "../browser.ts";
import { cardTitles, settled, shopUrl } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

interface Listed {
  id: string;
  title: string;
  price: number;
  discount: number;
}

/** The products the API lists for a query, and how many match in all. */
async function listed(query: string): Promise<{ products: Listed[]; total: number }> {
  const response = await fetch(`${shopUrl()}/api/product?${query}`);
  return {
    products: (await response.json()) as Listed[],
    total: Number(response.headers.get("x-total-count")),
  };
}

/** A page with JavaScript off: only what the server drew. */
async function drawnOnly(path: string) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`${shopUrl()}${path}`);
  return { page, status: response?.status(), close: () => context.close() };
}

describe("a page drawn by the server", () => {
  it("shows the listing, its count and its prices before any script runs", async () => {
    const { page, status, close } = await drawnOnly("/shop?sort=high-to-low");
    expect(status).toBe(200);
    const { products, total } = await listed("sort=high-to-low&page=1");
    await expect(page.getByText(`Showing 1–12 of ${total} results`).isVisible()).resolves.toBe(true);
    expect(await cardTitles(page)).toEqual(products.map((p) => p.title));
    const first = page.locator("main article [data-currency] > span").first();
    await expect(first.textContent()).resolves.toMatch(/RD\$/);
    await close();
  });

  it("shows a product's title, price and Add To Cart before any script runs", async () => {
    const [product] = (await listed("sort=high-to-low&pageSize=1")).products;
    const { page, close } = await drawnOnly(`/product-details/${product!.id}`);
    await expect(page.getByRole("heading", { level: 1, name: product!.title }).isVisible()).resolves.toBe(
      true,
    );
    // The buy button, which asks for a size first when the product has sizes (decision 061).
    await expect(
      page
        .getByRole("button", { name: /^(Add To Cart|Choose a size)$/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await close();
  });

  it("is taken over by the app as it is: the drawn elements stay, the mark of a drawn page goes, and no error is reported", async () => {
    // Pages whose first screen the server has all the data for (a section it draws loading is replaced).
    for (const path of ["/", "/shop", "/shop-list?sort=high-to-low", "/about"]) {
      const { page, problems } = await openPage(browser, PHONE);
      // Every element the server drew, remembered before the app runs.
      await page.addInitScript(() => {
        document.addEventListener("DOMContentLoaded", () => {
          (window as unknown as { drawn: Element[] }).drawn = [...document.querySelectorAll("#root *")];
        });
      });
      await page.goto(`${shopUrl()}${path}`);
      // Settled includes the mark's going: it fails by time-out while the app has not taken the page over.
      await settled(page);
      const { drawn, kept } = await page.evaluate(() => {
        const elements = (window as unknown as { drawn: Element[] }).drawn;
        return { drawn: elements.length, kept: elements.filter((element) => element.isConnected).length };
      });
      expect(drawn, path).toBeGreaterThan(50);
      expect(kept, path).toBe(drawn);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("is taken over without a style rule written: every style its elements need came with the page", async () => {
    // A rule written into the page makes the browser work out every element's style again: on a phone, a long task
    // right as the shopper starts to use the page.
    const [product] = (await listed("sort=high-to-low&pageSize=1")).products;
    for (const path of ["/", "/shop", `/product-details/${product!.id}`]) {
      const { page, problems } = await openPage(browser, PHONE);
      const rules = () =>
        [...document.styleSheets].reduce((count, sheet) => count + sheet.cssRules.length, 0);
      await page.addInitScript(`document.addEventListener("DOMContentLoaded", () => {
        window.drawnRules = (${rules.toString()})();
      });`);
      await page.goto(`${shopUrl()}${path}`);
      await settled(page);
      const drawnRules = await page.evaluate(() => (window as unknown as { drawnRules: number }).drawnRules);
      expect(drawnRules, path).toBeGreaterThan(100);
      await expect(page.evaluate(rules), path).resolves.toBe(drawnRules);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("asks for the app's code once its first screen's pictures are in, each script once, and the app then takes over", async () => {
    for (const path of ["/", "/shop"]) {
      const { page, problems } = await openPage(browser, PHONE);
      const html = await (await page.request.get(`${shopUrl()}${path}`)).text();
      const later = [
        ...(html.match(/<template id="shop-scripts">(.*?)<\/template>/)?.[1] ?? "").matchAll(
          /href="([^"]+)"/g,
        ),
      ];
      const pictures = [...html.matchAll(/<img [^>]*src="([^"]+)"[^>]*fetchPriority="high"/g)].map(
        (m) => m[1]!,
      );
      expect(later.length, path).toBeGreaterThan(3);
      expect(pictures.length, path).toBeGreaterThan(0);
      // What the browser asks for and receives, in order.
      const events: string[] = [];
      page.on("request", (request) => events.push(`asks ${new URL(request.url()).pathname}`));
      page.on("requestfinished", (request) => events.push(`has ${new URL(request.url()).pathname}`));
      await page.goto(`${shopUrl()}${path}`);
      await settled(page);
      const picturesIn = Math.max(...pictures.map((src) => events.indexOf(`has ${src}`)));
      expect(picturesIn, path).toBeGreaterThan(0);
      for (const [, script] of later) {
        const asked = events.filter((event) => event === `asks ${script}`);
        expect(asked, `${path} ${script}`).toHaveLength(1);
        expect(events.indexOf(`asks ${script}`), `${path} ${script}`).toBeGreaterThan(picturesIn);
      }
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("draws prices in the currency the shopper chose, from the next page on", async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${shopUrl()}/shop?sort=low-to-high`);
    await settled(page);
    await page.getByRole("combobox", { name: "Currency" }).selectOption("USD");
    const [cheapest] = (await listed("sort=low-to-high")).products;
    const usd = formatUsdAsCurrency(
      discountedPriceCents(toCents(cheapest!.price), cheapest!.discount),
      "USD",
      1,
    );
    // The HTML the browser gets for the next page, with the shopper's cookies, before the app touches it.
    const html = await (await page.request.get(`${shopUrl()}/shop?sort=low-to-high`)).text();
    const drawn = html.slice(html.indexOf('<div id="root" data-server-rendered>'));
    expect(drawn).toContain(usd);
    expect(drawn).toContain('data-currency="USD"');
    expect(drawn).not.toContain('data-currency="DOP"');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
