// The dashboard on a desk: the cards of one row are as tall as each other, and signing out asks the API for nothing.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser } from "../browser.ts";
import { adminPath, adminSession } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("the dashboard", () => {
  it("lines up its cards: those on one row are the same height", async () => {
    const { page, problems } = await adminPage("/dashboard");
    await page.getByRole("img", { name: /sales per day/i }).waitFor();
    await page.waitForLoadState("networkidle");
    const rows = await page.evaluate(() => {
      const byTop = new Map<number, number[]>();
      for (const card of document.querySelectorAll("#main-content .MuiCard-root")) {
        const box = card.getBoundingClientRect();
        const top = Math.round(box.top);
        byTop.set(top, [...(byTop.get(top) ?? []), Math.round(box.height)]);
      }
      return [...byTop.values()].filter((heights) => heights.length > 1);
    });
    // Figures, then the chart beside the notifications, then the latest orders beside the reviews.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const heights of rows) expect(new Set(heights).size, JSON.stringify(rows)).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("sends nothing to the API once the admin signs out, so nothing is refused", async () => {
    const { page, problems } = await adminPage("/dashboard", { clock: true });
    await page.getByRole("img", { name: /sales per day/i }).waitFor();
    await page.waitForLoadState("networkidle");
    const afterSignOut: string[] = [];
    let signedOut = false;
    page.on("request", (request) => {
      const url = new URL(request.url());
      // The sign-out call itself is the one request that belongs to it.
      if (signedOut && url.pathname.startsWith("/api/") && url.pathname !== "/api/users/logout") {
        afterSignOut.push(`${request.method()} ${url.pathname}`);
      }
    });
    await page.getByRole("button", { name: "Ana Admin" }).click();
    signedOut = true;
    await page.getByRole("menuitem", { name: /logout/i }).click();
    await page.waitForURL(adminPath("/login"));
    await page.getByRole("button", { name: /sign in/i }).waitFor();
    // A second of the page's time goes by at once: whatever it had waiting to send would go now.
    await page.clock.runFor(1000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(afterSignOut).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
