/**
 * The storefront's page server: answers a shop URL with its page, rendered on the server with the data its first
 * screen needs, or the sitemap and robots.txt. It matches the URL against the route table (src/routes.ts), asks the
 * storefront's server build for the route's status, head and data (`page`: the route module's loader and meta, over
 * the shop's API client and the `fetch` it is given, in process), caches rendered pages in memory (page-cache.ts)
 * and renders them on every core (render-pool.ts). It knows nothing of the HTTP framework around it: the one
 * process (apps/server) mounts it.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createMemoryTokenStore, createShopClient } from "@shop/api-client";
import { LISTING_QUERY_PARAMS } from "@shop/domain/catalogue";
import { CURRENCY_COOKIE, cookieValue } from "@shop/domain/first-screen";
import { VARIANT_QUERY_PARAMS } from "@shop/domain/variants";
import { list as botPatterns, createIsbotFromList } from "isbot";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { matchShopRoute, shopRoutes } from "#routes.ts";
import { renderHead, renderLaterModulePreloads, renderModulePreloads } from "./head.ts";
import { type CacheState, createPageCache, type RenderedPage, renderedPage } from "./page-cache.ts";
import type { ServerBuild } from "./render-contract.ts";
import { createRenderPool, type RenderPool } from "./render-pool.ts";
import { ADMIN_ROBOTS, shopRobots, sitemapFile, sitemapRoot } from "./sitemap.ts";
import { fillPage, type PageTemplate, pageTemplate, readPreloads } from "./template.ts";

/** What the sitemap lists besides products, categories and posts, and its per-file limit (tests lower it). */
export { SITEMAP_PAGES, sitemapTuning } from "./sitemap.ts";
export type { CacheState, RenderedPage };
export { ADMIN_ROBOTS };

export interface PageServerOptions {
  /** The storefront's browser build (apps/storefront/dist): its index.html is every page's template. */
  clientDir: string;
  /**
   * The storefront's server build (apps/storefront/dist-ssr/entry-server.js): each route's head and data, and the
   * markup. Without it, every page goes out with the shop's name for a title and the app renders it.
   */
  serverEntry?: string;
  /** Threads that render pages; 0 renders on the calling thread. */
  renderThreads: number;
  /** The API, in process: answers `/api/...` as fetch would. */
  fetch: typeof fetch;
  /** The shop's public address, for canonical links, link previews and the sitemap (never a request's Host). */
  origin: string;
  /** The version of everything pages show, bumped in every process on any change; null while one could go unheard. */
  contentVersion: () => number | null;
  /** Rendered pages cached in memory: their total size, and how long one is served before it is re-rendered behind. */
  cache: { maxBytes: number; freshMs: number };
  /** Where a page that failed to render is reported (it is then sent for the app to render). */
  logError: (error: unknown, url: string) => void;
}

export interface PageRequest {
  /** The path and query as asked ("/shop?sort=high-to-low"). */
  url: string;
  cookie?: string;
  userAgent?: string;
}

export interface PageAnswer {
  page: RenderedPage;
  /** Whether a shared cache (a CDN) may cache it: a public page, the same for every shopper of its currency. */
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
   * Renders the home and the shop's listing once on every rendering thread, caching neither page: a thread's first
   * pages take several times as long as the next while its code is compiled, and the first shoppers after a start
   * should not wait for that. Never fails: a page that cannot be rendered now is rendered when it is asked for.
   */
  warm(): Promise<void>;
  /** How many threads render pages. */
  renderThreads: number;
  close(): Promise<void>;
}

/** The pages a started process renders once on every thread before shoppers ask (PageServer.warm). */
export const WARM_PAGES = ["/", "/shop"];

/** Crawlers, by isbot's maintained list; a headless browser runs the app as a shopper's does, so it is not one. */
const isCrawler = createIsbotFromList(botPatterns.filter((pattern) => pattern !== "headless"));

/** The currency a page is rendered in: the shopper's preferred-currency cookie, DOP unless it says USD. */
const pageCurrency = (cookie: string | undefined) =>
  cookieValue(cookie ?? "", CURRENCY_COOKIE) === "USD" ? "USD" : "DOP";

const etagOf = (html: string) => `"${createHash("sha1").update(html).digest("base64url")}"`;

/** Loads the storefront's server build on this thread: its `page` runs here, its `render` here or on workers. */
async function loadServerBuild(serverEntry: string): Promise<ServerBuild> {
  const build = (await import(pathToFileURL(serverEntry).href)) as Partial<ServerBuild>;
  if (typeof build.page !== "function") throw new Error(`${serverEntry} exports no page function`);
  return build as ServerBuild;
}

/**
 * The query parameters any page reads: the listing's filters (the shop's listings and the search), the blog's
 * page, the contact form's subject. A shopper's own pages read theirs in the browser.
 */
const PAGE_QUERY_PARAMS = new Set<string>([...LISTING_QUERY_PARAMS, "subject"]);

