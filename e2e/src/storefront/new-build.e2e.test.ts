// A new build deployed under an open tab. The journey's own shop serves a copy of the built front ends
// (BUILDS_DIR); "deploying" renames every storefront asset in that copy, as a new build's hashes would (the old names
// are gone), and restarts the shop on the same port and data. The tab learns of it within the build check interval
// and takes it at its next navigation; a tab that did not learn (hidden, so it did not ask) reloads when the old
// chunk it needs is gone. Either way it lands where the shopper was going, with cart, lists and session kept.
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryTokenStore, createShopClient } from "@shop/api-client";
import { BUILD_CHECK_INTERVAL_MS, BUILD_ID_PATH } from "@shop/domain/build-check";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, submitSignIn } from "../backoffice/admin.ts";
import { DESK, hydrated, journeyBrowser, openPage } from "../browser.ts";
import { REPO_ROOT, type RunningShop, startShop } from "../shop.ts";
import { addedToast, storeSession } from "../shopper/journey.ts";
import { unexpected } from "./helpers.ts";

const FRONT_ENDS = ["apps/storefront/dist", "apps/storefront/dist-ssr", "apps/backoffice/dist"];
/**
 * What a restart does to the requests in flight: refused while the shop is down, cut (reset or left empty) when it
 * stops under them, such as a picture the page was still loading.
 */
const CUT_BY_RESTART = /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|Failed to fetch/;
const STORED = ["cart_products", "wishlist_items", "compare_products", "token", "refreshToken", "userId"];

let browser: Browser;
let buildsDir: string;
let dataDir: string;
let shop: RunningShop;

const env = () => ({ BUILDS_DIR: buildsDir, STORYBOOK: "off" });

beforeAll(async () => {
  browser = await journeyBrowser();
  buildsDir = await mkdtemp(join(tmpdir(), "shop-builds-"));
  dataDir = await mkdtemp(join(tmpdir(), "shop-builds-data-"));
  for (const part of FRONT_ENDS) await cp(join(REPO_ROOT, part), join(buildsDir, part), { recursive: true });
  shop = await startShop(env(), { dataDir });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await rm(buildsDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const STOREFRONT = { client: "apps/storefront/dist", server: "apps/storefront/dist-ssr" };
const BACK_OFFICE = { client: "apps/backoffice/dist" };

/**
 * Deploys "another build" of a front end: every asset renamed (`-<tag>` before its extension) and every reference to
 * it rewritten (in the server build too), the compressed twins dropped; then the shop restarts on it. Answers the
 * new build's id, its entry script.
 */
async function deployNewBuild(tag: string, app: { client: string; server?: string }): Promise<string> {
  const client = join(buildsDir, app.client);
  const assets = (await readdir(join(client, "assets"))).filter((name) => !/\.(br|gz)$/.test(name));
  const renamed = new Map(assets.map((name) => [name, name.replace(/(\.[a-z0-9]+)$/i, `-${tag}$1`)]));
  const escaped = [...renamed.keys()]
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const names = new RegExp(`(?<![\\w-])(${escaped.join("|")})(?![\\w.-])`, "g");
  await shop.stop();
  const files = [
    ...(await filesUnder(client)),
    ...(app.server ? await filesUnder(join(buildsDir, app.server)) : []),
  ];
  for (const file of files) {
    if (/\.(br|gz)$/.test(file)) {
      await rm(file);
      continue;
    }
    if (!/\.(js|css|html|json|map)$/.test(file)) continue;
    const text = await readFile(file, "utf8");
    const rewritten = text.replace(names, (name) => renamed.get(name)!);
    if (rewritten !== text) await writeFile(file, rewritten);
  }
  for (const [from, to] of renamed) await rename(join(client, "assets", from), join(client, "assets", to));
  shop = await startShop(env(), { dataDir, port: shop.port });
  const index = await readFile(join(client, "index.html"), "utf8");
  return /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(index)![1]!;
}

const runningBuild = (page: Page) =>
  page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute("src") ?? null);

const stored = (page: Page) => page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), STORED);

