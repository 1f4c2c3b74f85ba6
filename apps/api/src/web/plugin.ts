/**
 * Serves the built front ends from the API's process: the storefront on the shop host (its pages with the head
 * tags search engines read, real 404s from the shared route table, the sitemap and robots.txt), the back office
 * under /admin on the admin host (never indexed), the static Storybook at /storybook/. Hashed assets are cached
 * for a year and sent precompressed; pages are revalidated on every load.
 */
import compress from "@fastify/compress";
import etag from "@fastify/etag";
import fastifyStatic from "@fastify/static";
import {
  CURRENCY_COOKIE,
  cookieValue,
  type FirstScreenEntry,
  SERVER_RENDERED_ATTRIBUTE,
} from "@shop/domain/first-screen";
import { ADMIN_BASENAME, matchRoute, shopRoutes } from "@shop/domain/routes";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { list as botPatterns, createIsbotFromList } from "isbot";
import { type BuiltApp, loadBuild, loadRenderer, type PageRenderer } from "./build.ts";
import { type CspTarget, contentSecurityPolicy } from "./csp.ts";
import { renderHead, renderModulePreloads } from "./head.ts";
import { adminHostUrl, isAdminHost, publicOrigin } from "./hosts.ts";
import { type ApiAnswer, createMemo, shopPage } from "./pages.ts";
import { ADMIN_ROBOTS, shopRobots, sitemapFile, sitemapRoot } from "./sitemap.ts";

export interface WebOptions {
  /** Built storefront (apps/storefront/dist). */
  storefrontDir: string;
  /** The storefront's server build (apps/storefront/dist-ssr/entry-server.js), which draws its pages. */
  storefrontRenderer?: string;
  /** Built back office (apps/backoffice/dist). */
  backofficeDir: string;
  /** Static Storybook (packages/ui/storybook-static). */
  storybookDir: string;
}

const IMMUTABLE = { maxAge: 365 * 24 * 60 * 60 * 1000, immutable: true };
const SHORT = { maxAge: 60 * 60 * 1000, immutable: false };
const REVALIDATE = "no-cache";
const STORYBOOK = "/storybook";