/** A product page also reads the variant chosen: `?color=coral&size=42`, `?talla=m` or `?sku=` (decision 061). */
const PRODUCT_PATH = /^\/product-details(?:-[a-z]+)?(?:\/|$)/;
const readsParam = (path: string, name: string) =>
  PAGE_QUERY_PARAMS.has(name) || (PRODUCT_PATH.test(path) && VARIANT_QUERY_PARAMS.includes(name));

/**
 * The URL a page is kept under and rendered from: its path, and of its query only the parameters pages read, each
 * once (the first, as pages read it), in a fixed order. Campaign tags (utm_*, fbclid, gclid) and any other
 * parameter no page reads neither render a page anew nor show in one.
 */
export function pageUrl(url: string): string {
  const [path = "/", search = ""] = url.split(/\?(.*)/s);
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of [...new Set(query.keys())].filter((n) => readsParam(path, n)).sort()) {
    kept.set(name, query.get(name)!);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}

/** The page server, or null when the storefront is not built. */
export async function createPageServer(options: PageServerOptions): Promise<PageServer | null> {
  const index = join(options.clientDir, "index.html");
  if (!existsSync(index)) return null;
  const template: PageTemplate | null = pageTemplate(readFileSync(index, "utf8"));
  if (!template) throw new Error(`${index} has no <head> and empty <div id="root"></div> to fill`);
  const preloads = readPreloads(options.clientDir);
  const build =
    options.serverEntry && existsSync(options.serverEntry)
      ? await loadServerBuild(options.serverEntry)
      : null;
  const pool: RenderPool | null = build?.render
    ? await createRenderPool(options.serverEntry!, options.renderThreads, build.render)
    : null;
  const client = createShopClient({
    baseUrl: "/api",
    fetch: options.fetch,
    tokenStore: createMemoryTokenStore(),
    locks: null,
  });
  const cache = createPageCache({ version: options.contentVersion, ...options.cache });
  const { origin } = options;

  async function render(
    url: string,
    currency: "USD" | "DOP",
    report: PageServerOptions["logError"] = options.logError,
  ): Promise<RenderedPage> {
    const [rawPath = "/", search = ""] = url.split(/\?(.*)/s);
    // The route table decodes each segment itself, so an id may hold an escaped "/".
    const match = matchShopRoute(rawPath);
    const route = match?.route ?? shopRoutes.notFound;
    const page = build
      ? await build.page({
          route: match?.name ?? null,
          params: match?.params ?? {},
          query: new URLSearchParams(search),
          client,
          origin,
        })
      : {
          status: match ? 200 : 404,
          head: { title: SHOP_NAME, robots: "noindex" as const },
          firstScreen: [],
        };
    const scripts = [...preloads.start, ...(preloads.routes.get(route.module) ?? [])];
    // Public pages are rendered here, so the shopper sees the page before the app has loaded; a shopper's own pages
    // (cart, checkout, account) are the app's alone to render, from what the browser stores.
    let rendered: { html: string; styles: string } | null = null;
    if (pool && !route.private) {
      try {
        rendered = await pool.render({ url, origin, firstScreen: page.firstScreen, currency });
      } catch (error) {
        report(error, url);
      }
    }
    const html = fillPage(template!, {
      headTags: renderHead(page.head, page.firstScreen),
      // A rendered page is seen before its scripts run: they load once it has shown (src/main.tsx). A page the app
      // renders needs them at once.
      headEnd: [
        rendered?.styles,
        rendered ? renderLaterModulePreloads(scripts) : renderModulePreloads(scripts),
      ]
        .filter(Boolean)
        .join("\n    "),
      rendered: rendered?.html ?? null,
    });
    return renderedPage(page.status, html, etagOf(html));
  }

  return {
    async page({ url, cookie, userAgent }) {
      const currency = pageCurrency(cookie);
      const kept = pageUrl(url);
      let answer: [RenderedPage, CacheState];
      try {
        answer = await cache.get(`${currency} ${kept}`, () => render(kept, currency));
      } catch (error) {
        // The API could not answer the page's data: the app then asks it itself (or shows its offline catalogue).
        options.logError(error, url);
        const html = fillPage(template!, {
          headTags: renderHead({ title: SHOP_NAME, robots: "noindex" }),
          headEnd: renderModulePreloads(preloads.start),
          rendered: null,
        });
        return { page: renderedPage(200, html, etagOf(html)), shared: false, cache: "off" };
      }
      const [page, state] = answer;
      // Crawlers get a bare 404: an error page is nothing to index (spec section 2).
      if (page.status === 404 && isCrawler(userAgent)) return null;
      const path = url.split("?")[0] ?? "/";
      const shared = !matchShopRoute(path)?.route.private;
      return { page, shared, cache: state };
    },
    async warm() {
      if (!pool) return;
      const quiet = () => {};
      for (const url of WARM_PAGES) {
        // As many at once as there are threads, so each thread renders one.
        const renders = Array.from({ length: Math.max(1, pool.threads) }, () => render(url, "DOP", quiet));
        await Promise.allSettled(renders);
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
