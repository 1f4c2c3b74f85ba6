// A context the pool hands a journey carries nothing of the journey before it (browser.ts, acquireContext): no cookie, no
// storage, no route, not offline (the shop's listing loads); one whose journey added a script to every page is closed.
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "./browser.ts";
import { settled, shopUrl } from "./storefront/helpers.ts";

let browser: Browser;
let pooled: BrowserContext;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("a context from the pool", () => {
  it("is handed back at the end of the journey that left things in it", async () => {
    const { page } = await openPage(browser, PHONE);
    pooled = page.context();
    await page.goto(`${shopUrl()}/shop`);
    await settled(page);
    await page.evaluate(() => {
      localStorage.setItem("left-behind", "1");
      sessionStorage.setItem("left-behind", "1");
    });
    await pooled.addCookies([{ name: "left-behind", value: "1", url: shopUrl() }]);
    await pooled.route("**/api/**", (route) => route.abort());
    await pooled.setOffline(true);
  });

  it("is handed out again with none of it", async () => {
    const { page, problems } = await openPage(browser, PHONE);
    expect(page.context()).toBe(pooled);
    await page.goto(`${shopUrl()}/shop`);
    await settled(page);
    await expect(page.getByText(/Showing \d+–\d+ of \d+ results/).isVisible()).resolves.toBe(true);
    const left = await page.evaluate(() => ({
      local: localStorage.getItem("left-behind"),
      session: sessionStorage.getItem("left-behind"),
      cookie: document.cookie.includes("left-behind"),
    }));
    expect(left).toEqual({ local: null, session: null, cookie: false });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("whose journey added a script to every page is not handed out again", async () => {
    const { page } = await openPage(browser, PHONE);
    expect(page.context()).toBe(pooled);
    await page.context().addInitScript(() => localStorage.setItem("every-page", "1"));
    await page.context().close();
    const next = await openPage(browser, PHONE);
    expect(next.page.context()).not.toBe(pooled);
  });
});
