/**
 * The front ends on the API's app: the storefront on the shop host (its pages from the storefront's page server,
 * its built files), the back office under /admin on the admin host (never indexed), the static Storybook where
 * STORYBOOK says (never on the admin host, whose origin keeps the admin tokens). Hashed assets are cached for a year and sent precompressed; source maps stay on disk outside
 * development; pages carry their CSP and the cache headers a CDN may use.
 */
import compress from "@fastify/compress";
import etag from "@fastify/etag";
import fastifyStatic from "@fastify/static";
import { BUILD_ID_PATH } from "@shop/domain/build-check";
import { ADMIN_BASENAME } from "@shop/domain/routes";
import { ADMIN_ROBOTS, type PageServer } from "@shop/storefront/page-server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type CspTarget, contentSecurityPolicy } from "./csp.ts";
import type { WebEnv } from "./env.ts";
import { type BuiltApp, loadBuild } from "./static-build.ts";

export interface WebOptions {
  /** The storefront's page server; null when the storefront is not built. */
  pages: PageServer | null;
  /** Built storefront (apps/storefront/dist): its assets. */
  storefrontDir: string;
  /** Built back office (apps/backoffice/dist). */
  backofficeDir: string;
  /** Static Storybook (packages/ui/storybook-static). */
  storybookDir: string;
  env: WebEnv;
  /** Whether source maps are served (outside production only; production keeps them for its stack traces). */
  sourceMaps: boolean;
}

const IMMUTABLE = { maxAge: 365 * 24 * 60 * 60 * 1000, immutable: true };
const SHORT = { maxAge: 60 * 60 * 1000, immutable: false };
const REVALIDATE = "no-cache";
const STORYBOOK = "/storybook";
/**
 * How long a shared cache (a CDN) may keep a public page, and serve it stale while it asks again: nothing tells
 * a CDN that the content changed, so this bounds how old a page it sends can be.
 */
