// The built shop served by the one process, seen by Chromium on both hosts: pages load under the CSP with no
// violation or console error, the CSP still blocks what it should, the back office lives on admin.localhost.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ADMIN, adminPath, submitSignIn } from "../backoffice/admin.ts";
import { DESK, journeyBrowser, openPage, PHONE, STEP_TIMEOUT_MS } from "../browser.ts";
import { REPO_ROOT } from "../shop.ts";
import { recordCspViolations } from "./violations.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

const shopUrl = () => inject("shopUrl");
const adminUrl = () => inject("adminUrl");

async function firstId(path: string): Promise<string> {
  const res = await fetch(`${shopUrl()}/api${path}`);
  expect(res.status, path).toBe(200);
  const [first] = (await res.json()) as { id: string }[];
  expect(first, path).toBeDefined();
  return first!.id;
}

/** Opens a URL in a fresh context that records console errors and CSP violations. */
async function visit(url: string, device = PHONE) {
  const { page, problems } = await openPage(browser, device);
  const violations = await recordCspViolations(page);
  const response = await page.goto(url, { waitUntil: "networkidle" });
  return { page, problems, violations, response };
}

describe("the storefront under its CSP", () => {
  it("loads home, the listing, a product, a blog post and a plain page with no violation or console error", async () => {
    const product = await firstId("/product?pageSize=1");
    const post = await firstId("/blog?pageSize=1");
    for (const path of [
      "/",
      "/shop?category=headphones&sort=low-to-high",
      `/product-details/${product}`,
      `/blog-details/${post}`,
      "/about",
    ]) {
      const { page, problems, violations, response } = await visit(`${shopUrl()}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self'");
      await expect.poll(() => page.locator("#root").innerHTML(), { message: path }).not.toBe("");
      expect(violations, path).toEqual([]);
      expect(problems, path).toEqual([]);
      await page.context().close();
    }
  });

  it("writes the product's head tags and JSON-LD where the browser reads them", async () => {
    const id = await firstId("/product?pageSize=1");
    const product = (await (await fetch(`${shopUrl()}/api/product/${id}`)).json()) as {
      title: string;
      sku: string;
    };
    const { page, violations } = await visit(`${shopUrl()}/product-details/${id}`);
    const data = await page.evaluate(() =>
      [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? ""),
      ),
    );
    expect(data).toEqual([
      expect.objectContaining({ "@type": "Product", name: product.title, sku: product.sku }),
    ]);
    await expect(page.locator('link[rel="canonical"]').getAttribute("href")).resolves.toBe(
      `${shopUrl()}/product-details/${id}`,
    );
    await expect(page.locator('meta[property="og:title"]').getAttribute("content")).resolves.toBe(
      `${product.title} | The shop`,
    );
    // The JSON-LD is a data block: the script policy does not apply to it.
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("lets run-time styles and the YouTube player in, and keeps inline scripts and other frames out", async () => {
    const { page, violations } = await visit(`${shopUrl()}/`);
    await page
      .context()
      .route("https://www.youtube-nocookie.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<p>player</p>" }),
      );
    await page.context().route("https://frames.example/**", (route) => route.fulfill({ body: "frame" }));
    const ran = await page.evaluate(async () => {
      const style = document.createElement("style");
      style.textContent = ".emotion-like { color: rgb(1, 2, 3); }";
      document.head.append(style);
      const probe = document.createElement("p");
      probe.className = "emotion-like";
      document.body.append(probe);
      const styled = getComputedStyle(probe).color;
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true;";
      document.head.append(script);
      for (const src of ["https://www.youtube-nocookie.com/embed/abc123", "https://frames.example/"]) {
        const frame = document.createElement("iframe");
        frame.src = src;
        document.body.append(frame);
      }
      // biome-ignore lint/suspicious/noExplicitAny: probing a global the blocked script would set
      return { styled, inlineRan: (window as any).__inlineRan === true };
    });
    expect(ran).toEqual({ styled: "rgb(1, 2, 3)", inlineRan: false });
    // The allowed player loads; the browser reports the two refusals as they happen.
    await page.frameLocator('iframe[src^="https://www.youtube-nocookie.com/"]').getByText("player").waitFor();
    await expect
      .poll(() => violations.map((v) => v.directive).sort())
      .toEqual(["frame-src", "script-src-elem"]);
    expect(violations.find((v) => v.directive === "frame-src")?.blocked).toBe("https://frames.example");
    await page.context().close();
  });

  it("answers an unknown route 404 with the app, under the same CSP", async () => {
    const { page, problems, violations, response } = await visit(`${shopUrl()}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.locator("#root").innerHTML()).not.toBe("");
    expect(violations).toEqual([]);
    // Chromium reports the document's own 404 status; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("status of 404") || !p.includes("/no-such-page"))).toEqual([]);
    await page.context().close();
  });
});

describe("hashed assets over HTTP", () => {
  it("sends the real build's entry script precompressed and cached for a year; the page revalidated, a minute in a CDN", async () => {
    const page = await fetch(`${shopUrl()}/`);
    expect(page.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    expect(page.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(page.headers.get("etag")).toMatch(/^".+"$/);
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(
      await page.text(),
    )?.[1];
    expect(entry).toBeDefined();
    for (const encoding of ["br", "gzip"]) {
      const res = await fetch(`${shopUrl()}${entry}`, { headers: { "accept-encoding": encoding } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await res.text()).length).toBeGreaterThan(0);
    }
    const again = await fetch(`${shopUrl()}/`, { headers: { "if-none-match": page.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });
});

describe("the back office on admin.localhost", () => {
  it("loads its page with no violation or console error, never indexed", async () => {
    const { page, problems, violations, response } = await visit(`${adminUrl()}/admin/dashboard`, DESK);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    // Signed out, the app's router moves on to its sign-in page.
    await page
      .getByLabel(/password/i)
      .first()
      .waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("signs an admin in and shows the dashboard, its API client and charts under the CSP", async () => {
    const { page, problems } = await openPage(browser, DESK);
    const violations = await recordCspViolations(page);
    await submitSignIn(page, ADMIN);
    await page.waitForURL(adminPath("/dashboard"));
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("is where /admin on the shop host and / on the admin host lead", async () => {
    // The server's redirects, followed by the browser; the app's own router may then show its sign-in page.
    const fromShop = await visit(`${shopUrl()}/admin/products`, DESK);
    expect(fromShop.response?.url()).toBe(`${adminUrl()}/admin/products`);
    expect(fromShop.response?.request().redirectedFrom()?.url()).toBe(`${shopUrl()}/admin/products`);
    expect(fromShop.response?.status()).toBe(200);
    await fromShop.page.context().close();
    const fromRoot = await visit(`${adminUrl()}/`, DESK);
    expect(fromRoot.response?.url()).toBe(`${adminUrl()}/admin/dashboard`);
    await fromRoot.page.context().close();
  });
});

describe("Storybook at /storybook/", () => {
  it("is built, by @shop/ui's build, which the journeys' build includes: its absence fails the run", () => {
    expect(existsSync(join(REPO_ROOT, "packages/ui/storybook-static/index.html"))).toBe(true);
  });

  it("loads the manager and a story frame with no violation or console error", async () => {
    const { page, problems, violations, response } = await visit(`${shopUrl()}/storybook/`, DESK);
    expect(response?.status()).toBe(200);
    const frame = page.frameLocator("#storybook-preview-iframe");
    await expect(frame.locator("body").count()).resolves.toBe(1);
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("renders a story on its own page with no violation or console error", async () => {
    const index = (await (await fetch(`${shopUrl()}/storybook/index.json`)).json()) as {
      entries: Record<string, { id: string; type: string }>;
    };
    const story = Object.values(index.entries).find((entry) => entry.type === "story");
    expect(story).toBeDefined();
    const { page, problems, violations } = await visit(
      `${shopUrl()}/storybook/iframe.html?id=${story!.id}&viewMode=story`,
      DESK,
    );
    await page.locator("#storybook-root > *").first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
