// The back office on the admin host: its pages below /admin, never indexed; /admin on the shop host sends there.
import { brotliDecompressSync } from "node:zlib";
import { loadEnv } from "@shop/api/env";
import { createTestShop, type TestShop } from "@shop/api/test/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWebEnv } from "./env.ts";
import { BACKOFFICE_SCRIPT, mountWebBuilds, type WebBuilds, writeWebBuilds } from "./test/web-builds.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

let builds: WebBuilds;
let shop: TestShop;

function request(target: TestShop, url: string, host: string, headers: Record<string, string> = {}) {
  return target.app.inject({ method: "GET", url, headers: { host, "user-agent": CHROME, ...headers } });
}
const admin = (url: string, headers: Record<string, string> = {}) =>
  request(shop, url, "admin.localhost:3000", headers);
const storefront = (url: string, host = "localhost:3000") => request(shop, url, host);

beforeAll(async () => {
  builds = writeWebBuilds();
  shop = await createTestShop({ mount: mountWebBuilds(builds) });
});
afterAll(async () => {
  await shop?.close();
  builds?.remove();
});

describe("the admin host", () => {
  it("sends / to the dashboard", async () => {
    const res = await admin("/");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/admin/dashboard");
  });

  it("answers every path below /admin with the back office's page, for its own router to show", async () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/admin/dashboard",
      "/admin/products/8d0c3f4e",
      "/admin/users/edit/7",
      "/admin/BannerManagement.vue",
      "/admin/no-such-screen",
    ]) {
      const res = await admin(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"], path).toBe("no-cache");
      expect(res.body, path).toContain(`src="${BACKOFFICE_SCRIPT}"`);
      expect(res.body, path).toContain("<title>Back office</title>");
    }
  });

  it("sends the back office's CSP: scripts from the origin only, chosen images previewed from blob: URLs", async () => {
    const csp = (await admin("/admin/dashboard")).headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("connect-src 'self'");
  });

  it("serves the back office's hashed assets for a year, precompressed, and a plain 404 for a missing one", async () => {
    const res = await admin(BACKOFFICE_SCRIPT, { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('console.log("backoffice")');
    const missing = await admin("/admin/assets/index-00000000.js");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe("Not Found");
    expect((await admin("/admin/favicon.svg")).headers["cache-control"]).toBe("public, max-age=3600");
    const icon = await admin("/favicon.ico");
    expect(icon.statusCode).toBe(301);
    expect(icon.headers.location).toBe("/admin/favicon.svg");
  });

  it("is never indexed: X-Robots-Tag on every answer, the API's included, and a robots.txt that disallows all", async () => {
    const robots = await admin("/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe("User-agent: *\nDisallow: /\n");
    for (const path of [
      "/",
      "/admin/dashboard",
      BACKOFFICE_SCRIPT,
      "/robots.txt",
      "/api/health",
      "/api/product?pageSize=1",
      "/api/nope",
      "/shop",
    ]) {
      const res = await admin(path);
      expect(res.headers["x-robots-tag"], path).toBe("noindex, nofollow");
    }
  });

  it("serves nothing of the storefront: its pages, sitemap and Storybook are the shop host's", async () => {
    for (const path of ["/shop", "/sitemap.xml", "/storybook/", "/assets/index-4f2a9c1d.js"]) {
      const res = await admin(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).toBe("Not Found");
    }
  });

  it("reaches /api on its own origin, as the shop host does", async () => {
    for (const host of ["admin.localhost:3000", "localhost:3000"]) {
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/users/login",
        headers: { host },
        payload: { email: "admin@shop.test", password: "Admin123!" },
      });
      expect(res.statusCode, host).toBe(200);
      expect(res.json()).toHaveProperty("token");
    }
  });
});

describe("the shop host", () => {
  it("sends /admin/... to the admin host, keeping the scheme, port, path and query", async () => {
    const res = await storefront("/admin/products?filter=%7B%7D&page=2");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("http://admin.localhost:3000/admin/products?filter=%7B%7D&page=2");
    expect((await storefront("/admin")).headers.location).toBe("http://admin.localhost:3000/admin");
  });

  it("takes the back office's address from ADMIN_HOST, never from the request's Host header", async () => {
    for (const host of ["evil.example", "127.0.0.1:3000", "www.shop.example"]) {
      const res = await storefront("/admin/dashboard", host);
      expect(res.statusCode, host).toBe(302);
      expect(res.headers.location, host).toBe("http://admin.localhost:3000/admin/dashboard");
    }
  });

  it("leaves paths that only start like /admin to the storefront", async () => {
    expect((await storefront("/administrator")).statusCode).toBe(404);
    expect((await storefront("/administrator")).body).toContain('<div id="root"></div>');
  });

  it("adds no X-Robots-Tag to the storefront or its API", async () => {
    expect((await storefront("/")).headers["x-robots-tag"]).toBeUndefined();
    expect((await storefront("/api/health")).headers["x-robots-tag"]).toBeUndefined();
  });
});