const SHARED_PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** The URL's path decoded, or null when it holds a malformed escape. */
function decoded(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
const withoutPort = (host: string) => host.replace(/:\d+$/, "");

function notBuilt(reply: FastifyReply, what: string) {
  return reply
    .status(404)
    .type("text/plain; charset=utf-8")
    .send(`The ${what} is not built: run \`pnpm build\` (or \`pnpm start\`, which builds first).`);
}

const plainNotFound = (reply: FastifyReply) =>
  reply.status(404).type("text/plain; charset=utf-8").send("Not Found");

/** The best compression the browser takes of the two cached with each page. */
function pageEncoding(request: FastifyRequest): "br" | "gzip" | null {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return null;
}

export const webPlugin = fp(async (app: FastifyInstance, options: WebOptions) => {
  const { pages, env } = options;
  const storefront = loadBuild(options.storefrontDir);
  const backoffice = loadBuild(options.backofficeDir);
  const storybook = env.STORYBOOK === "off" ? null : loadBuild(options.storybookDir);
  if (!storefront && !backoffice) {
    app.log.warn("No built front end found: serving /api only (run `pnpm build` first)");
  }
  const adminHostname = withoutPort(env.ADMIN_HOST);
  const adminHost = (request: FastifyRequest) => request.hostname.toLowerCase() === adminHostname;
  const storybookHostname = env.storybookHost ? withoutPort(env.storybookHost) : null;
  const storybookHost = (request: FastifyRequest) => request.hostname.toLowerCase() === storybookHostname;
  const https = env.PUBLIC_ORIGIN.startsWith("https:");

  // Everything the admin host answers, /api included, stays out of search engines.
  app.addHook("onRequest", async (request, reply) => {
    if (adminHost(request)) reply.header("x-robots-tag", "noindex, nofollow");
  });

  // A shopper's browser posts the signed payment form to AZUL's hosted page (decision 062).
  const apiEnv = (app as unknown as { env?: { CARD_GATEWAY?: string; AZUL_PAYMENT_PAGE_URL?: string } }).env;
  const formActions =
    apiEnv?.CARD_GATEWAY === "azul" && apiEnv.AZUL_PAYMENT_PAGE_URL
      ? [new URL(apiEnv.AZUL_PAYMENT_PAGE_URL).origin]
      : [];

  // Each front end's policy is made once: its build and the settings do not change while the process runs.
  const policies = new Map<CspTarget, string>();
  function csp(target: CspTarget, build: BuiltApp) {
    let policy = policies.get(target);
    if (policy === undefined) {
      policy = contentSecurityPolicy(target, {
        scriptHashes: build.inlineScriptHashes,
        upgradeInsecureRequests: https,
        formActions,
      });
      policies.set(target, policy);
    }
    return policy;
  }

  /** A file of a build: hashed assets for a year, anything else for an hour, HTML revalidated, maps kept back. */
  function sendFile(reply: FastifyReply, build: BuiltApp, file: string) {
    if (file.endsWith(".map") && !options.sourceMaps) return plainNotFound(reply);
    if (file.endsWith(".html")) {
      reply.header("cache-control", REVALIDATE);
      return reply.sendFile(file, build.root, { cacheControl: false });
    }
    return reply.sendFile(file, build.root, file.startsWith("/assets/") ? IMMUTABLE : SHORT);
  }

  /** Which build is deployed, for open pages to compare with theirs: asked every few seconds, never cached. */
  function sendBuildId(reply: FastifyReply, build: BuiltApp) {
    return reply.header("cache-control", "no-store").send({ id: build.id });
  }

  function sendHtml(reply: FastifyReply, build: BuiltApp, target: CspTarget, status: number, html: string) {
    return reply
      .status(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", REVALIDATE)
      .header("content-security-policy", csp(target, build))
      .send(html);
  }

  async function adminSite(reply: FastifyReply, path: string) {
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
    if (file === BUILD_ID_PATH) return sendBuildId(reply, backoffice);
    if (backoffice.files.has(file) && !file.endsWith(".html")) return sendFile(reply, backoffice, file);
    if (file.startsWith("/assets/")) return plainNotFound(reply);
    // Every other path below /admin is the back office's own router's to show.
    return sendHtml(reply, backoffice, "backoffice", 200, backoffice.html);
  }

  /** Storybook's own host: Storybook below /storybook, nothing else of the shop's. */
  function storybookOwnSite(reply: FastifyReply, path: string) {
    if (path === "/") return reply.redirect(`${STORYBOOK}/`);
    if (!under(path, STORYBOOK)) return plainNotFound(reply);
    return storybookSite(reply, path);
  }

  function storybookSite(reply: FastifyReply, path: string) {
    if (!storybook) return notBuilt(reply, "Storybook");
    if (path === STORYBOOK) return reply.redirect(`${STORYBOOK}/`);
    const file = path === `${STORYBOOK}/` ? "/index.html" : path.slice(STORYBOOK.length);
    if (!storybook.files.has(file)) return plainNotFound(reply);
    if (file.endsWith(".html")) reply.header("content-security-policy", csp("storybook", storybook));
    return sendFile(reply, storybook, file);
  }

  /** A storefront page: cached or rendered by the page server, compressed once, revalidated by the browser. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, build: BuiltApp) {
    const answer = await pages!.page({
      url: request.url,
      cookie: request.headers.cookie,
      userAgent: request.headers["user-agent"],
    });
    if (!answer) return plainNotFound(reply);
    const { page, shared } = answer;
    reply
      .status(page.status)
      .type("text/html; charset=utf-8")
      .header("content-security-policy", csp("storefront", build))
      .header("etag", page.etag)
      // Each page is rendered in the shopper's currency (the preferred-currency cookie): a shared cache keys on it.
      .header("vary", "Cookie, Accept-Encoding")
      .header("cache-control", shared && page.status === 200 ? SHARED_PAGE : REVALIDATE)
      .header("x-page-cache", answer.cache);
    if (request.headers["if-none-match"] === page.etag) return reply.status(304).send();
    const encoding = pageEncoding(request);
    if (!encoding) return reply.send(page.html);
    return reply.header("content-encoding", encoding).send(await page.encoded(encoding));
  }

  async function shopSite(request: FastifyRequest, reply: FastifyReply, path: string) {
    if (path === "/robots.txt") {
      return reply
        .type("text/plain; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(pages?.robots() ?? "User-agent: *\nAllow: /\n");
    }
    if (pages && (path === "/sitemap.xml" || path.startsWith("/sitemaps/"))) {
      const xml = await pages.sitemap(path);
      if (xml === null) return plainNotFound(reply);
      return reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(xml);
    }
    // The back office lives on its own host.
    if (under(path, ADMIN_BASENAME)) return reply.redirect(`${env.adminOrigin}${request.url}`);
    if (under(path, STORYBOOK) && env.STORYBOOK === "shop") return storybookSite(reply, path);
    if (!storefront || !pages) return notBuilt(reply, "storefront");
    if (path === BUILD_ID_PATH) return sendBuildId(reply, storefront);
    if (storefront.files.has(path) && !path.endsWith(".html")) return sendFile(reply, storefront, path);
    // Browsers ask for /favicon.ico by themselves on pages without an icon link (Storybook's, the API docs).
    if (path === "/favicon.ico" && storefront.files.has("/favicon.svg"))
      return reply.redirect("/favicon.svg", 301);
    if (path.startsWith("/assets/")) return plainNotFound(reply);
    return sendPage(request, reply, storefront);
  }

  await app.register(async (web) => {
    const someRoot = storefront?.root ?? backoffice?.root ?? storybook?.root;
    if (someRoot) await web.register(fastifyStatic, { root: someRoot, serve: false, preCompressed: true });
    // The sitemap and robots.txt are made per request: tagged so a reload can answer 304, compressed. Pages carry
    // their own tag and compressed forms, made once per rendered page.
    await web.register(etag, { weak: true });
    await web.register(compress, { globalDecompression: false });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const rawPath = request.url.split("?")[0] ?? "/";
      const path = decoded(rawPath);
      if (path === null) return plainNotFound(reply);
      if (under(path, "/api")) return reply.callNotFound();
      if (storybookHost(request)) return storybookOwnSite(reply, path);
      return adminHost(request) ? adminSite(reply, path) : shopSite(request, reply, path);
    };
    web.get("/", handler);
    web.get("/*", handler);
  });
});