/** The URL's path decoded, or null when it holds a malformed escape. */
function decoded(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

function notBuilt(reply: FastifyReply, what: string) {
  return reply
    .status(404)
    .type("text/plain; charset=utf-8")
    .send(`The ${what} is not built: run \`pnpm build\` (or \`pnpm start\`, which builds first).`);
}

/** Crawlers, by isbot's maintained list; a headless browser runs the app as a shopper's does, so it is not one. */
const isCrawler = createIsbotFromList(botPatterns.filter((pattern) => pattern !== "headless"));

const ROOT_ELEMENT = '<div id="root"></div>';

const plainNotFound = (reply: FastifyReply) =>
  reply.status(404).type("text/plain; charset=utf-8").send("Not Found");

export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const storefront = loadBuild(options.storefrontDir);
  const backoffice = loadBuild(options.backofficeDir);
  const storybook = loadBuild(options.storybookDir);
  const renderer =
    storefront && options.storefrontRenderer ? await loadRenderer(options.storefrontRenderer) : null;
  if (!storefront && !backoffice) {
    app.log.warn("No built front end found: serving /api only (run `pnpm build` first)");
  }
  const { ADMIN_HOST, PUBLIC_ORIGIN, CATALOGUE_CACHE_MS } = app.env;
  const memo = createMemo(app.db, CATALOGUE_CACHE_MS);
  const askApi = async (url: string): Promise<ApiAnswer> => {
    const answer = await app.inject({ method: "GET", url });
    let body: unknown = null;
    try {
      body = answer.json();
    } catch {
      // Not JSON: the caller sees the status.
    }
    return { status: answer.statusCode, headers: answer.headers, body };
  };
  const adminHost = (request: FastifyRequest) => isAdminHost(request, ADMIN_HOST);

  // Everything the admin host answers, /api included, stays out of search engines.
  app.addHook("onRequest", async (request, reply) => {
    if (adminHost(request)) reply.header("x-robots-tag", "noindex, nofollow");
  });

  function csp(request: FastifyRequest, target: CspTarget, build: BuiltApp) {
    return contentSecurityPolicy(target, {
      scriptHashes: build.inlineScriptHashes,
      upgradeInsecureRequests: request.protocol === "https",
    });
  }

  /** A file of a build: hashed assets for a year, anything else for an hour, HTML revalidated. */
  function sendFile(reply: FastifyReply, build: BuiltApp, file: string) {
    if (file.endsWith(".html")) {
      reply.header("cache-control", REVALIDATE);
      return reply.sendFile(file, build.root, { cacheControl: false });
    }
    return reply.sendFile(file, build.root, file.startsWith("/assets/") ? IMMUTABLE : SHORT);
  }

  /** An app's page with its CSP, revalidated on every load. */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    build: BuiltApp,
    target: CspTarget,
    status: number,
    html: string,
  ) {
    return reply
      .status(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", REVALIDATE)
      .header("content-security-policy", csp(request, target, build))
      .send(html);
  }

  async function adminSite(request: FastifyRequest, reply: FastifyReply, path: string) {
    if (path === "/robots.txt") {
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(ADMIN_ROBOTS);
    }
    if (path === "/") return reply.redirect(`${ADMIN_BASENAME}/dashboard`);
    if (path === "/favicon.ico" && backoffice?.files.has("/favicon.svg")) {
      return reply.redirect(`${ADMIN_BASENAME}/favicon.svg`, 301);
    }
    if (!under(path, ADMIN_BASENAME)) return plainNotFound(reply);
    if (!backoffice?.html) return notBuilt(reply, "back office");
    const file = path.slice(ADMIN_BASENAME.length);
    if (backoffice.files.has(file) && !file.endsWith(".html")) return sendFile(reply, backoffice, file);
    if (file.startsWith("/assets/")) return plainNotFound(reply);
    // Every other path below /admin is the back office's own router's to show.
    return sendPage(request, reply, backoffice, "backoffice", 200, backoffice.html);
  }

  function storybookSite(request: FastifyRequest, reply: FastifyReply, path: string) {
    if (!storybook) return notBuilt(reply, "Storybook");
    if (path === STORYBOOK) return reply.redirect(`${STORYBOOK}/`);
    const file = path === `${STORYBOOK}/` ? "/index.html" : path.slice(STORYBOOK.length);
    if (!storybook.files.has(file)) return plainNotFound(reply);
    if (file.endsWith(".html")) reply.header("content-security-policy", csp(request, "storybook", storybook));
    return sendFile(reply, storybook, file);
  }

  /** The page drawn by the storefront's server build; null (the app draws it alone) when that fails. */
  async function drawPage(
    request: FastifyRequest,
    render: PageRenderer,
    origin: string,
    firstScreen: FirstScreenEntry[],
  ) {
    try {
      const currency = cookieValue(request.headers.cookie ?? "", CURRENCY_COOKIE);
      return await render({ url: request.url, origin, firstScreen, currency });
    } catch (error) {
      request.log.error(
        { err: error, url: request.url },
        "the storefront could not draw this page on the server",
      );
      return null;
    }
  }

  async function shopSite(request: FastifyRequest, reply: FastifyReply, path: string, rawPath: string) {
    const origin = publicOrigin(request, PUBLIC_ORIGIN);
    if (path === "/robots.txt") {
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(shopRobots(origin));
    }
    if (path === "/sitemap.xml" || path.startsWith("/sitemaps/")) {
      const xml =
        path === "/sitemap.xml" ? await sitemapRoot(app.db, origin) : await sitemapFile(app.db, origin, path);
      if (xml === null) return plainNotFound(reply);
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(xml);
    }
    if (under(path, ADMIN_BASENAME)) {
      const target = adminHostUrl(request, ADMIN_HOST);
      if (!target) {
        return reply
          .status(404)
          .type("text/plain; charset=utf-8")
          .send(
            "The back office is on its own host: open it as admin.<your shop's host name>, or set ADMIN_HOST.",
          );
      }
      return reply.redirect(target);
    }
    if (under(path, STORYBOOK)) return storybookSite(request, reply, path);
    if (!storefront?.page) return notBuilt(reply, "storefront");
    if (storefront.files.has(path) && !path.endsWith(".html")) return sendFile(reply, storefront, path);
    // Browsers ask for /favicon.ico by themselves on pages without an icon link (Storybook's, the API docs).
    if (path === "/favicon.ico" && storefront.files.has("/favicon.svg"))
      return reply.redirect("/favicon.svg", 301);
    if (path.startsWith("/assets/")) return plainNotFound(reply);

    const query = new URLSearchParams(request.url.slice(rawPath.length + 1));
    // The route table decodes each segment itself, so an id may hold an escaped "/".
    const match = matchRoute(shopRoutes, rawPath);
    const page = await shopPage({ db: app.db, origin, query, memo, api: askApi }, match);
    // Crawlers get a bare 404: an error page is nothing to index (spec section 2).
    if (page.status === 404 && isCrawler(request.headers["user-agent"])) return plainNotFound(reply);
    const route = match?.route ?? shopRoutes.notFound;
    const { preloads } = storefront;
    const scripts = [...preloads.start, ...(preloads.pages.get(route.page ?? "") ?? [])];
    // Public pages are drawn here, so the shopper sees the page before the app has loaded; a shopper's own pages
    // (cart, checkout, account) are the app's alone to draw, from what the browser keeps.
    const drawn =
      renderer && !route.private
        ? await drawPage(request, renderer, origin, page.head.firstScreen ?? [])
        : null;
    const after = storefront.page.after
      .replace(
        "</head>",
        `  ${[drawn?.styles, renderModulePreloads(scripts)].filter(Boolean).join("\n    ")}\n  </head>`,
      )
      .replace(
        ROOT_ELEMENT,
        drawn ? `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${drawn.html}</div>` : ROOT_ELEMENT,
      );
    const html = `${storefront.page.before}${renderHead(page.head)}${after}`;
    return sendPage(request, reply, storefront, "storefront", page.status, html);
  }

  await app.register(async (web) => {
    const someRoot = storefront?.root ?? backoffice?.root ?? storybook?.root;
    if (someRoot) await web.register(fastifyStatic, { root: someRoot, serve: false, preCompressed: true });
    // Pages, the sitemap and robots.txt are made per request: tagged so a reload can answer 304, compressed.
    await web.register(etag, { weak: true });
    await web.register(compress, { globalDecompression: false });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const rawPath = request.url.split("?")[0] ?? "/";
      const path = decoded(rawPath);
      if (path === null) return plainNotFound(reply);
      if (under(path, "/api")) return reply.callNotFound();
      return adminHost(request) ? adminSite(request, reply, path) : shopSite(request, reply, path, rawPath);
    };
    web.get("/", handler);
    web.get("/*", handler);
  });
});
