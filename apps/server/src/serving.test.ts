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
  standinDraws,
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
  it("answers a known route 200 with the app: revalidated by browsers, kept a minute by a shared cache per currency", async () => {
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

describe("drawn pages kept in memory (PAGE_CACHE_MB), on render threads (RENDER_THREADS)", () => {
  let drawing: WebBuilds;
  let kept: TestShop;
  let admin: Record<string, string>;
  beforeAll(async () => {
    drawing = writeWebBuilds({ renderer: true });
    kept = await createTestShop({
      mount: mountWebBuilds(drawing, { PAGE_CACHE_MB: "8", RENDER_THREADS: "1" }),
    });
    admin = (await login(kept.app, "admin")).headers;
  });
  afterAll(async () => {
    await kept?.close();
    drawing?.remove();
  });
  const page = (url: string, headers: Record<string, string> = {}) =>
    kept.app.inject({
      method: "GET",
      url,
      headers: { host: "localhost:3000", "user-agent": CHROME, ...headers },
    });

  it("draws a page once on a render thread, then sends it kept, per currency", async () => {
    const first = await page("/about?kept=1");
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.body).toContain("Drawn on the server");
    const again = await page("/about?kept=1");
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.body).toBe(first.body);
    const dollars = await page("/about?kept=1", { cookie: "preferred-currency=USD" });
    expect(dollars.headers["x-page-cache"]).toBe("miss");
    expect(dollars.body).toContain('data-currency="USD"');
    expect((await page("/about?kept=1")).body).toContain('data-currency="DOP"');
  });

  it("sends its compressed forms, made once, that decompress to the same page", async () => {
    const plain = await page("/about?compressed=1");
    const br = await page("/about?compressed=1", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await page("/about?compressed=1", { "accept-encoding": "gzip" });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("drops every kept page as soon as staff change what pages show", async () => {
    await page("/coupons");
    expect((await page("/coupons")).headers["x-page-cache"]).toBe("hit");
    const banner = await kept.app.inject({
      method: "POST",
      url: "/api/banners",
      headers: admin,
      payload: {
        title: "Kept pages go",
        position: "home-hero",
        active: true,
        img: "/api/images/banner/k.svg",
      },
    });
    expect(banner.statusCode, banner.body).toBe(201);
    expect((await page("/coupons")).headers["x-page-cache"]).toBe("miss");
  });

  it("drops every kept page the moment a scheduled banner starts, with nobody writing then", async () => {
    // Time enough for the banner's own write to be heard (on PostgreSQL, through NOTIFY) on a busy machine.
    const startsAt = Date.now() + 4000;
    const banner = await kept.app.inject({
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
    // Kept once the write has been heard: asked until it answers from memory, well before the start.
    let state: unknown;
    while (state !== "hit" && Date.now() < startsAt - 1000) {
      state = (await page("/coupons?scheduled=1")).headers["x-page-cache"];
      if (state !== "hit") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, startsAt - Date.now()) + 50));
    expect((await page("/coupons?scheduled=1")).headers["x-page-cache"]).toBe("miss");
    expect((await page("/coupons?scheduled=1")).headers["x-page-cache"]).toBe("hit");
  });

  it("keeps a shopper's own pages out of shared caches", async () => {
    const cart = await page("/cart");
    expect(cart.statusCode).toBe(200);
    expect(cart.headers["cache-control"]).toBe("no-cache");
    expect(cart.body).toContain('<div id="root"></div>');
  });
});

describe("a process that starts listening", () => {
  let drawing: WebBuilds;
  let started: TestShop;
  beforeAll(async () => {
    drawing = writeWebBuilds({ renderer: true });
    started = await createTestShop({ mount: mountWebBuilds(drawing, { PAGE_CACHE_MB: "8" }) });
  });
  afterAll(async () => {
    await started?.close();
    drawing?.remove();
  });

  it("draws the home and the shop once it listens, and keeps neither; an app asked only in process draws nothing", async () => {
    const before = standinDraws().length;
    await started.app.ready();
    expect(standinDraws().slice(before)).toEqual([]);
    await started.app.listen({ port: 0, host: "127.0.0.1" });
    // The warm-up draws in the background: on a busy machine it may take longer than vi.waitFor's second.
    await vi.waitFor(() => expect(new Set(standinDraws().slice(before))).toEqual(new Set(WARM_PAGES)), {
      timeout: 30_000,
    });
    for (const url of WARM_PAGES) {
      const res = await started.app.inject({
        method: "GET",
        url,
        headers: { host: "localhost:3000", "user-agent": CHROME },
      });
      expect(res.statusCode).toBe(200);
      // Drawn for the shopper who asked: the warm-up kept nothing.
      expect(res.headers["x-page-cache"]).toBe("miss");
    }
  });
});

describe("pages drawn on the server by the storefront's server build", () => {
  let drawing: WebBuilds;
  let drawn: TestShop;
  beforeAll(async () => {
    drawing = writeWebBuilds({ renderer: true });
    drawn = await createTestShop({ mount: mountWebBuilds(drawing) });
  });
  afterAll(async () => {
    await drawn?.close();
    drawing?.remove();
  });
  const draw = (url: string, headers: Record<string, string> = {}) =>
    drawn.app.inject({
      method: "GET",
      url,
      headers: { host: "localhost:3000", "user-agent": CHROME, ...headers },
    });
  const root = (html: string) =>
    html.match(/<div id="root"(?: data-server-rendered)?>([\s\S]*?)<\/div>\s*<\/body>/)?.[1];

  it("puts the drawn page in #root and its styles in the head, drawn with the page's first-screen data", async () => {
    const res = await draw("/shop?sort=high-to-low");
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const drawnWith = (name: string) =>
      decodeURIComponent(root(html)?.match(new RegExp(`${name}="([^"]*)"`))?.[1] ?? "");
    expect(root(html)).toMatch(/^<main [^>]+>Drawn on the server<\/main>$/);
    // Marked as drawn, for the app to take over (it removes the mark once it has).
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
    // The same first-screen data goes into the page for the app, which takes the drawn page over with it.
    expect(html).toContain('<script type="application/json" id="shop-data">');
  });

  it("draws prices in the currency of the preferred-currency cookie", async () => {
    const res = await draw("/about", { cookie: "theme=dark; preferred-currency=USD" });
    expect(root(res.body)).toContain('data-currency="USD"');
    expect(root((await draw("/about", { cookie: "preferred-currency=%E0%A4%A" })).body)).toContain(
      'data-currency="DOP"',
    );
  });

  it("draws the 404 page for an unknown route, with its status", async () => {
    const res = await draw("/no-such-page");
    expect(res.statusCode).toBe(404);
    expect(root(res.body)).toContain('data-url="%2Fno-such-page"');
  });

  it("leaves a shopper's own pages (cart, checkout, account) to the app, which draws them from what the browser keeps", async () => {
    for (const path of ["/cart", "/checkout", "/account", "/wishlist"]) {
      const res = await draw(path);
      expect(res.statusCode).toBe(200);
      expect(root(res.body)).toBe("");
      expect(res.body).not.toContain("css standin");
    }
  });

  it("sends the page for the app to draw alone when drawing fails, and logs why", async () => {
    const res = await draw("/about?fail");
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
