// The shell's behaviour: product buttons move the header's counters with the spec's toasts and survive a reload;
// the search bar and mobile menu close on route change; the contact form shows field errors, then a confirmation.
import { listMessages } from "@shop/domain/messages";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, openPage, PHONE } from "../browser.ts";
import { addedToast, newShopper, storeSession } from "../shopper/journey.ts";
import { settled, shopUrl, visit, withoutFirstScreen } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("the header's counters", () => {
  it("move when a product goes into the cart, the wishlist or the compare list, and stay after a reload", async () => {
    const { page, problems } = await visit(browser, "/shop?status=in-stock", DESK);
    const card = page.locator("main article").first();
    const title = (await card.locator("h3").textContent())!;
    await card.getByRole("button", { name: `Add To Cart: ${title}` }).click();
    // The card buys the colour its page opens on, which the toast names after the title.
    await expect.poll(() => page.getByText(addedToast(title)).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("button", { name: "Cart: 1" }).count()).toBe(1);

    await card.getByRole("button", { name: `Add ${title} to wishlist` }).click();
    await expect.poll(() => page.getByText(listMessages.wishlistAdded(title)).isVisible()).toBe(true);
    await card.getByRole("button", { name: `Add ${title} to compare` }).click();
    await expect.poll(() => page.getByText(listMessages.compareAdded(title)).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole("link", { name: "Wishlist: 1" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("link", { name: "Compare: 1" }).count()).toBe(1);

    await page.reload();
    await settled(page);
    await expect.poll(() => page.getByRole("button", { name: "Cart: 1" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("link", { name: "Wishlist: 1" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the header's panels", () => {
  it("the mobile menu closes when its link changes the route", async () => {
    const { page, problems } = await visit(browser, "/", PHONE);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await menu.waitFor();
    await menu.getByRole("link", { name: "Blog" }).click();
    await page.waitForURL(`${shopUrl()}/blog`);
    await menu.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("the search bar searches, and closes on the route change", async () => {
    const { page, problems } = await visit(browser, "/", PHONE);
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    const box = page.getByRole("combobox", { name: "Search products" });
    await box.fill("linen");
    await box.press("Enter");
    await page.waitForURL(`${shopUrl()}/search?searchText=linen`);
    await settled(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("linen");
    // The bar closes once the route has changed (an effect of the new page's commit).
    await expect.poll(() => box.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the footer", () => {
  it("offers a visitor 'Sign in' and a signed-in shopper their account", async () => {
    const { page, problems } = await visit(browser, "/about", PHONE);
    const account = page.getByRole("contentinfo").getByRole("navigation", { name: "Your account" });
    await expect(account.getByRole("link").first().textContent()).resolves.toBe("Sign in");
    const shopper = await newShopper("footer");
    await storeSession(page, shopper.session);
    await page.reload();
    await settled(page);
    const first = account.getByRole("link").first();
    await expect.poll(() => first.textContent()).toBe("My account");
    await expect(first.getAttribute("href")).resolves.toBe("/account");
    await expect(account.getByRole("link", { name: "Sign in" }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the product page's details", () => {
  it("shows no empty Tags row for a product without tags", async () => {
    const { page, problems } = await openPage(browser, DESK);
    const [product] = (await (await fetch(`${shopUrl()}/api/product/featured`)).json()) as { id: string }[];
    // The page drawn by the app from the API's answer for the product, its tags taken away.
    await withoutFirstScreen(page);
    await page.route(`**/api/product/${product!.id}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), tags: [] } });
    });
    await page.goto(`${shopUrl()}/product-details/${product!.id}`);
    await settled(page);
    const details = page.getByRole("main").locator("dl").filter({ hasText: "SKU" });
    await details.getByText("Share", { exact: true }).waitFor();
    await expect(details.locator("dt").allInnerTexts()).resolves.toEqual(["SKU", "Category", "Share"]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the contact form", () => {
  it("names what is wrong, keeps what was typed, then confirms", async () => {
    const { page, problems } = await visit(browser, "/contact", PHONE);
    await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => page.getByText("Enter your name").isVisible()).toBe(true);
    await expect(page.getByText("Enter a valid email address").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("textbox", { name: "Email" }).inputValue()).resolves.toBe("not-an-email");

    await page.getByRole("textbox", { name: "Name" }).fill("Ana Pérez");
    await page.getByRole("textbox", { name: "Email" }).fill("ana@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("Do you ship to Santiago on Saturdays?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => page.getByText(/Thank you, Ana Pérez/).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
