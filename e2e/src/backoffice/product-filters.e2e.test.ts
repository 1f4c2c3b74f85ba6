// The products list's filters: a choice from a menu (type, status) applies as soon as it is made, beside the search
// that applies when typing pauses; each change is one request and one step back in history, and the list shows
// the API's count for the filters together.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser } from "../browser.ts";
import { adminSession, apiJson, apiUrl } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** The list's filter as react-admin keeps it in the address. */
const filterIn = (page: Page): Record<string, unknown> =>
  JSON.parse(new URL(page.url()).searchParams.get("filter") ?? "{}");

/** How many products the API finds for a filter. */
async function apiTotal(filter: Record<string, unknown>): Promise<number> {
  const res = await fetch(
    apiUrl(`/product?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]`),
  );
  expect(res.status).toBe(200);
  return Number(res.headers.get("x-total-count"));
}

/** The total in the list's pagination ("1-2 of 2"). */
async function listTotal(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d+-\d+ of [\d,]+$/)
    .first()
    .textContent();
  return Number(text!.replace(/^.* of /, "").replace(/,/g, ""));
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/**
 * Waits until the list shows a filter: in the address and in the count. A choice made before the list has drawn the
 * last one can be made on the filters as they were (each of react-admin's filter forms keeps its own copy), so a journey acts as a person
 * does, once the list has answered.
 */
async function shown(page: Page, filter: Record<string, unknown>) {
  await expect.poll(() => filterIn(page)).toEqual(filter);
  const total = await apiTotal(filter);
  await expect.poll(() => listTotal(page)).toBe(total);
  return total;
}

/** Types into an autocomplete (category, brand) and picks the option. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("the products list's filters", () => {
  it("applies a choice with the search typed beside it, one request and one history step each", async () => {
    const { page, problems } = await adminPage("/products", { clock: true });
    await page.locator("tbody tr").first().waitFor();
    const requested: Record<string, unknown>[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/product") requested.push(JSON.parse(url.searchParams.get("filter") ?? "{}"));
    });
    const historyLength = () => page.evaluate(() => window.history.length);

    await page.getByPlaceholder("Search").fill("watch");
    await shown(page, { q: "watch" });

    const before = await historyLength();
    await choose(page, "Type", "Electronics");
    const both = { q: "watch", productType: "electronics" };
    await expect.poll(() => filterIn(page)).toEqual(both);
    const total = await apiTotal(both);
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => listTotal(page)).toBe(total);
    // Past the search box's wait: nothing else was sent or added to the history.
    await page.clock.runFor(800);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(requested.filter((filter) => filter.productType === "electronics")).toEqual([both]);
    expect(await historyLength()).toBe(before + 1);
    await expect(page.getByPlaceholder("Search").inputValue()).resolves.toBe("watch");

    // The status shows beside them on a desk and applies when chosen too, keeping the others.
    await choose(page, "Status", "In stock");
    await expect.poll(() => filterIn(page)).toEqual({ ...both, status: "in-stock" });

    // The empty choice removes the type, and going back brings it again.
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option").first().click();
    await expect.poll(() => filterIn(page)).toEqual({ q: "watch", status: "in-stock" });
    await expect.poll(() => listTotal(page)).toBe(await apiTotal({ q: "watch", status: "in-stock" }));
    await page.goBack();
    await expect.poll(() => filterIn(page)).toEqual({ ...both, status: "in-stock" });
    await expect(page.getByRole("combobox", { name: "Type" }).textContent()).resolves.toBe("Electronics");

    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("shows every filter on a desk: category, brand, stock and price apply together, as the API counts them", async () => {
    // A product running low on stock, for a category and brand that have one.
    const [low] = await apiJson<
      {
        categoryId: string;
        brandId: string;
        price: number;
        category: { name: string };
        brand: { name: string };
      }[]
    >(`/product?range=[0,0]&filter=${encodeURIComponent(JSON.stringify({ stock: "low" }))}`);
    const { page, problems } = await adminPage("/products");
    await page.locator("tbody tr").first().waitFor();
    for (const label of ["Type", "Category", "Brand", "Status", "Stock level"]) {
      await expect(page.getByRole("combobox", { name: label }).isVisible()).resolves.toBe(true);
    }
    for (const label of ["Lowest price", "Highest price"]) {
      await expect(page.getByRole("spinbutton", { name: label }).isVisible()).resolves.toBe(true);
    }

    const category = { categoryId: low!.categoryId };
    await pick(page, "Category", low!.category.name);
    await shown(page, category);
    await pick(page, "Brand", low!.brand.name);
    await shown(page, { ...category, brandId: low!.brandId });
    await choose(page, "Stock level", "Low (5 or fewer)");
    const chosen = { ...category, brandId: low!.brandId, stock: "low" };
    await shown(page, chosen);
    const highest = Math.ceil(low!.price);
    await page.getByRole("spinbutton", { name: "Highest price" }).fill(String(highest));
    expect(await shown(page, { ...chosen, maxPrice: highest })).toBeGreaterThan(0);
    // Every row shown is one the filters let through: a variant with few left (low stock goes by variant, decision
    // 059, so the row's total may be more), at most the highest price.
    const listed = await apiJson<{ title: string; variants: { quantity: number }[] }[]>(
      `/product?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ ...chosen, maxPrice: highest }))}`,
    );
    const titles = await page.locator("tbody td.column-title").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) {
      const product = listed.find((p) => p.title === title.trim());
      expect(product, title).toBeDefined();
      expect(Math.min(...product!.variants.map((v) => v.quantity)), title).toBeLessThanOrEqual(5);
    }

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