/** Marks the document, so a journey can tell a reload (a new document) from a navigation inside the app. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

const navLink = (page: Page, name: string) =>
  page.getByRole("banner").getByRole("link", { name, exact: true }).first();

describe("a new build deployed while a tab is open", () => {
  it("is learned within the check interval and taken at the next navigation, keeping cart, lists and session; a hidden tab does not ask, and a chunk gone with the old build reloads it at its destination", async () => {
    const { page, problems } = await openPage(browser, DESK);
    // The page's clock in the journey's hand: time runs as usual, and runFor moves it on at once.
    await page.clock.install();
    const client = createShopClient({ baseUrl: `${shop.shopUrl}/api`, tokenStore: createMemoryTokenStore() });
    const session = await client.auth.register({
      firstName: "Ana",
      lastName: "Builds",
      email: `builds-${Date.now()}@shop.test`,
      password: "Journey123!",
    });

    await page.goto(`${shop.shopUrl}/shop?status=in-stock`);
    await hydrated(page);
    await storeSession(page, session);
    const card = page.locator("main article").first();
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: `Add To Cart: ${title}` }).click();
    // The card buys the colour its page opens on, which the toast names after the title.
    await page.getByText(addedToast(title)).waitFor();
    await card.getByRole("button", { name: `Add ${title} to wishlist` }).click();
    await card.getByRole("button", { name: `Add ${title} to compare` }).click();
    await expect.poll(() => page.getByRole("link", { name: "Compare: 1" }).count()).toBe(1);
    const kept = await stored(page);
    expect(kept.every((value) => value !== null)).toBe(true);
    const firstBuild = await runningBuild(page);
    expect(firstBuild).toMatch(/^\/assets\/index-.+\.js$/);

    // 1. Deployed while the tab is open and visible: it asks within the interval, and stays as it is meanwhile.
    await markDocument(page);
    const learned = page.waitForResponse(
      async (r) =>
        r.url() === `${shop.shopUrl}${BUILD_ID_PATH}` &&
        r.ok() &&
        ((await r.json()) as { id: string }).id !== firstBuild,
      { timeout: 60_000 },
    );
    const secondBuild = await deployNewBuild("b2", STOREFRONT);
    expect(secondBuild).not.toBe(firstBuild);
    await learned;
    expect(await sameDocument(page)).toBe(true);

    await navLink(page, "Blog").click();
    await page.waitForURL(`${shop.shopUrl}/blog`);
    await expect.poll(() => sameDocument(page).catch(() => true), { timeout: 20_000 }).toBe(false);
    await hydrated(page);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await runningBuild(page)).toBe(secondBuild);
    expect(await stored(page)).toEqual(kept);
    await expect.poll(() => page.getByRole("button", { name: "Cart: 1" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("link", { name: "Wishlist: 1" }).count()).toBe(1);

    // 2. Deployed while the tab is hidden: it does not ask, so it still runs the old build when the shopper comes
    // back and opens a page whose chunk was never loaded; that chunk is gone, and the tab reloads there.
    await page.evaluate(() =>
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" }),
    );
    await markDocument(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith(BUILD_ID_PATH)) asked.push(request.url());
    });
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 404 && response.url().includes("/assets/")) missing.push(response.url());
    });
    const thirdBuild = await deployNewBuild("b3", STOREFRONT);
    // More than a check interval of the page's time goes by at once: a visible tab would ask now.
    await page.clock.runFor(BUILD_CHECK_INTERVAL_MS + 1000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(asked).toEqual([]);
    expect(await sameDocument(page)).toBe(true);

    await navLink(page, "Shop").click();
    await page.waitForURL(`${shop.shopUrl}/shop`);
    await expect.poll(() => sameDocument(page).catch(() => true), { timeout: 20_000 }).toBe(false);
    await hydrated(page);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(missing.length).toBeGreaterThan(0);
    expect(await runningBuild(page)).toBe(thirdBuild);
    expect(await stored(page)).toEqual(kept);
    await expect.poll(() => page.getByRole("button", { name: "Cart: 1" }).count()).toBe(1);

    // Only the failed loads of the old build's chunks, and the requests cut by the restarts.
    expect(
      unexpected(problems, [
        /Failed to load resource: the server responded with a status of 404/,
        /Failed to fetch dynamically imported module/,
        CUT_BY_RESTART,
      ]),
    ).toEqual([]);
    await page.context().close();
  }, 240_000);

  it("reaches the back office too: it learns of its new build and takes it at the next navigation, even to a screen whose code it has", async () => {
    const { page, problems } = await openPage(browser, DESK);
    await submitSignIn(page, ADMIN, `${shop.adminUrl}/admin/login`);
    await page.waitForURL(`${shop.adminUrl}/admin/dashboard`);
    // Both screens' code loaded, so going back to the dashboard later needs no chunk of the old build.
    await page.getByRole("menuitem", { name: "Products" }).click();
    await page.waitForURL(`${shop.adminUrl}/admin/products`);
    await page.getByRole("columnheader").first().waitFor();
    const firstBuild = await runningBuild(page);
    expect(firstBuild).toMatch(/^\/admin\/assets\/index-.+\.js$/);
    const staffSession = () =>
      page.evaluate(() =>
        ["backoffice.token", "backoffice.refreshToken"].map((k) => localStorage.getItem(k)),
      );
    const session = await staffSession();
    expect(session.every((value) => value !== null)).toBe(true);

    await markDocument(page);
    const learned = page.waitForResponse(
      async (r) =>
        r.url() === `${shop.adminUrl}/admin${BUILD_ID_PATH}` &&
        r.ok() &&
        ((await r.json()) as { id: string }).id !== firstBuild,
      { timeout: 60_000 },
    );
    const nextBuild = await deployNewBuild("b2", BACK_OFFICE);
    await learned;
    expect(await sameDocument(page)).toBe(true);

    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.getByRole("menuitem", { name: "Dashboard" }).click();
    await page.waitForURL(`${shop.adminUrl}/admin/dashboard`);
    await expect.poll(() => sameDocument(page).catch(() => true), { timeout: 20_000 }).toBe(false);
    await page.waitForLoadState("load");
    expect(await runningBuild(page)).toBe(nextBuild);
    // Still signed in: the menu shows, not the sign-in page; and nothing of the old build was asked for.
    await page.getByRole("menuitem", { name: "Orders" }).waitFor();
    expect(page.url()).toBe(`${shop.adminUrl}/admin/dashboard`);
    expect(await staffSession()).toEqual(session);
    expect(missing).toEqual([]);
    expect(unexpected(problems, [CUT_BY_RESTART])).toEqual([]);
    await page.context().close();
  }, 180_000);
});
