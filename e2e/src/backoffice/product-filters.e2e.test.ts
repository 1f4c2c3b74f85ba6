// The products list's filters: a choice from a menu (type, status) applies as soon as it is made, beside the search
// that applies when typing pauses; each change is one request and one step back in history, and the list shows
// the API's count for the filters together.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../browser.ts";
import { adminSession, apiUrl } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await launchBrowser();
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

describe("the products list's filters", () => {
  it("applies a choice with the search typed beside it, one request and one history step each", async () => {
    const { page, problems } = await adminPage("/products");
    await page.locator("tbody tr").first().waitFor();
    const requested: Record<string, unknown>[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/product") requested.push(JSON.parse(url.searchParams.get("filter") ?? "{}"));
    });
    const historyLength = () => page.evaluate(() => window.history.length);

    await page.getByPlaceholder("Search").fill("watch");
    await expect.poll(() => filterIn(page)).toEqual({ q: "watch" });

    const before = await historyLength();
    await choose(page, "Type", "Electronics");
    const both = { q: "watch", productType: "electronics" };
    await expect.poll(() => filterIn(page)).toEqual(both);
    const total = await apiTotal(both);
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => listTotal(page)).toBe(total);
    // Past the search box's wait: nothing else was sent or added to the history.
    await page.waitForTimeout(800);
    expect(requested.filter((filter) => filter.productType === "electronics")).toEqual([both]);
    expect(await historyLength()).toBe(before + 1);
    await expect(page.getByPlaceholder("Search").inputValue()).resolves.toBe("watch");

    // A filter added through "Add filter" applies when chosen too, keeping the others.
    await page.getByRole("button", { name: "Add filter" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Status" }).click();
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
});
