// Unknown routes show the 404 page with status 404; bad input never breaks a page; the home draws its lower sections
// as the shopper nears them. Every route of the route table on a phone and a desk: every-route.e2e.test.ts.

import { pageMessages } from "@shop/domain/messages";
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, PHONE, seriousAxeViolations } from "../browser.ts";
import { scrollThrough, shopUrl, unexpected, visit } from "./helpers.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("the home", () => {
  it("draws its lower sections as the shopper scrolls near them, not before", async () => {
    const { page, problems } = await visit(browser, "/", PHONE);
    const blog = page.getByRole("heading", { name: "From the blog" });
    await expect(blog.count()).resolves.toBe(0);
    await scrollThrough(page);
    for (const name of ["Featured products", "Categories", "New arrivals", "Shop by type", "From the blog"]) {
      await expect(page.getByRole("heading", { name }).count(), name).resolves.toBe(1);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the 404 page", () => {
  it.concurrent.for([
    "/no-such-page",
    "/404",
    "/shop/extra",
    "/product-details/no-such-product",
    "/blog-details/no-such-post",
  ])("%s shows the status, the message, the exact text and a Back to Home link", async (path, { expect }) => {
    const { page, problems, status } = await visit(browser, path, PHONE);
    expect(status).toBe(404);
    await expect(page.getByText(pageMessages.notFoundText, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      pageMessages.notFoundMessage,
    );
    await expect(
      page.getByText(String(pageMessages.notFoundStatus), { exact: true }).isVisible(),
    ).resolves.toBe(true);
    const home = page.getByRole("link", { name: pageMessages.backToHome });
    await expect(home.getAttribute("href")).resolves.toBe("/");
    // The document's own 404, and the API's 404 for an id it does not have, are the only failed loads.
    expect(unexpected(problems, [/status of 404/])).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe("bad input", () => {
  it.concurrent.for([
    "/shop?minPrice=abc&page=-3&sort=cheapest",
    "/shop?minPrice=500&maxPrice=10",
    `/shop?maxPrice=99999999999&searchText=${encodeURIComponent("a b c d e f g h i j k l m")}`,
    "/shop?page=999",
    "/shop?category=no-such-category",
  ])("%s shows a sensible page and asks the API nothing it refuses", async (path, { expect }) => {
    const { page, problems } = await visit(browser, path, PHONE);
    expect(problems).toEqual([]);
    const shown = await page.getByText(/Showing \d+–\d+ of \d+ results/).textContent();
    expect(shown).toMatch(/Showing/);
    await page.context().close();
  });

  it("a search for nonsense says nothing matches, with no count of nothing, and asks the API nothing it refuses", async () => {
    const { page, problems } = await visit(
      browser,
      `/search?searchText=${encodeURIComponent("zzzz qqqq")}`,
      PHONE,
    );
    expect(problems).toEqual([]);
    await expect
      .poll(() => page.getByRole("heading", { name: "No products match “zzzz qqqq”" }).isVisible())
      .toBe(true);
    await expect(page.getByText(/Showing \d+–\d+ of \d+ results/).count()).resolves.toBe(0);
    await page.context().close();
  });

  it("an unknown category offers to clear the filters", async () => {
    const { page } = await visit(browser, "/shop?category=no-such-category", PHONE);
    await expect(page.getByRole("heading", { name: "No products match" }).isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL(`${shopUrl()}/shop`);
    await expect
      .poll(() => page.getByText(`Showing 1–12 of ${seededProducts.length} results`).isVisible())
      .toBe(true);
    await page.context().close();
  });
});
