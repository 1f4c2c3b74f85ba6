// The staff keep the search's synonyms in the back office: a word added there finds its products at once.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, POLL_MS, seriousAxeViolations } from "../browser.ts";
import { adminSession, apiUrl } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** Waits until the screen has settled: no skeleton or spinner left, no transition running (axe reads colours mid-fade). */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('.MuiSkeleton-root, [role="progressbar"]') &&
      document.getAnimations().every((animation) => animation.playState !== "running"),
    undefined,
    { polling: POLL_MS },
  );
}

/** How many products the storefront's search finds for a query. */
async function found(query: string): Promise<number> {
  const res = await fetch(apiUrl(`/product/search?query=${encodeURIComponent(query)}&pageSize=1`));
  expect(res.status).toBe(200);
  return Number(res.headers.get("x-total-count"));
}

describe("synonyms in the back office", () => {
  it("lists the seeded ones, and a new word finds what it means at once", async () => {
    // Letters only, different on every run, and far from any catalogue word.
    const term = `zq${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")
      .slice(0, 6)}x`;
    expect(await found(term)).toBe(0);

    const { page, problems } = await adminPage("/synonyms");
    await page.getByRole("cell", { name: "bocina", exact: true }).waitFor();
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Create" }).click();
    await page.getByRole("textbox", { name: /^Shoppers type/ }).fill(term);
    await page.getByRole("textbox", { name: /^Means/ }).fill("speaker");
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(/Element created/i).waitFor();

    await expect.poll(() => found(term)).toBeGreaterThan(0);
    const [first] = (await (
      await fetch(apiUrl(`/product/search?query=${encodeURIComponent(term)}&pageSize=1`))
    ).json()) as { title: string }[];
    expect(first?.title).toMatch(/speaker/i);

    await page.goto(page.url().replace(/\/synonyms\/.*$/, "/synonyms"));
    await page.getByPlaceholder("Search").fill(term);
    await page.getByRole("cell", { name: term, exact: true }).waitFor();
    expect(problems).toEqual([]);
  });
});
