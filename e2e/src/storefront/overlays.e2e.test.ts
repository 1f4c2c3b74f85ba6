// The quick view and the video overlay open, keep keyboard focus inside, close on Esc and give focus back.

import type { Product } from "@shop/domain/schemas/public";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, apiJson, apiLogin } from "../backoffice/admin.ts";
import { DESK, journeyBrowser, PHONE } from "../browser.ts";
import { visit } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** Whether the focused element is inside the open dialog. */
const focusInDialog = (page: Page) =>
  page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

/** Focus is inside the dialog after a key: MUI's trap brings back, within 50 ms, a focus that fell to the body. */
const expectFocusInDialog = (page: Page) =>
  expect.poll(() => focusInDialog(page), { timeout: 2000 }).toBe(true);

async function expectFocusTrapped(page: Page) {
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    await expectFocusInDialog(page);
  }
  await page.keyboard.press("Shift+Tab");
  await expectFocusInDialog(page);
}

describe("the quick view", () => {
  it("opens from a product card, traps focus, closes on Esc and returns focus to its button", async () => {
    const { page, problems } = await visit(browser, "/shop", PHONE);
    const opener = page.getByRole("button", { name: /^Quick view of / }).first();
    const name = (await opener.getAttribute("aria-label"))!.replace("Quick view of ", "");
    await opener.click();
    const dialog = page.getByRole("dialog", { name });
    await dialog.waitFor();
    await expect(dialog.getByRole("button", { name: /Add To Cart|Out of stock/ }).count()).resolves.toBe(1);
    await expectFocusTrapped(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the video overlay", () => {
  // The sample shop names no video (none of its products has a real one): an admin gives a featured product one,
  // for this journey only. The player itself is answered here (below), so the id need only be well formed.
  let featured: Product;
  let admin: Record<string, string>;
  const setVideo = (videoId: string | null) =>
    apiJson<Product>(`/product/${featured.id}`, {
      method: "PUT",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({ ...featured, videoId }),
    });
  beforeAll(async () => {
    admin = (await apiLogin(ADMIN)).headers;
    featured = (await apiJson<Product[]>("/product/featured"))[0]!;
    await setVideo("M7lc1UVf-VE");
  });
  afterAll(() => setVideo(featured.videoId));

  it("opens full screen with the privacy-enhanced player, traps focus, closes on Esc and returns focus", async () => {
    const { page, problems } = await visit(browser, "/product-details-video", DESK);
    // The player is someone else's page: answered here so the journey needs no network.
    await page.route("https://www.youtube-nocookie.com/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>player</title><button>Play</button>",
      }),
    );
    const opener = page.getByRole("button", { name: "Watch the video" });
    await opener.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const src = await dialog.locator("iframe").getAttribute("src");
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]+/);
    // Tabbing waits for the player, so focus is not taken away while its page loads.
    await dialog.frameLocator("iframe").getByRole("button", { name: "Play" }).waitFor();
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(DESK.viewport!.width);
    await dialog.getByRole("button", { name: "Close video" }).focus();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      await expectFocusInDialog(page);
    }
    await dialog.getByRole("button", { name: "Close video" }).focus();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
