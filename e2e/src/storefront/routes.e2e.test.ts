// Every catalogue route of the storefront renders on a phone and a desk with no page or console error and no
// serious accessibility violation; unknown routes show the 404 page with status 404; bad input never breaks a page.
import { pageMessages } from "@shop/domain/messages";
import { shopRoutes } from "@shop/domain/routes";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, launchBrowser, PHONE, seriousAxeViolations } from "../browser.ts";
import { scrollThrough, shopUrl, unexpected, visit } from "./helpers.ts";

let browser: Browser;
let productId: string;
let blogSlug: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const featured = (await (await fetch(`${shopUrl()}/api/product/featured`)).json()) as { id: string }[];
  const posts = (await (await fetch(`${shopUrl()}/api/blog`)).json()) as { slug: string }[];
  productId = featured[0]!.id;
  blogSlug = posts[0]!.slug;
});
afterAll(() => browser?.close());

/** The storefront's catalogue side: every public page but those about one shopper (cart, account...). */
const routePaths = Object.values(shopRoutes)
  .filter((route) => !route.private && route.path !== shopRoutes.notFound.path)
  .map((route) => route.path);

/** A route's path with real ids and a search. */
function visitable(path: string): string {
  if (path === shopRoutes.product.path) return `/product-details/${productId}`;
  if (path === shopRoutes.blogPost.path) return `/blog-details/${blogSlug}`;
  if (path === shopRoutes.search.path) return "/search?searchText=headphones";
  return path;
}

describe("every catalogue route", () => {
  it("is listed: the table has every page of spec section 2's catalogue side", () => {
    // Home and its 3 designs, the shop and its 9 variants, search, 8 product pages, 6 blog pages, about, contact, coupons.
    expect(routePaths).toHaveLength(32);
  });

  // Several routes at once, each in a context of its own (the browser is shared, the pages are not).
  it.concurrent.for(routePaths)(
    "%s renders on a phone with no error and no serious axe violation",
    async (routePath, { expect }) => {
      const { page, problems, status } = await visit(browser, visitable(routePath), PHONE);
      // Every section, also those drawn only as the shopper scrolls near them, is checked.
      await scrollThrough(page);
      expect(status).toBe(200);
      await expect(page.locator("h1").first().textContent()).resolves.not.toBe(pageMessages.notFoundMessage);
      expect(problems).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );

  it.concurrent.for(routePaths)("%s renders on a desk with no error", async (routePath, { expect }) => {
    const path = visitable(routePath);
    const { page, problems } = await visit(browser, path, DESK);
    expect({ path, problems }).toEqual({ path, problems: [] });
    await page.context().close();
  });

  it("home draws its lower sections as the shopper scrolls near them, not before", async () => {
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
    await expect.poll(() => page.getByText("Showing 1–12 of 40 results").isVisible()).toBe(true);
    await page.context().close();
  });
});
