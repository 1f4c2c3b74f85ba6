// Searching the way shoppers type: the header's suggestions while typing (a combobox run with the arrow keys,
// Enter and Escape, read out to screen readers, clean for axe with its list open) on a phone and a desk, requests
// that wait for a pause and are cancelled when superseded; and the page for a search that finds nothing, which
// offers "Did you mean …?" (drawn by the server, so it works with JavaScript off) and popular products.
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, PHONE, STEP_TIMEOUT_MS, seriousAxeViolations } from "../browser.ts";
import { cardTitles, settled, shopUrl, visit } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** A misspelled query (the issue's own example) and a Spanish one, each with products to suggest. */
const MISSPELLED = "hedphones";
const SPANISH = "audifonos";
/** A query that finds nothing, yet is one letter away from words that do. */
const NO_MATCH = "headphonez lipstik";

interface Suggestions {
  products: { id: string; title: string }[];
  categories: { id: string; name: string; slug: string }[];
}

async function apiSuggestions(query: string): Promise<Suggestions> {
  const response = await fetch(
    `${shopUrl()}/api/product/search/suggestions?query=${encodeURIComponent(query)}`,
  );
  if (!response.ok) throw new Error(`suggestions for ${query} answered ${response.status}`);
  return (await response.json()) as Suggestions;
}

async function apiSearchTitles(query: string): Promise<{ titles: string[]; total: number }> {
  // As the search page asks: its filters (the words among them), page 1, and the words as the query.
  const words = encodeURIComponent(query);
  const response = await fetch(`${shopUrl()}/api/product/search?searchText=${words}&page=1&query=${words}`);
  if (!response.ok) throw new Error(`search for ${query} answered ${response.status}`);
  return {
    titles: ((await response.json()) as { title: string }[]).map((p) => p.title),
    total: Number(response.headers.get("x-total-count")),
  };
}

async function didYouMean(query: string): Promise<string | null> {
  const response = await fetch(
    `${shopUrl()}/api/product/search/did-you-mean?query=${encodeURIComponent(query)}`,
  );
  return ((await response.json()) as { suggestion: string | null }).suggestion;
}

/** The suggestion requests the page makes, as the texts they ask for, and those it cancelled. */
function watchSuggestionRequests(page: Page) {
  const asked: string[] = [];
  const cancelled: string[] = [];
  const queryOf = (url: string) => new URL(url).searchParams.get("query") ?? "";
  page.on("request", (request) => {
    if (request.url().includes("/api/product/search/suggestions")) asked.push(queryOf(request.url()));
  });
  page.on("requestfailed", (request) => {
    if (request.url().includes("/api/product/search/suggestions")) cancelled.push(queryOf(request.url()));
  });
  return { asked, cancelled };
}

/** Opens the header's search bar and answers its field. */
async function openSearch(page: Page) {
  await page.getByRole("button", { name: "Search", exact: true }).first().click();
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.waitFor();
  await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
  return box;
}

const activeId = (page: Page) =>
  page.getByRole("combobox", { name: "Search products" }).getAttribute("aria-activedescendant");

describe.each([
  ["a phone", PHONE],
  ["a desk", DESK],
] as [string, BrowserContextOptions][])("the header's suggestions on %s", (_, device) => {
  it.each([[MISSPELLED], [SPANISH]])(
    "typing “%s” suggests products and categories, chosen with the arrow keys and Enter; Escape closes and keeps the text",
    async (query) => {
      const expected = await apiSuggestions(query);
      expect(expected.products.length).toBeGreaterThan(0);
      const { page, problems } = await visit(browser, "/", device);
      const requests = watchSuggestionRequests(page);
      const box = await openSearch(page);
      // Typed at a shopper's pace: the requests wait for a pause, so far fewer go out than letters typed.
      await box.pressSequentially(query, { delay: 40 });
      const listbox = page.getByRole("listbox");
      await listbox.waitFor();
      await expect(box.getAttribute("aria-expanded")).resolves.toBe("true");
      await expect(box.getAttribute("aria-controls")).resolves.toBe(await listbox.getAttribute("id"));
      // The list may already show what a shorter prefix found; the whole word is asked once typing pauses.
      await expect.poll(() => requests.asked.at(-1)).toBe(query);
      const options = listbox.getByRole("option");
      const first = options.first();
      // The whole word's answer shown, not a shorter prefix's (which may have as many options, in another order).
      await expect
        .poll(async () => ({ count: await options.count(), first: (await first.textContent()) ?? "" }), {
          timeout: 10_000,
        })
        .toEqual({
          count: expected.products.length + expected.categories.length,
          first: expect.stringContaining(expected.products[0]!.title),
        });
      expect(requests.asked.length).toBeLessThan(query.length - 1);
      // Each product with its picture, title and price in pesos.
      await expect(first.locator("[data-currency] > span").first().textContent()).resolves.toMatch(
        /^(Now )?RD\$[\d,]+\.\d\d$/,
      );
      await expect(first.locator("img").count()).resolves.toBe(1);
      // Read out once the list settles.
      const count = expected.products.length;
      await expect
        .poll(() => page.getByRole("search").getByRole("status").textContent())
        .toContain(`${count} product${count === 1 ? "" : "s"}`);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Arrow keys move the highlight while focus stays in the field.
      expect(await activeId(page)).toBeNull();
      await box.press("ArrowDown");
      expect(await activeId(page)).toBe(await first.getAttribute("id"));
      await expect(first.getAttribute("aria-selected")).resolves.toBe("true");
      if (expected.products.length + expected.categories.length > 1) {
        await box.press("ArrowDown");
        expect(await activeId(page)).toBe(await options.nth(1).getAttribute("id"));
        await box.press("ArrowUp");
        expect(await activeId(page)).toBe(await first.getAttribute("id"));
      }
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);

      // Escape closes the list and keeps the text.
      await box.press("Escape");
      await expect(box.getAttribute("aria-expanded")).resolves.toBe("false");
      await listbox.waitFor({ state: "detached" });
      await expect(box.inputValue()).resolves.toBe(query);
      expect(await activeId(page)).toBeNull();

      // An arrow key opens it again on the first suggestion; Enter opens that product.
      await box.press("ArrowDown");
      await listbox.waitFor();
      expect(await activeId(page)).toBe(await first.getAttribute("id"));
      await box.press("Enter");
      await page.waitForURL(`${shopUrl()}/product-details/${expected.products[0]!.id}`);
      // The product page's own module loads after the address changes: its heading is waited for, not read at once.
      await page
        .getByRole("heading", { level: 1, name: expected.products[0]!.title })
        .waitFor({ state: "visible", timeout: STEP_TIMEOUT_MS });
      await settled(page);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it("Enter with nothing highlighted opens the full results for the text", async () => {
    const { page, problems } = await visit(browser, "/", device);
    const box = await openSearch(page);
    await box.pressSequentially(MISSPELLED, { delay: 20 });
    await page.getByRole("listbox").waitFor();
    await box.press("Enter");
    await page.waitForURL(`${shopUrl()}/search?searchText=${MISSPELLED}`);
    await settled(page);
    const { titles } = await apiSearchTitles(MISSPELLED);
    expect(titles.length).toBeGreaterThan(0);
    await expect.poll(() => cardTitles(page), { timeout: 20_000 }).toEqual(titles);
    if (device === DESK) {
      // The filters offer what the results hold, not every category and brand at zero.
      const filters = page.getByRole("complementary", { name: "Filters" });
      await expect.poll(() => filters.getByRole("link").count()).toBeGreaterThan(0);
      await expect(filters.getByRole("link", { name: / 0 products$/ }).count()).resolves.toBe(0);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the suggestions' requests", () => {
  it("a request superseded by more typing is cancelled, and a click on a category opens its listing", async () => {
    const { page, problems } = await visit(browser, "/", DESK);
    const requests = watchSuggestionRequests(page);
    // The first answer is held back, so the next keystrokes supersede it while it is still on its way.
    let held = true;
    await page.route("**/api/product/search/suggestions?*", async (route) => {
      if (held) {
        held = false;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.continue().catch(() => undefined);
    });
    const box = await openSearch(page);
    await box.pressSequentially("ea");
    await expect.poll(() => requests.asked.length).toBe(1);
    await box.pressSequentially("rrings");
    await expect.poll(() => requests.cancelled).toEqual(["ea"]);
    await expect.poll(() => requests.asked.at(-1)).toBe("earrings");
    const expected = await apiSuggestions("earrings");
    expect(expected.categories.length).toBeGreaterThan(0);
    const category = page.getByRole("option", { name: expected.categories[0]!.name, exact: true });
    await category.click();
    await page.waitForURL(`${shopUrl()}/shop?category=${expected.categories[0]!.slug}`);
    expect(problems.filter((p) => !/ERR_ABORTED|AbortError/.test(p))).toEqual([]);
    await page.context().close();
  });
});

describe("a search that finds nothing", () => {
  it("offers Did you mean and popular products, no zero counts, and one click runs the suggestion", async () => {
    expect((await apiSearchTitles(NO_MATCH)).total).toBe(0);
    const suggestion = await didYouMean(NO_MATCH);
    expect(suggestion).not.toBeNull();
    const { titles, total } = await apiSearchTitles(suggestion!);
    expect(total).toBeGreaterThan(0);

    for (const device of [PHONE, DESK]) {
      const { page, problems } = await visit(
        browser,
        `/search?searchText=${encodeURIComponent(NO_MATCH)}`,
        device,
      );
      const main = page.getByRole("main");
      await expect(
        main.getByRole("heading", { level: 2, name: `No products match “${NO_MATCH}”` }).isVisible(),
      ).resolves.toBe(true);
      await expect(main.getByText(/Showing \d+–\d+ of \d+ results/).count()).resolves.toBe(0);
      await expect(page.getByRole("complementary", { name: "Filters" }).count()).resolves.toBe(0);
      await expect(main.getByRole("button", { name: "Filters" }).count()).resolves.toBe(0);
      await expect(
        main.getByRole("heading", { level: 2, name: "Popular products" }).isVisible(),
      ).resolves.toBe(true);
      await expect.poll(() => cardTitles(page).then((t) => t.length)).toBeGreaterThan(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const link = main.getByRole("link", { name: suggestion!, exact: true });
      await expect(main.getByText(/^Did you mean/).textContent()).resolves.toBe(
        `Did you mean ${suggestion}?`,
      );
      await link.click();
      await page.waitForURL(
        `${shopUrl()}/search?searchText=${encodeURIComponent(suggestion!).replaceAll("%20", "+")}`,
      );
      await settled(page);
      await expect.poll(() => cardTitles(page), { timeout: 20_000 }).toEqual(titles);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it("is drawn by the server: with JavaScript off, Did you mean is there and runs the suggestion", async () => {
    const suggestion = await didYouMean(NO_MATCH);
    expect(suggestion).not.toBeNull();
    const { titles } = await apiSearchTitles(suggestion!);
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${shopUrl()}/search?searchText=${encodeURIComponent(NO_MATCH)}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText(`Did you mean ${suggestion}?`).isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Showing \d+–\d+ of \d+ results/).count()).resolves.toBe(0);
    expect((await cardTitles(page)).length).toBeGreaterThan(0);
    await page.getByRole("link", { name: suggestion!, exact: true }).click();
    await page.waitForURL(/\/search\?searchText=/);
    expect(new URL(page.url()).searchParams.get("searchText")).toBe(suggestion);
    expect(await cardTitles(page)).toEqual(titles);
    await context.close();
  });
});
