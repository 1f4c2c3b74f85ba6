/**
 * The storefront's page server: answers a shop URL with its page, drawn on the server with the data its first
 * screen needs, or the sitemap and robots.txt. It reads the API only through the shop's API client (over the
 * `fetch` it is given, in process), keeps drawn pages in memory (page-cache.ts) and draws on every core
 * (render-pool.ts). It knows nothing of the HTTP framework around it: the one process (apps/server) mounts it.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createMemoryTokenStore, createShopClient } from "@shop/api-client";
import { CURRENCY_COOKIE, cookieValue } from "@shop/domain/first-screen";
import { matchRoute, shopRoutes } from "@shop/domain/routes";
import { list as botPatterns, createIsbotFromList } from "isbot";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { renderHead, renderLaterModulePreloads, renderModulePreloads } from "./head.ts";
import { type CacheState, createPageCache, type DrawnPage, drawnPage } from "./page-cache.ts";
import { shopPage } from "./page-data.ts";
import { createRenderPool, type RenderPool } from "./render-pool.ts";
import { ADMIN_ROBOTS, shopRobots, sitemapFile, sitemapRoot } from "./sitemap.ts";
import { fillPage, type PageTemplate, pageTemplate, readPreloads } from "./template.ts";

/** What the sitemap lists besides products, categories and posts, and its per-file limit (tests lower it). */
export { SITEMAP_PAGES } from "./page-data.ts";
export { sitemapTuning } from "./sitemap.ts";
export type { CacheState, DrawnPage };
export { ADMIN_ROBOTS };

export interface PageServerOptions {
  /** The storefront's browser build (apps/storefront/dist): its index.html is every page's template. */
  clientDir: string;
  /** The storefront's server build (apps/storefront/dist-ssr/entry-server.js); without it the app draws every page. */
  serverEntry?: string;
  /** Threads that draw pages; 0 draws on the calling thread. */
  renderThreads: number;
  /** The API, in process: answers `/api/...` as fetch would. */
  fetch: typeof fetch;
  /** The shop's public address, for canonical links, link previews and the sitemap (never a request's Host). */
  origin: string;
  /** The version of everything pages show, bumped in every process on any change; null while one could go unheard. */
  contentVersion: () => number | null;
  /** Drawn pages kept in memory: their total size, and how long one is served before it is redrawn behind. */
  cache: { maxBytes: number; freshMs: number };
  /** Where a page that failed to draw is reported (it is then sent for the app to draw). */
  logError: (error: unknown, url: string) => void;
}

export interface PageRequest {
  /** The path and query as asked ("/shop?sort=high-to-low"). */
  url: string;
  cookie?: string;
  userAgent?: string;
}

export interface PageAnswer {
  page: DrawnPage;
  /** Whether a shared cache (a CDN) may keep it: a public page, the same for every shopper of its currency. */
  shared: boolean;
  /** How the page cache answered, for logs and benchmarks. */
  cache: CacheState;
}

export interface PageServer {
  /** The page of a shop URL; null for a crawler asking for a page that does not exist (it gets a bare 404). */
  page(request: PageRequest): Promise<PageAnswer | null>;
  robots(): string;
  /** /sitemap.xml or one of its numbered files; null when there is no such file. */
  sitemap(path: string): Promise<string | null>;
  /**
   * Draws the home and the shop's listing once on every drawing thread, keeping neither page: a thread's first
   * pages take several times as long as the next while its code is compiled, and the first shoppers after a start
   * should not wait for that. Never fails: a page that cannot be drawn now is drawn when it is asked for.
   */
  warm(): Promise<void>;
  /** How many threads draw pages. */
  renderThreads: number;
  close(): Promise<void>;
}

/** The pages a started process draws once on every thread before shoppers ask (PageServer.warm). */
export const WARM_PAGES = ["/", "/shop"];

/** Crawlers, by isbot's maintained list; a headless browser runs the app as a shopper's does, so it is not one. */
const isCrawler = createIsbotFromList(botPatterns.filter((pattern) => pattern !== "headless"));

/** The currency a page is drawn in: the shopper's preferred-currency cookie, DOP unless it says USD. */
const pageCurrency = (cookie: string | undefined) =>
  cookieValue(cookie ?? "", CURRENCY_COOKIE) === "USD" ? "USD" : "DOP";

