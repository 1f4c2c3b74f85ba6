/** What the storefront journeys share: opening a page and waiting for it to settle, reading product cards, asking the API. */
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import {
  hydrated,
  openPage,
  PHONE,
  POLL_MS,
  STEP_TIMEOUT_MS,
  type sweepPages,
  type WatchedPage,
} from "../browser.ts";

export const shopUrl = () => inject("shopUrl");

/**
 * Waits until the page shows its heading and no loading placeholder, the app has taken over a page the server
 * drew, and the network is quiet.
 */
export async function settled(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await hydrated(page);
  await page.waitForLoadState("networkidle");
  await nothingLoading(page);
}

/** Waits until no part of the page shows a loading placeholder. */
function nothingLoading(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () =>
      document.querySelectorAll('[aria-busy="true"], [role="status"][aria-label^="Loading"]').length === 0,
    undefined,
    { timeout: STEP_TIMEOUT_MS, polling: POLL_MS },
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

/** A page's title and meta description. */
export interface PageHead {
  title: string;
  description: string | null;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const text = (html: string) => html.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The head the server wrote into a page's HTML. */
export function headOf(html: string): PageHead {
  const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
  return {
    title: text(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    description: description === undefined ? null : text(description),
  };
}

/** The head of the document as it is now. */
export async function headNow(page: Page): Promise<PageHead> {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
  }));
}

/**
 * A page of `sweep` at `path`, settled (see sweepPages), with its status and the head the server wrote into it;
 * the test gives `watched` back once done with it.
 */
export async function visitInSweep(
  sweep: ReturnType<typeof sweepPages>,
  path: string,
): Promise<{ watched: WatchedPage; status: number; served: PageHead }> {
  const watched = await sweep.take();
  const response = await watched.page.goto(`${shopUrl()}${path}`);
  const served = headOf((await response?.text()) ?? "");
  await settled(watched.page);
  return { watched, status: response?.status() ?? 0, served };
}

/**
 * Scrolls the page down a screen at a time to its end, so the sections drawn as the shopper comes near them
 * render, then back to the top, and waits for what they asked for.
 */
export async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 40; step++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await rendered(page);
    if (!atEnd) continue;
    // A section drawn as it came into view may have made the page longer: the end is the end once it has loaded.
    await nothingLoading(page);
    await rendered(page);
    const stillAtEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
    );
    if (stillAtEnd) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
}

/**
 * Waits until the page has drawn what it shows now: two animation frames, so the observers of what came into view
 * (sections drawn as the shopper nears them) have run.
 */
export function rendered(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
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

/**
 * Serves the page's HTML without its first-screen data and without the page the server drew with it (as a copy
 * of the app saved before would be), so the storefront draws the page itself and asks the API for everything:
 * for journeys about what happens when those calls fail.
 */
export async function withoutFirstScreen(page: Page): Promise<void> {
  await page.route(
    (url) =>
      url.origin === shopUrl() && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/assets/"),
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text())
        .replace(/<script type="application\/json" id="shop-data">.*?<\/script>/s, "")
        // The root as the server drew it carries a marker attribute; without it the app draws the page itself.
        .replace(/<div id="root"[^>]*>.*<\/div>(\s*<\/body>)/s, '<div id="root"></div>$1');
      await route.fulfill({ response, body: html });
    },
  );
}
