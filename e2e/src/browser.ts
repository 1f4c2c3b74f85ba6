/** Debian's Chromium driven by playwright-core: one browser per journey file, pages that record every console error. */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The browsers this journey file launched, still open: what failure-artifacts.ts photographs when a test fails. */
export const openBrowsers = new Set<Browser>();

/**
 * Whether contexts record a Playwright trace (screenshots and DOM snapshots of every step), kept only for a failed
 * test: JOURNEY_TRACES=1, as CI sets it. Off by default, for what it costs on a small machine.
 */
export const TRACING = process.env.JOURNEY_TRACES === "1";

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it), or set CHROMIUM_PATH`,
    );
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_FLAGS,
  });
  openBrowsers.add(browser);
  browser.on("disconnected", () => openBrowsers.delete(browser));
  return browser;
}

/** How long a page step (a click, a wait for an element or a load) may take. */
export const STEP_TIMEOUT_MS = 60_000;

/** A phone-sized screen, as most shoppers see the shop. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
/** A desk, as staff see the back office. */
export const DESK: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  problems: string[];
}

/**
 * Until the storefront has taken over a page the server drew, the page shows but its controls do not answer (a
 * shopper's tap then is replayed or lost): a journey acts only once it has. Pages that were not drawn by the
 * server (the back office, the app drawing alone) pass at once.
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("#root[data-server-rendered]"), undefined, {
    timeout: STEP_TIMEOUT_MS,
  });
}

/** Page loads that end only once the storefront has taken the new page over (see takenOver). */
function waitingForTakeOver(page: Page): void {
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await load(...args);
        await takenOver(page);
        return response;
      },
    });
  }
}

/** A context with the journeys' step timeout (and a trace, with JOURNEY_TRACES=1). */
async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // Playwright's 30 s for a step is too short when journeys share two busy cores; a step that never comes still fails.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  if (TRACING) await context.tracing.start({ screenshots: true, snapshots: true });
  return context;
}

/** A new page in `context` that records console errors and page errors. */
async function watchedPage(context: BrowserContext): Promise<WatchedPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  waitingForTakeOver(page);
  return { page, problems };
}

/** A new page in its own context that records console errors and page errors. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = DESK,
): Promise<WatchedPage> {
  return watchedPage(await newContext(browser, options));
}

/**
 * Pages for a sweep that only looks (every route on a screen): one context for all of them, and each page goes on
 * to the next route once its test is done with it. Every route is a fresh document, but the cache is warm, as a
 * shopper's is after the first page. A new context per route made each load start a renderer and compile the whole
 * app again: 1.8 s of CPU for /shop on a phone, against 0.5 s for a page going on to it from another route
 * (decision 038). The pages share cookies and storage, so a sweep must not change them.
 */
export function sweepPages(browser: () => Browser, options: BrowserContextOptions) {
  let context: Promise<BrowserContext> | undefined;
  const idle: WatchedPage[] = [];
  return {
    /** An idle page, its problems cleared, or a new one. */
    async take(): Promise<WatchedPage> {
      const watched = idle.pop();
      if (watched) {
        watched.problems.length = 0;
        return watched;
      }
      context ??= newContext(browser(), options);
      return watchedPage(await context);
    },
    /** Back to the sweep, for the next route. */
    give(watched: WatchedPage): void {
      idle.push(watched);
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A and AA rules). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the shop's CSP (rightly) refuses those.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")),
      }),
    );
  });
  return (violations as AxeViolation[]).filter((v) => v.impact === "serious" || v.impact === "critical");
}
