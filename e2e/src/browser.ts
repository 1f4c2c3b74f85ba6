/** Debian's Chromium driven by playwright-core: one browser per journey file, pages that record every console error. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromiumArgs, chromiumPath } from "@shop/ui/test-chromium";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Frame,
  type Page,
} from "playwright-core";
import { type RunnerTestCase, TestRunner } from "vitest";

// The browser the journeys drive is the stories' (`@shop/ui/test-chromium`): CHROMIUM_PATH, else Debian's Chromium as
// its headless shell (package chromium-headless-shell), the same Blink and V8 as /usr/bin/chromium without the desktop
// browser around them, as Playwright drives headless Chromium by default: the journeys took a fifth less CPU on it
// (decision 044).

/** The whole browser, for Lighthouse (bench/web.ts), which scores a page as a shopper's Chrome draws it. */
export const LIGHTHOUSE_CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = chromiumArgs;

/** The browsers this journey file launched, still open: what failure-artifacts.ts photographs when a test fails. */
export const openBrowsers = new Set<Browser>();

/**
 * Whether contexts record a Playwright trace (screenshots and DOM snapshots of every step), kept only for a failed
 * test: JOURNEY_TRACES=1, as CI sets it. Off by default, for what it costs on a small machine.
 */
export const TRACING = process.env.JOURNEY_TRACES === "1";

/** A browser of its own, closed by its caller (the benchmarks); journey files share their worker's (journeyBrowser). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  openBrowsers.add(browser);
  browser.on("disconnected", () => openBrowsers.delete(browser));
  return browser;
}

/** The worker's browser, launched by its first journey file. */
let workerBrowser: Promise<Browser> | undefined;

/**
 * The browser of a journey file: its worker's, launched by the worker's first file and kept for the next (the files
 * share their worker's modules, vitest.config.ts), so a file does not pay for a launch and the contexts it hands
 * back are used by the next file too. The file's `browser.close()` hands the browser back instead of closing it:
 * every context the file left open is closed, but those waiting to be used again.
 */
export function journeyBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => {
      workerBrowser = undefined;
    });
    browser.close = async () => {
      const waiting = new Set((idleContexts.get(browser) ?? []).map((pooled) => pooled.context));
      for (const context of browser.contexts()) if (!waiting.has(context)) await context.close();
    };
    return browser;
  });
  return workerBrowser;
}

/** How long a page step (a click, a wait for an element or a load) may take. */
export const STEP_TIMEOUT_MS = 60_000;

/**
 * How often a journey's wait for a condition in the page (waitForFunction) checks it, in milliseconds. Playwright's
 * default checks at every animation frame, which keeps the page drawing frames while it waits: 5 s of such waiting
 * on a loaded page cost Chromium 0.3 to 0.4 s of CPU, against 0.05 s checked every 30 ms.
 */
export const POLL_MS = 30;

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
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector("#root[data-server-rendered]"), undefined, {
    timeout: STEP_TIMEOUT_MS,
    polling: POLL_MS,
  });
}

/** Page loads that end only once the storefront has taken the new page over (see hydrated). */
function waitingForTakeOver(page: Page): void {
  for (const method of ["goto", "reload", "goBack", "goForward"] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await load(...args);
        await hydrated(page);
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

/**
 * A new page in a context of its own (no other test's cookies or storage) that records console errors and page
 * errors. The context comes from the pool (see acquireContext): closing it, or the end of the test that opened it, hands it back.
 */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = DESK,
): Promise<WatchedPage> {
  return watchedPage(await acquireContext(browser, options));
}

/**
 * Contexts the journeys hand back, to be used again. A new context starts a renderer of its own and compiles the
 * app again: 1.7 to 1.9 s of CPU for /shop on a phone, against 0.7 to 0.8 s for a new page of a context that keeps a
 * page open on the shop's site, whose renderer the new page shares (decision 038). So a context handed back keeps
 * one such page (its anchor: the shop's health answer, where no app runs) on each of the shop's origins it visited,
 * and loses everything a journey could have left: its other pages, cookies, every visited origin's storage, routes,
 * offline mode and permissions. Only the HTTP cache and the compiled scripts stay warm, as a returning shopper's do.
 * A context whose journey changed what cannot be taken back (a script for every page, a binding, the clock) is
 * closed instead.
 */
interface PooledContext {
  context: BrowserContext;
  /** The options it was made with, but its storage (which acquiring sets again). */
  key: string;
  /** Origins its pages visited since it was last cleared. */
  origins: Set<string>;
  anchors: Map<string, Page>;
  /** It changed what clearing cannot undo. */
  spoiled: boolean;
  /** The test that borrowed it, whose end hands it back; none when borrowed outside a test or in a concurrent one. */
  borrower?: RunnerTestCase;
  /** In use by a journey now, not idle. */
  out: boolean;
}

const idleContexts = new WeakMap<Browser, PooledContext[]>();
const acquiredContexts = new Set<PooledContext>();
/** The anchors, which a failed test's screenshots leave out. */
export const anchorPages = new WeakSet<Page>();

/** The shop's own origins (localhost and admin.localhost on any port), where an anchor can stand. */
const isShopOrigin = (origin: string) => /^http:\/\/(admin\.)?localhost:\d+$/.test(origin);

async function acquireContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const { storageState, ...rest } = options;
  const key = JSON.stringify(rest);
  const idle = idleContexts.get(browser) ?? [];
  idleContexts.set(browser, idle);
  // The one handed back last: its renderer and cache are the warmest, and a journey that hands a context back
  // and borrows again gets the same one.
  const at = idle.findLastIndex((pooled) => pooled.key === key);
  let pooled: PooledContext;
  if (at >= 0) {
    pooled = idle.splice(at, 1)[0]!;
    if (storageState) await restoreStorage(pooled, storageState);
  } else {
    pooled = intoPool(await newContext(browser, options), key, idle);
  }
  const test = TestRunner.getCurrentTest();
  pooled.borrower = test && !test.concurrent ? test : undefined;
  pooled.out = true;
  acquiredContexts.add(pooled);
  return pooled.context;
}

