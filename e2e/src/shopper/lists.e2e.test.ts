// Wishlist and compare in a browser: toggles with their toasts, the header counters, their pages, and the
// wishlist's move to cart, which refuses an out-of-stock product with 'Agotado: {title}'.
import { productTypeNames } from "@shop/domain/messages";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, openPage } from "../browser.ts";
import { expectToast, headerCount, pickProduct, shopUrl, storedJson } from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

const search = (title: string) => `${shopUrl()}/shop?searchText=${encodeURIComponent(title)}`;

describe("the wishlist", () => {
  it("toggles from a card with its toasts and counter, and moves a product to the cart from its page", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(search(product.title));
    await page.getByRole("button", { name: `Add ${product.title} to wishlist` }).click();
    await expectToast(page, "success", `${product.title} added to wishlist`);
    await expect.poll(() => headerCount(page, "Wishlist")).toBe(1);
    await page.getByRole("button", { name: `Remove ${product.title} from wishlist` }).click();
    await expectToast(page, "info", `${product.title} removed from wishlist`);
    await expect.poll(() => headerCount(page, "Wishlist")).toBe(0);
    await page.getByRole("button", { name: `Add ${product.title} to wishlist` }).click();
    await expect
      .poll(() => storedJson(page, "wishlist_items"))
      .toEqual([expect.objectContaining({ id: product.id })]);

    await page.getByRole("banner").getByRole("link", { name: "Wishlist: 1" }).click();
    await page.waitForURL(`${shopUrl()}/wishlist`);
    const list = page.getByRole("list", { name: "Wishlist" });
    await list.getByRole("link", { name: product.title }).waitFor();
    await list.getByRole("button", { name: "Move to cart" }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await expectToast(page, "info", `${product.title} removed from wishlist`);
    await page.getByRole("heading", { name: "Your wishlist is empty" }).waitFor();
    await expect.poll(() => headerCount(page, "Cart")).toBe(1);
    expect(problems).toEqual([]);
  });

  it("refuses to move an out-of-stock product to the cart with 'Agotado: {title}', and keeps it", async () => {
    const soldOut = await pickProduct((p) => p.status === "out-of-stock");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(search(soldOut.title));
    await page.getByRole("button", { name: `Add ${soldOut.title} to wishlist` }).click();
    await expectToast(page, "success", `${soldOut.title} added to wishlist`);
    await page.goto(`${shopUrl()}/wishlist`);
    await page.getByRole("button", { name: "Move to cart" }).click();
    await expectToast(page, "error", `Agotado: ${soldOut.lineTitle}`);
    expect(await headerCount(page, "Cart")).toBe(0);
    await page.getByRole("button", { name: `Remove ${soldOut.title} from wishlist` }).click();
    await expectToast(page, "info", `${soldOut.title} removed from wishlist`);
    await page.getByRole("heading", { name: "Your wishlist is empty" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("moves a cart line to the wishlist, and says 'Product already in wishlist' the second time", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
    const { page } = await openPage(browser, DESK);
    await page.goto(search(product.title));
    await page.getByRole("button", { name: `Add ${product.title} to wishlist` }).click();
    await page.getByRole("button", { name: `Add To Cart: ${product.title}`, exact: true }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await page.goto(`${shopUrl()}/cart`);
    await page.getByRole("button", { name: "Save for later" }).click();
    await expectToast(page, "error", "Product already in wishlist");
    expect(await headerCount(page, "Cart")).toBe(1);
  });
});

describe("the compare list", () => {
  it("toggles with '{title} added to compare' and '{title} remove to compare', and compares side by side", async () => {
    const [first, second] = [
      await pickProduct((p) => p.status === "in-stock" && p.quantity >= 1),
      await pickProduct((p) => p.status === "in-stock" && p.quantity >= 1),
    ];
    const { page, problems } = await openPage(browser, DESK);
    for (const product of [first!, second!]) {
      await page.goto(search(product.title));
      await page.getByRole("button", { name: `Add ${product.title} to compare` }).click();
      await expectToast(page, "success", `${product.title} added to compare`);
    }
    await expect.poll(() => headerCount(page, "Compare")).toBe(2);
    await page.goto(search(first!.title));
    await page.getByRole("button", { name: `Remove ${first!.title} from compare` }).click();
    await expectToast(page, "info", `${first!.title} remove to compare`);
    await page.getByRole("button", { name: `Add ${first!.title} to compare` }).click();
    // The toggle is written to storage once its list has loaded: wait for it before leaving the page.
    await expectToast(page, "success", `${first!.title} added to compare`);
    await expect.poll(() => storedJson(page, "compare_products")).toHaveLength(2);

    await page.goto(`${shopUrl()}/compare`);
    const table = page.getByRole("table");
    await expect
      .poll(() => table.getByRole("rowheader").allInnerTexts())
      .toEqual([
        "Image",
        "Title",
        "Price",
        "Rating",
        "Status",
        "Type",
        "Brand",
        "Description",
        "Add to cart",
        "Remove",
      ]);
    expect(
      await table
        .getByRole("row", { name: /^Title/ })
        .getByRole("cell")
        .allInnerTexts(),
    ).toEqual([second!.title, first!.title]);
    expect(
      await table
        .getByRole("row", { name: /^Brand/ })
        .getByRole("cell")
        .allInnerTexts(),
    ).toEqual([second!.brand.name, first!.brand.name]);
    // The type by its name, as the menus write it, never the raw value ("electronics").
    expect(await table.getByRole("row", { name: /^Type/ }).getByRole("cell").allInnerTexts()).toEqual([
      productTypeNames[second!.productType],
      productTypeNames[first!.productType],
    ]);
    await table.getByRole("button", { name: `Add To Cart: ${second!.title}` }).click();
    await expectToast(page, "success", `1 x ${second!.lineTitle} agregado al carrito`);
    await table.getByRole("button", { name: `Remove ${second!.title} from compare` }).click();
    await expectToast(page, "info", `${second!.title} remove to compare`);
    await expect
      .poll(() =>
        table
          .getByRole("row", { name: /^Title/ })
          .getByRole("cell")
          .allInnerTexts(),
      )
      .toEqual([first!.title]);
    await expect.poll(() => headerCount(page, "Compare")).toBe(1);
    expect(problems).toEqual([]);
  });
});
