/** What the storefront journeys share: opening a page and waiting for it to settle, reading product cards, asking the API. */
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { openPage, PHONE, type WatchedPage } from "../browser.ts";

export const shopUrl = () => inject("shopUrl");

/** Waits until the page shows its heading and no loading placeholder, and the network is quiet. */
export async function settled(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(
    () =>
      document.querySelectorAll('[aria-busy="true"], [role="status"][aria-label^="Loading"]').length === 0,
    undefined,
    {
      timeout: 30_000,
    },
  );
}

/** A new page (phone-sized unless told) at `path`, settled. */
export async function visit(
  browser: Browser,
  path: string,
  options = PHONE,
): Promise<WatchedPage & { status: number }> {
  const watched = await openPage(browser, options);
  const response = await watched.page.goto(`${shopUrl()}${path}`);
  await settled(watched.page);
  return { ...watched, status: response?.status() ?? 0 };
}

/** The titles of the product cards in the page's listing, in order. */
export function cardTitles(page: Page, within = "main"): Promise<string[]> {
  return page.locator(`${within} article h3 a`).allTextContents();
}

/** The titles of the products the API lists for a query string ("sort=low-to-high&page=2"). */
export async function apiTitles(page: Page, query: string): Promise<string[]> {
  const response = await page.request.get(`${shopUrl()}/api/product${query ? `?${query}` : ""}`);
  if (!response.ok()) throw new Error(`/api/product?${query} answered ${response.status()}`);
  return ((await response.json()) as { title: string }[]).map((p) => p.title);
}

/** Console errors other than the failed loads a journey expects (a 404 page's own document, say). */
export function unexpected(problems: string[], allowed: RegExp[] = []): string[] {
  return problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
}