function intoPool(context: BrowserContext, key: string, idle: PooledContext[]): PooledContext {
  const pooled: PooledContext = {
    context,
    key,
    origins: new Set(),
    anchors: new Map(),
    spoiled: false,
    out: false,
  };
  const visited = (frame: Frame) => {
    const { origin, protocol } = new URL(frame.url());
    if (protocol === "http:" || protocol === "https:") pooled.origins.add(origin);
  };
  context.on("page", (page) => page.on("framenavigated", visited));
  const spoil =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    (...args: A) => {
      pooled.spoiled = true;
      return method(...args);
    };
  context.addInitScript = spoil(context.addInitScript.bind(context));
  context.exposeBinding = spoil(context.exposeBinding.bind(context));
  context.exposeFunction = spoil(context.exposeFunction.bind(context));
  for (const name of ["install", "setFixedTime", "setSystemTime", "pauseAt"] as const) {
    context.clock[name] = spoil(
      context.clock[name].bind(context.clock) as (...args: unknown[]) => Promise<void>,
    );
  }
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (!pooled.out) return close(options);
    pooled.out = false;
    acquiredContexts.delete(pooled);
    if (pooled.spoiled || !(await clear(pooled))) return close(options);
    idle.push(pooled);
  };
  return pooled;
}

/** Clears a handed-back context for the next journey; false when it keeps no anchor (nothing to gain), or fails. */
async function clear(pooled: PooledContext): Promise<boolean> {
  const { context, anchors, origins } = pooled;
  try {
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.setOffline(false);
    for (const origin of origins) if (isShopOrigin(origin)) await anchorAt(pooled, origin);
    if (anchors.size === 0) return false;
    for (const page of context.pages()) if (!anchorPages.has(page)) await page.close();
    await context.clearCookies();
    const session = await context.newCDPSession(anchors.values().next().value!);
    for (const origin of origins) {
      await session.send("Storage.clearDataForOrigin", {
        origin,
        storageTypes: "local_storage,indexeddb,service_workers,cache_storage,file_systems",
      });
    }
    await session.detach();
    await context.clearPermissions();
    pooled.origins = new Set(anchors.keys());
    return true;
  } catch {
    return false;
  }
}

/** The context's anchor on `origin`, opened there if it has none. */
async function anchorAt(pooled: PooledContext, origin: string): Promise<Page> {
  let anchor = pooled.anchors.get(origin);
  if (!anchor) {
    anchor = await pooled.context.newPage();
    anchorPages.add(anchor);
    await anchor.goto(`${origin}/api/health`);
    pooled.anchors.set(origin, anchor);
  }
  return anchor;
}

/** Sets a pooled context's cookies and each origin's storage, as the storageState option of a new one does. */
async function restoreStorage(
  pooled: PooledContext,
  state: NonNullable<BrowserContextOptions["storageState"]>,
) {
  const { cookies, origins } = typeof state === "string" ? JSON.parse(readFileSync(state, "utf8")) : state;
  await pooled.context.addCookies(cookies);
  for (const { origin, localStorage: items } of origins as {
    origin: string;
    localStorage: { name: string; value: string }[];
  }[]) {
    await (await anchorAt(pooled, origin)).evaluate((items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    }, items);
  }
}

/** Hands back the contexts `test` borrowed and did not close (a failure-artifacts hook, after its screenshots). */
export async function handBack(test: RunnerTestCase): Promise<void> {
  for (const pooled of [...acquiredContexts]) if (pooled.borrower === test) await pooled.context.close();
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
      // Only the violations are read: axe then keeps no detail of what passed (a run of /shop on a phone took
      // 110 to 124 ms instead of 181 to 185 ms).
      resultTypes: ["violations"],
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
