// Filters and sorts, set through the controls or pasted as a URL, show the same products as /api/product with the
// same query, in the same order; the back button brings the previous list back.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, sweepPages } from "../browser.ts";
import { apiTitles, cardTitles, settled, shopUrl, visit, visitInSweep } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());
/** The listings that are only read, each in a page of one context, going on to the next (see sweepPages). */
const sweep = sweepPages(() => browser, DESK);

/** The query string of the page's URL, without "?". */
const queryOf = (page: Page) => new URL(page.url()).search.slice(1);

/** The cards end up exactly the API's answer for the page's own query (a stale list would fail this). */
async function expectSameAsApi(page: Page) {
  const expected = await apiTitles(page, queryOf(page));
  await expect.poll(() => cardTitles(page), { timeout: 20_000 }).toEqual(expected);
  return expected;
}

describe("the listing through the URL", () => {
  it.each([
    ["sort=low-to-high"],
    ["sort=low-to-hight"],
    ["sort=high-to-low&productType=beauty"],
    ["sort=new-added"],
    ["sort=on-sale"],
    ["status=in-stock&productType=electronics"],
    ["category=rings"],
    ["category=Headphones%20%26%20Audio&subCategory=headphones"],
    ["brand=aurivox"],
    ["minPrice=20&maxPrice=150&sort=high-to-low"],
    ["searchText=linen"],
    ["page=2"],
  ])("/shop?%s shows what /api/product lists for the same query, in order", async (query) => {
    const { watched } = await visitInSweep(sweep, `/shop?${query}`);
    const { page, problems } = watched;
    const expected = await expectSameAsApi(page);
    expect(expected.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    sweep.give(watched);
  });
});

describe("the listing through its controls", () => {
  it("sort, filter links, the price slider and pages change the URL, match the API, and the back button undoes each", async () => {
    const { page, problems } = await visit(browser, "/shop", DESK);
    const history: string[][] = [await expectSameAsApi(page)];

    await page.getByRole("combobox", { name: "Sort by" }).selectOption("high-to-low");
    await page.waitForURL(/sort=high-to-low/);
    history.push(await expectSameAsApi(page));

    await page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("link", { name: /^jewelry/i })
      .click();
    await page.waitForURL(/productType=jewelry/);
    expect(queryOf(page)).toContain("sort=high-to-low");
    history.push(await expectSameAsApi(page));

    const highest = page.getByRole("slider", { name: "Maximum price" });
    await highest.focus();
    await highest.press("PageDown");
    await page.waitForURL(/maxPrice=/);
    history.push(await expectSameAsApi(page));

    await page.goto(`${shopUrl()}/shop?sort=low-to-high`);
    await settled(page);
    history.push(await expectSameAsApi(page));
    await page.getByRole("link", { name: "Go to page 2" }).click();
    await page.waitForURL(/page=2/);
    history.push(await expectSameAsApi(page));

    for (let step = history.length - 2; step >= 0; step--) {
      await page.goBack();
      await expect.poll(() => cardTitles(page), { timeout: 20_000 }).toEqual(history[step]);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a pasted link shows the same list as the page it was copied from", async () => {
    const first = await visit(browser, "/shop-list?productType=fashion&sort=new-added", DESK);
    const copied = await cardTitles(first.page);
    const second = await visit(
      browser,
      new URL(first.page.url()).pathname + new URL(first.page.url()).search,
      DESK,
    );
    expect(await cardTitles(second.page)).toEqual(copied);
    await first.page.context().close();
    await second.page.context().close();
  });

  it("load-more adds the next page under the first", async () => {
    const { page } = await visit(browser, "/shop-load-more", DESK);
    const pageOne = await apiTitles(page, "");
    const pageTwo = await apiTitles(page, "page=2");
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => cardTitles(page), { timeout: 20_000 }).toEqual([...pageOne, ...pageTwo]);
    await page.context().close();
  });
});
