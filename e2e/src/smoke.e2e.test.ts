// The shop started the README's way answers in a browser on both hosts.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser, openPage, PHONE, STEP_TIMEOUT_MS } from "./browser.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("the shop started the README's way", () => {
  it("serves the storefront at / with status 200 and no console error", async () => {
    const { page, problems } = await openPage(browser, PHONE);
    const response = await page.goto(inject("shopUrl"));
    expect(response?.status()).toBe(200);
    // The home page renders: its heading and the hero banner of the sample shop.
    await page.locator("main h1").first().waitFor({ state: "attached", timeout: STEP_TIMEOUT_MS });
    await expect(page.locator("main img").first().getAttribute("fetchpriority")).resolves.toBe("high");
    expect(problems).toEqual([]);
  });

  it("answers an unknown storefront route with status 404", async () => {
    const { page } = await openPage(browser, PHONE);
    const response = await page.goto(`${inject("shopUrl")}/no-such-page`);
    expect(response?.status()).toBe(404);
  });

  it("serves the back office under /admin on the admin host", async () => {
    const { page, problems } = await openPage(browser);
    const response = await page.goto(`${inject("adminUrl")}/admin/dashboard`);
    expect(response?.status()).toBe(200);
    expect(problems).toEqual([]);
  });
});