describe("ADMIN_HOST", () => {
  it("names the admin host exactly; other admin.* names are the shop's", async () => {
    const configured = await createTestShop({
      mount: mountWebBuilds(builds, { ADMIN_HOST: "Backoffice.Shop.Example:8080" }),
    });
    try {
      const page = await request(configured, "/admin/orders", "backoffice.shop.example");
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
      const other = await request(configured, "/", "admin.shop.example");
      expect(other.statusCode).toBe(200);
      expect(other.headers["x-robots-tag"]).toBeUndefined();
      expect(other.body).toContain('<div id="root"></div>');
      const redirect = await request(configured, "/admin/orders?id=3", "shop.example:9999");
      expect(redirect.headers.location).toBe("http://backoffice.shop.example:8080/admin/orders?id=3");
    } finally {
      await configured.close();
    }
  });

  it("is checked at start, with PUBLIC_ORIGIN, each problem named", () => {
    const api = loadEnv({ DATABASE_URL: "memory:" });
    expect(
      loadWebEnv(api, { ADMIN_HOST: "https://admin.shop.example/", PUBLIC_ORIGIN: "shop.example" }).problems,
    ).toEqual([
      expect.stringMatching(/^PUBLIC_ORIGIN: must be a URL/),
      expect.stringMatching(/^ADMIN_HOST: must be a host name/),
    ]);
    const { env } = loadWebEnv(api, {
      ADMIN_HOST: "admin.shop.example:8443",
      PUBLIC_ORIGIN: "https://shop.example/x",
    });
    expect(env?.ADMIN_HOST).toBe("admin.shop.example:8443");
    expect(env?.PUBLIC_ORIGIN).toBe("https://shop.example");
    expect(env?.adminOrigin).toBe("https://admin.shop.example:8443");
  });

  it("are required with NODE_ENV=production, so no page, redirect or sitemap takes its origin from a request's Host", () => {
    const production = loadEnv({
      NODE_ENV: "production",
      DATABASE_URL: "memory:",
      JWT_SECRET: "x".repeat(32),
    });
    expect(loadWebEnv(production, {}).problems).toEqual([
      "PUBLIC_ORIGIN: is required when NODE_ENV=production",
      "ADMIN_HOST: is required when NODE_ENV=production",
    ]);
    const { env } = loadWebEnv(production, {
      PUBLIC_ORIGIN: "https://shop.example",
      ADMIN_HOST: "admin.shop.example",
    });
    expect(env?.STORYBOOK).toBe("off");
    expect(loadWebEnv(loadEnv({ DATABASE_URL: "memory:" }), {}).env?.STORYBOOK).toBe("shop");
  });

  it("keeps Storybook off the shop's origin in production, and off the admin host everywhere", () => {
    const production = loadEnv({
      NODE_ENV: "production",
      DATABASE_URL: "memory:",
      JWT_SECRET: "x".repeat(32),
    });
    const hosts = { PUBLIC_ORIGIN: "https://shop.example", ADMIN_HOST: "admin.shop.example" };
    expect(loadWebEnv(production, { ...hosts, STORYBOOK: "shop" }).problems).toEqual([
      expect.stringMatching(/^STORYBOOK: must be off or a host of its own when NODE_ENV=production/),
    ]);
    expect(loadWebEnv(production, { ...hosts, STORYBOOK: "off" }).env?.STORYBOOK).toBe("off");
    // The admin host keeps the back office's tokens: Storybook's scripts never run there, by either name.
    for (const place of ["admin", "admin.shop.example", "Admin.Shop.Example:443", "shop.example"]) {
      expect(loadWebEnv(production, { ...hosts, STORYBOOK: place }).problems, place).toEqual([
        expect.stringMatching(/^STORYBOOK: /),
      ]);
    }
    const development = loadEnv({ DATABASE_URL: "memory:" });
    expect(loadWebEnv(development, { STORYBOOK: "admin" }).problems).toEqual([
      expect.stringMatching(/^STORYBOOK: /),
    ]);
    const own = loadWebEnv(production, { ...hosts, STORYBOOK: "storybook.shop.example" }).env;
    expect([own?.STORYBOOK, own?.storybookHost]).toEqual(["host", "storybook.shop.example"]);
  });
});

describe("Storybook on a host of its own (STORYBOOK=storybook.localhost)", () => {
  it("is served there, and neither on the admin host nor on the shop's origin", async () => {
    const configured = await createTestShop({
      mount: mountWebBuilds(builds, { STORYBOOK: "storybook.localhost:3000" }),
    });
    try {
      const own = await request(configured, "/storybook/", "storybook.localhost:3000");
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain("<title>Storybook</title>");
      const root = await request(configured, "/", "storybook.localhost:3000");
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe("/storybook/");
      // Nothing of the shop or its back office on Storybook's host.
      for (const path of ["/admin/dashboard", "/shop"]) {
        expect((await request(configured, path, "storybook.localhost:3000")).statusCode, path).toBe(404);
      }
      for (const host of ["admin.localhost:3000", "localhost:3000"]) {
        for (const path of ["/storybook/", "/storybook/iframe.html", "/storybook/sb-manager/runtime.js"]) {
          const res = await request(configured, path, host);
          expect(res.statusCode, `${host}${path}`).toBe(404);
          expect(res.body, `${host}${path}`).not.toContain("Storybook");
        }
      }
    } finally {
      await configured.close();
    }
  });

  it("is served nowhere with STORYBOOK=off, production's default", async () => {
    const configured = await createTestShop({ mount: mountWebBuilds(builds, { STORYBOOK: "off" }) });
    try {
      for (const host of ["admin.localhost:3000", "localhost:3000"]) {
        expect((await request(configured, "/storybook/", host)).statusCode, host).toBe(404);
      }
    } finally {
      await configured.close();
    }
  });
});
