// The built storefront and Storybook on the shop host: cache headers, precompressed files, statuses from the route table.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createTestShop, login, type TestShop } from "@shop/api/test/app";
import { WARM_PAGES } from "@shop/storefront/page-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BACKOFFICE_SCRIPT,
  HOME_SCRIPTS,
  mountWebBuilds,
  START_SCRIPTS,
  STOREFRONT_SCRIPT,
  STOREFRONT_STYLE,
  STORYBOOK_INLINE_HASH,
  standinRenders,
  type WebBuilds,
  writeWebBuilds,
} from "./test/web-builds.ts";

const GOOGLEBOT =
  "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.204 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BINGBOT = "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)";
const CHROME =
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";
const YEAR = "public, max-age=31536000, immutable";

let builds: WebBuilds;
let shop: TestShop;
const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({
    method: "GET",
    url,
    headers: { host: "localhost:3000", "user-agent": CHROME, ...headers },
  });

beforeAll(async () => {
  builds = writeWebBuilds();
  shop = await createTestShop({ mount: mountWebBuilds(builds) });
});
afterAll(async () => {
  await shop?.close();
  builds?.remove();
});

describe("hashed assets", () => {
  it("are cached for a year and sent as brotli to a browser that takes it", async () => {
    const res = await get(STOREFRONT_SCRIPT, { "accept-encoding": "gzip, deflate, br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe(YEAR);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(builds.storefrontScript);
  });

  it("are sent as gzip when brotli is not accepted, and plain when nothing is", async () => {
    const gzip = await get(STOREFRONT_SCRIPT, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(builds.storefrontScript);
    const plain = await get(STOREFRONT_SCRIPT, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(builds.storefrontScript);
    expect(plain.headers["cache-control"]).toBe(YEAR);
  });

  it("without a compressed twin are compressed as they go, still cached for a year", async () => {
    const res = await get(STOREFRONT_STYLE, { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe("body{margin:0}");
    expect(res.headers["cache-control"]).toBe(YEAR);
    const plain = await get(STOREFRONT_STYLE);
    expect(plain.body).toBe("body{margin:0}");
  });

  it("that do not exist answer a plain 404, never the app (a script must not receive HTML)", async () => {
    const res = await get("/assets/index-00000000.js");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).not.toContain("<html");
  });
});

describe("other files and paths", () => {
  it("serves public files with a short cache", async () => {
    const res = await get("/favicon.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("sends /favicon.ico, asked for by browsers on their own, to the build's SVG icon", async () => {
    const res = await get("/favicon.ico");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/favicon.svg");
  });

  it("never serves the build's own folders or escapes the build folder", async () => {
    for (const url of ["/.vite/manifest.json", "/../storefront/index.html", "/%2e%2e/%2e%2e/etc/passwd"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("{}");
    }
  });

  it("refuses a malformed escape with a 400 that names the problem, no stack trace", async () => {
    const res = await get("/shop%E0%A4%A");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    expect(res.body).not.toMatch(/\bat .+:\d+:\d+/);
  });

  it("leaves /api to the API: an unknown API path is the API's JSON 404", async () => {
    const res = await get("/api/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404 });
  });
});

describe("pages from the route table", () => {
  it("answers a known route 200 with the app: revalidated by browsers, cached a minute by a shared cache per currency", async () => {
    const res = await get("/shop");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(res.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(res.headers.etag).toMatch(/^".+"$/);
    const again = await get("/shop", { "if-none-match": res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(res.body).toContain(`src="${STOREFRONT_SCRIPT}"`);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("lists the app's start and the page's own scripts for preloading, after the entry's tags", async () => {
    const html = (await get("/")).body;
    const preloads = [
      ...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" fetchpriority="low" \/>/g),
    ].map((m) => m[1]);
    expect(preloads).toEqual([...START_SCRIPTS, ...HOME_SCRIPTS]);
    expect(html.indexOf(START_SCRIPTS[0]!)).toBeGreaterThan(html.indexOf(STOREFRONT_SCRIPT));
    expect(html.indexOf(HOME_SCRIPTS[1]!)).toBeLessThan(html.indexOf("</head>"));
    // A page without scripts of its own in the manifest (this stand-in build has only home's) lists the start's.
    const about = (await get("/about")).body;
    expect([...about.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1])).toEqual(
      START_SCRIPTS,
    );
  });

  it("answers 304 to a reload whose page has not changed", async () => {
    const first = await get("/about");
    const again = await get("/about", { "if-none-match": first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("compresses the page for a browser that takes it", async () => {
    const res = await get("/", { "accept-encoding": "br" });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it("ignores case and a trailing slash as the app's router does", async () => {
    expect((await get("/SHOP/")).statusCode).toBe(200);
    expect((await get("/product-details-video")).statusCode).toBe(200);
  });

  it("answers an unknown route 404 with the app, which shows its 404 page", async () => {
    for (const url of ["/no-such-page", "/shop/extra", "/index.html"]) {
      const res = await get(url, { "user-agent": CHROME });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it("answers the 404 page's own route with the app and status 404, never indexed", async () => {
    const res = await get("/404");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="robots" content="noindex" />');
    expect(res.body).toContain("<title>Page not found | The shop</title>");
  });

  it("answers 404 with the app for a product or blog post the shop does not have, or a malformed id", async () => {
    for (const url of [
      "/product-details/8d0c3f4e-0000-4000-8000-000000000000",
      "/product-details/no-such-product",
      "/product-details/%27%3B%20drop%20table%20products%3B--",
      "/blog-details/8d0c3f4e-0000-4000-8000-000000000000",
      "/blog-details/no-such-post",
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("gives a bot a plain 404 for an unknown route or product, and the page for a known one", async () => {
    for (const userAgent of [GOOGLEBOT, BINGBOT]) {
      for (const url of ["/no-such-page", "/product-details/no-such-product"]) {
        const res = await get(url, { "user-agent": userAgent });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers["content-type"], url).toMatch(/^text\/plain/);
        expect(res.body, url).toBe("Not Found");
      }
      const known = await get("/shop", { "user-agent": userAgent });
      expect(known.statusCode).toBe(200);
      expect(known.body).toContain('<div id="root"></div>');
    }
  });

  it("gives a headless browser the app's 404 page, as it runs the app like a shopper's browser", async () => {
    const headless =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36";
    const res = await get("/no-such-page", { "user-agent": headless });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it("sends the storefront's CSP with the page: scripts from the origin only, no inline script", async () => {
    const res = await get("/");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    const https = await get("/", { "x-forwarded-proto": "https" });
    // Without TRUST_PROXY the forwarded scheme is ignored.
    expect(https.headers["content-security-policy"]).toBe(csp);
  });
});

describe("rendered pages cached in memory (PAGE_CACHE_MB), on render threads (RENDER_THREADS)", () => {
  let rendering: WebBuilds;
  let cached: TestShop;
  let admin: Record<string, string>;
  beforeAll(async () => {
    rendering = writeWebBuilds({ renderer: true });
    cached = await createTestShop({
      mount: mountWebBuilds(rendering, { PAGE_CACHE_MB: "8", RENDER_THREADS: "1" }),
    });
    admin = (await login(cached.app, "admin")).headers;
  });
  afterAll(async () => {
    await cached?.close();
    rendering?.remove();
  });
  const page = (url: string, headers: Record<string, string> = {}) =>
    cached.app.inject({
      method: "GET",
      url,
      headers: { host: "localhost:3000", "user-agent": CHROME, ...headers },
    });

  it("renders a page once on a render thread, then sends it from the cache, per currency", async () => {
    const first = await page("/about?page=11");
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.body).toContain("Rendered on the server");
    const again = await page("/about?page=11");
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.body).toBe(first.body);
    const dollars = await page("/about?page=11", { cookie: "preferred-currency=USD" });
    expect(dollars.headers["x-page-cache"]).toBe("miss");
    expect(dollars.body).toContain('data-currency="USD"');
    expect((await page("/about?page=11")).body).toContain('data-currency="DOP"');
  });

  it("sends its compressed forms, made once, that decompress to the same page", async () => {
    const plain = await page("/about?page=12");
    const br = await page("/about?page=12", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await page("/about?page=12", { "accept-encoding": "gzip" });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("drops every cached page as soon as staff change what pages show", async () => {
    await page("/coupons");
    expect((await page("/coupons")).headers["x-page-cache"]).toBe("hit");
    const banner = await cached.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: {
        title: "Cached pages go",
        position: "home-hero",
        active: true,
        img: "/api/images/banner/k.svg",
      },
    });
    expect(banner.statusCode, banner.body).toBe(201);
    expect((await page("/coupons")).headers["x-page-cache"]).toBe("miss");
  });

  it("drops every cached page the moment a scheduled banner starts, with nobody writing then", async () => {
    // Time enough for the banner's own write to be heard (on PostgreSQL, through NOTIFY) on a busy machine.
    const startsAt = Date.now() + 4000;
    const banner = await cached.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: {
        title: "Starts soon",
        position: "home-hero",
        img: "/api/images/banner/s.svg",
        startsAt: new Date(startsAt).toISOString(),
      },
    });
    expect(banner.statusCode, banner.body).toBe(201);
    // Cached once the write has been heard: asked until it answers from memory, well before the start.
    let state: unknown;
    while (state !== "hit" && Date.now() < startsAt - 1000) {
      state = (await page("/coupons?page=13")).headers["x-page-cache"];
      if (state !== "hit") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsAt - Date.now()) + 50));
    expect((await page("/coupons?page=13")).headers["x-page-cache"]).toBe("miss");
    expect((await page("/coupons?page=13")).headers["x-page-cache"]).toBe("hit");
  });

  it("keys a page on the parameters pages read, in a fixed order; campaign tags and unknown ones render nothing new", async () => {
    const first = await page("/shop?sort=high-to-low&category=audio-video");
    expect(first.headers["x-page-cache"]).toBe("miss");
    for (const url of [
      "/shop?category=audio-video&sort=high-to-low",
      "/shop?utm_source=newsletter&category=audio-video&utm_medium=email&sort=high-to-low",
      "/shop?sort=high-to-low&fbclid=IwAR0abc&category=audio-video&gclid=x1&whatever=1",
      "/shop?sort=high-to-low&category=audio-video&sort=low-to-high",
    ]) {
      const res = await page(url);
      expect(res.headers["x-page-cache"], url).toBe("hit");
      expect(res.body, url).toBe(first.body);
      expect(res.body, url).not.toMatch(/utm_|fbclid|gclid|whatever/);
    }
    // A parameter a page reads is a page of its own.
    expect((await page("/shop?sort=low-to-high&category=audio-video")).headers["x-page-cache"]).toBe("miss");
  });

  it("keeps a shopper's own pages out of shared caches", async () => {
    const cart = await page("/cart");
    expect(cart.statusCode).toBe(200);
    expect(cart.headers["cache-control"]).toBe("no-cache");
    expect(cart.body).toContain('<div id="root"></div>');
  });
});

describe("a process that starts listening", () => {
  let rendering: WebBuilds;
  let started: TestShop;
  beforeAll(async () => {
    rendering = writeWebBuilds({ renderer: true });
    started = await createTestShop({ mount: mountWebBuilds(rendering, { PAGE_CACHE_MB: "8" }) });
  });
  afterAll(async () => {
    await started?.close();
    rendering?.remove();
  });

  it("renders the home and the shop once it listens, and caches neither; an app asked only in process renders nothing", async () => {
    const before = standinRenders().length;
    await started.app.ready();
    expect(standinRenders().slice(before)).toEqual([]);
    await started.app.listen({ port: 0, host: "127.0.0.1" });
    // The warm-up renders in the background: on a busy machine it may take longer than vi.waitFor's second.
    await vi.waitFor(() => expect(new Set(standinRenders().slice(before))).toEqual(new Set(WARM_PAGES)), {
      timeout: 30_000,
    });
    for (const url of WARM_PAGES) {
      const res = await started.app.inject({
        method: "GET",
        url,
        headers: { host: "localhost:3000", "user-agent": CHROME },
      });
      expect(res.statusCode).toBe(200);
      // Rendered for the shopper who asked: the warm-up cached nothing.
      expect(res.headers["x-page-cache"]).toBe("miss");
    }
  });
});

describe("pages rendered on the server by the storefront's server build", () => {
  let rendering: WebBuilds;
  let rendered: TestShop;
  beforeAll(async () => {
    rendering = writeWebBuilds({ renderer: true });
    rendered = await createTestShop({ mount: mountWebBuilds(rendering) });
  });
  afterAll(async () => {
    await rendered?.close();
    rendering?.remove();
  });
  const render = (url: string, headers: Record<string, string> = {}) =>
    rendered.app.inject({
      method: "GET",
      url,
      headers: { host: "localhost:3000", "user-agent": CHROME, ...headers },
    });
  const root = (html: string) =>
    html.match(/<div id="root"(?: data-server-rendered)?>([\s\S]*?)<\/div>\s*<\/body>/)?.[1];

  it("puts the rendered page in #root and its styles in the head, rendered with the page's first-screen data", async () => {
    const res = await render("/shop?sort=high-to-low");
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const drawnWith = (name: string) =>
      decodeURIComponent(root(html)?.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? "");
    expect(root(html)).toMatch(/^<main [^>]+>Rendered on the server<\/main>$/);
    // Marked as rendered, for the app to hydrate (it removes the mark once it has).
    expect(html).toContain('<div id="root" data-server-rendered><main ');
    expect(drawnWith("data-url")).toBe("/shop?sort=high-to-low");
    expect(drawnWith("data-origin")).toBe("http://localhost:3000");
    expect(drawnWith("data-currency")).toBe("DOP");
    expect(JSON.parse(drawnWith("data-first-screen"))).toEqual([
      ["products", "list", { sort: "high-to-low", page: 1 }],
      ["products", "facets", { sort: "high-to-low" }],
      ["exchange-rate", "USD", "DOP"],
    ]);
    const style = html.indexOf('<style data-emotion="css standin">');
    expect(style).toBeGreaterThan(-1);
    expect(style).toBeLessThan(html.indexOf("</head>"));
    // The same first-screen data goes into the page for the app, which hydrates the rendered page with it.
    expect(html).toContain('<script type="application/json" id="shop-data">');
  });

  it("renders prices in the currency of the preferred-currency cookie", async () => {
    const res = await render("/about", { cookie: "theme=dark; preferred-currency=USD" });
    expect(root(res.body)).toContain('data-currency="USD"');
    expect(root((await render("/about", { cookie: "preferred-currency=%E0%A4%A" })).body)).toContain(
      'data-currency="DOP"',
    );
  });

  it("answers a NUL in a page's path or query without a 500", async () => {
    for (const url of ["/product-details/a%00b", "/shop?searchText=lap%00top", "/blog-details/%00"]) {
      const res = await render(url);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it("renders the 404 page for an unknown route, with its status", async () => {
    const res = await render("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(root(res.body)).toContain('data-url="%2Fno-such-page"');
  });

  it("leaves a shopper's own pages (cart, checkout, account) to the app, which renders them from what the browser stores", async () => {
    for (const path of ["/cart", "/checkout", "/account", "/wishlist"]) {
      const res = await render(path);
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toBe("");
      expect(res.body).not.toContain("css standin");
    }
  });

  it("sends the page for the app to render alone when rendering fails, and logs why", async () => {
    const res = await render("/about?subject=fail");
    expect(res.statusCode).toBe(200);
    expect(root(res.body)).toBe("");
    expect(res.body).toContain(`src="${STOREFRONT_SCRIPT}"`);
  });
});

describe("Storybook", () => {
  it("is served at /storybook/ with its inline script allowed by hash, and redirects /storybook there", async () => {
    const redirect = await get("/storybook");
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe("/storybook/");
    const res = await get("/storybook/");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("<title>Storybook</title>");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain(`script-src 'self' ${STORYBOOK_INLINE_HASH};`);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com");
    const script = await get("/storybook/sb-manager/runtime.js");
    expect(script.statusCode).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=3600");
    expect((await get("/storybook/no-such-file.js")).statusCode).toBe(404);
  });
});

describe("source maps", () => {
  it("are served while developing, to read the code in the browser", async () => {
    const res = await get(`${STOREFRONT_SCRIPT}.map`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("src/main.tsx");
  });

  it("keeps source maps on disk in production", async () => {
    const production = await createTestShop({
      mount: mountWebBuilds(builds, {
        NODE_ENV: "production",
        JWT_SECRET: "p".repeat(32),
        PUBLIC_ORIGIN: "https://shop.example",
        ADMIN_HOST: "admin.shop.example",
      }),
    });
    try {
      const shopMap = await production.app.inject({
        url: `${STOREFRONT_SCRIPT}.map`,
        headers: { host: "shop.example", "user-agent": CHROME },
      });
      expect(shopMap.statusCode).toBe(404);
      expect(shopMap.body).not.toContain("mappings");
      const adminMap = await production.app.inject({
        url: `${BACKOFFICE_SCRIPT}.map`,
        headers: { host: "admin.shop.example", "user-agent": CHROME },
      });
      expect(adminMap.statusCode).toBe(404);
      const script = await production.app.inject({
        url: STOREFRONT_SCRIPT,
        headers: { host: "shop.example" },
      });
      expect(script.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe("a process without the builds", () => {
  it("says which build is missing and how to make it, and still serves /api", async () => {
    const bare = writeWebBuilds({ storybook: false });
    const empty = await createTestShop({
      mount: mountWebBuilds({
        ...bare,
        built: {
          storefrontDir: "/nonexistent/storefront",
          backofficeDir: "/nonexistent/backoffice",
          storybookDir: bare.built.storybookDir,
        },
      }),
    });
    try {
      const page = await empty.app.inject({ url: "/shop", headers: { host: "localhost" } });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain("The storefront is not built: run `pnpm build`");
      const storybook = await empty.app.inject({ url: "/storybook/", headers: { host: "localhost" } });
      expect(storybook.body).toContain("The Storybook is not built");
      const admin = await empty.app.inject({ url: "/admin/dashboard", headers: { host: "admin.localhost" } });
      expect(admin.body).toContain("The back office is not built");
      expect((await empty.app.inject({ url: "/api/health" })).statusCode).toBe(200);
    } finally {
      await empty.close();
      bare.remove();
    }
  });
});