const etagOf = (html: string) => `"${createHash("sha1").update(html).digest("base64url")}"`;

/** The page server, or null when the storefront is not built. */
export async function createPageServer(options: PageServerOptions): Promise<PageServer | null> {
  const index = join(options.clientDir, "index.html");
  if (!existsSync(index)) return null;
  const template: PageTemplate | null = pageTemplate(readFileSync(index, "utf8"));
  if (!template) throw new Error(`${index} has no <head> and empty <div id="root"></div> to fill`);
  const preloads = readPreloads(options.clientDir);
  const pool: RenderPool | null =
    options.serverEntry && existsSync(options.serverEntry)
      ? await createRenderPool(options.serverEntry, options.renderThreads)
      : null;
  const client = createShopClient({
    baseUrl: "/api",
    fetch: options.fetch,
    tokenStore: createMemoryTokenStore(),
    locks: null,
  });
  const cache = createPageCache({ version: options.contentVersion, ...options.cache });
  const { origin } = options;

  async function draw(
    url: string,
    currency: "USD" | "DOP",
    report: PageServerOptions["logError"] = options.logError,
  ): Promise<DrawnPage> {
    const [rawPath = "/", search = ""] = url.split(/\?(.*)/s);
    // The route table decodes each segment itself, so an id may hold an escaped "/".
    const match = matchRoute(shopRoutes, rawPath);
    const page = await shopPage({ client, origin, query: new URLSearchParams(search) }, match);
    const route = match?.route ?? shopRoutes.notFound;
    const scripts = [...preloads.start, ...(preloads.pages.get(route.page ?? "") ?? [])];
    // Public pages are drawn here, so the shopper sees the page before the app has loaded; a shopper's own pages
    // (cart, checkout, account) are the app's alone to draw, from what the browser keeps.
    let drawn: { html: string; styles: string } | null = null;
    if (pool && !route.private) {
      try {
        drawn = await pool.render({ url, origin, firstScreen: page.head.firstScreen ?? [], currency });
      } catch (error) {
        report(error, url);
      }
    }
    const html = fillPage(template!, {
      headTags: renderHead(page.head),
      // A drawn page is seen before its scripts run: they load once it has shown (src/main.tsx). A page the app
      // draws needs them at once.
      headEnd: [drawn?.styles, drawn ? renderLaterModulePreloads(scripts) : renderModulePreloads(scripts)]
        .filter(Boolean)
        .join("\n    "),
      drawn: drawn?.html ?? null,
    });
    return drawnPage(page.status, html, etagOf(html));
  }

  return {
    async page({ url, cookie, userAgent }) {
      const currency = pageCurrency(cookie);
      let answer: [DrawnPage, CacheState];
      try {
        answer = await cache.get(`${currency} ${url}`, () => draw(url, currency));
      } catch (error) {
        // The API could not answer the page's data: the app then asks it itself (or shows its offline catalogue).
        options.logError(error, url);
        const html = fillPage(template!, {
          headTags: renderHead({ title: SHOP_NAME, robots: "noindex" }),
          headEnd: renderModulePreloads(preloads.start),
          drawn: null,
        });
        return { page: drawnPage(200, html, etagOf(html)), shared: false, cache: "off" };
      }
      const [page, state] = answer;
      // Crawlers get a bare 404: an error page is nothing to index (spec section 2).
      if (page.status === 404 && isCrawler(userAgent)) return null;
      const path = url.split("?")[0] ?? "/";
      const shared = !matchRoute(shopRoutes, path)?.route.private;
      return { page, shared, cache: state };
    },
    async warm() {
      if (!pool) return;
      const quiet = () => {};
      for (const url of WARM_PAGES) {
        // As many at once as there are threads, so each thread draws one.
        const draws = Array.from({ length: Math.max(1, pool.threads) }, () => draw(url, "DOP", quiet));
        await Promise.allSettled(draws);
      }
    },
    robots: () => shopRobots(origin),
    sitemap: (path) =>
      path === "/sitemap.xml" ? sitemapRoot(client, origin) : sitemapFile(client, origin, path),
    renderThreads: pool?.threads ?? 0,
    close: async () => {
      await pool?.close();
    },
  };
}
