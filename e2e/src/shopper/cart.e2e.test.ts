// The cart in a browser: adding from a card, the quick view and a product page with the spec's toasts; stock
// limits; removal and clearing; a cart that survives a reload; a corrupted stored cart; the side panel; axe.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, hydrated, journeyBrowser, openPage, PHONE, seriousAxeViolations } from "../browser.ts";
import { unseen } from "../visibility.ts";
import {
  expectToast,
  headerCount,
  pickProduct,
  pickProductWithOptions,
  shopUrl,
  storedJson,
} from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

const searchFor = (page: Page, title: string) =>
  page.goto(`${shopUrl()}/shop?searchText=${encodeURIComponent(title)}`);

describe("adding to the cart", () => {
  it("from a product card, the quick view and the product page, each with its exact toast", async () => {
    const product = await pickProduct((p) => p.quantity >= 6 && p.status === "in-stock");
    const { page, problems } = await openPage(browser, DESK);
    await searchFor(page, product.title);

    await page.getByRole("button", { name: `Add To Cart: ${product.title}`, exact: true }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await expect.poll(() => headerCount(page, "Cart")).toBe(1);

    await page.getByRole("button", { name: `Quick view of ${product.title}`, exact: true }).click();
    const quickView = page.getByRole("dialog", { name: product.title });
    await quickView.getByRole("button", { name: "Add To Cart" }).click();
    await expectToast(page, "success", `+1 ${product.lineTitle}. Total: 2`);
    await quickView.getByRole("button", { name: "Close quick view" }).click();

    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
    await expectToast(page, "success", `+2 ${product.lineTitle}. Total: 4`);
    await expect.poll(() => headerCount(page, "Cart")).toBe(4);
    expect(await storedJson(page, "cart_products")).toEqual([
      expect.objectContaining({ id: product.id, orderQuantity: 4 }),
    ]);
    expect(problems).toEqual([]);
  });

  it("Buy Now adds the product and opens the cart", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
    const { page } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    await page.getByRole("button", { name: "Buy Now" }).click();
    await page.waitForURL(`${shopUrl()}/cart`);
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await page
      .getByRole("list", { name: "Cart lines" })
      .getByRole("link", { name: product.lineTitle })
      .waitFor();
  });
});

describe("the product page's quantity and Buy Now", () => {
  it("on a phone, a few left: says 'Only N left', then that all are chosen; the toast leaves the header's controls uncovered", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.quantity <= 5 && p.status === "in-stock");
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    const hint = page.getByRole("status").filter({ hasText: /left|chosen/ });
    await expect.poll(() => hint.textContent()).toBe(`Only ${product.quantity} left`);
    for (let n = 1; n < product.quantity; n++)
      await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect.poll(() => hint.textContent()).toBe(`You have chosen all ${product.quantity} we have`);
    await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
    await expectToast(page, "success", `${product.quantity} x ${product.lineTitle} agregado al carrito`);
    // Once the toast has slid into place (on a busy machine its slide takes a while, and passes over the header on
    // its way), the header's controls, the cart's count among them, are all in sight (visibility.ts).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) =>
            ((animation.effect as KeyframeEffect | null)?.target as Element | null)?.closest(
              ".notistack-SnackbarContainer",
            ),
          )
          .map((animation) => animation.finished),
      ),
    );
    expect(await unseen(page, "header")).toEqual([]);
    await expect.poll(() => headerCount(page, "Cart")).toBe(product.quantity);
    // In the cart, the line says the same.
    await page.goto(`${shopUrl()}/cart`);
    const line = page.getByRole("list", { name: "Cart lines" }).getByRole("listitem");
    await line.getByText(`You have chosen all ${product.quantity} we have`).waitFor();
    expect(problems).toEqual([]);
  });

  it("Add To Cart, then Buy Now: the line keeps the quantity chosen, never doubled", async () => {
    const product = await pickProduct((p) => p.quantity >= 4 && p.status === "in-stock");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await page.getByRole("button", { name: "Buy Now" }).click();
    await page.waitForURL(`${shopUrl()}/cart`);
    expect(await storedJson(page, "cart_products")).toEqual([
      expect.objectContaining({ id: product.id, orderQuantity: 1 }),
    ]);
    await expect
      .poll(() => page.getByRole("spinbutton", { name: `Quantity of ${product.lineTitle}` }).inputValue())
      .toBe("1");
    expect(problems).toEqual([]);
  });

  it("a typed quantity above the stock says 'Stock insuficiente' and stays at the stock", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.quantity <= 50 && p.status === "in-stock");
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/product-details/${product.id}`);
    const field = page.getByRole("spinbutton", { name: "Quantity" });
    await field.fill(String(product.quantity + 100));
    await expectToast(page, "error", `Stock insuficiente. Disponible: ${product.quantity}`);
    await field.blur();
    await expect.poll(() => field.inputValue()).toBe(String(product.quantity));
    expect(problems).toEqual([]);
  });
});

describe("the cart page", () => {
  it("refuses more than the stock, decrements to removal, clears, and survives a reload", async () => {
    const scarce = await pickProduct((p) => p.quantity >= 2 && p.quantity <= 5 && p.status === "in-stock");
    const other = await pickProduct((p) => p.quantity >= 3 && p.status === "in-stock");
    const { page, problems } = await openPage(browser, DESK);
    await searchFor(page, scarce.title);
    await page.getByRole("button", { name: `Add To Cart: ${scarce.title}`, exact: true }).click();
    await expectToast(page, "success", `1 x ${scarce.lineTitle} agregado al carrito`);
    await searchFor(page, other.title);
    await page.getByRole("button", { name: `Add To Cart: ${other.title}`, exact: true }).click();
    await expectToast(page, "success", `1 x ${other.lineTitle} agregado al carrito`);

    await page.goto(`${shopUrl()}/cart`);
    const quantity = page.getByRole("spinbutton", { name: `Quantity of ${scarce.lineTitle}` });
    await quantity.fill(String(scarce.quantity));
    await quantity.press("Enter");
    await expectToast(page, "success", `Cantidad actualizada: ${scarce.quantity} x ${scarce.lineTitle}`);
    await page.getByRole("button", { name: `Increase quantity of ${scarce.lineTitle}` }).click();
    await expectToast(page, "error", `Stock insuficiente. Disponible: ${scarce.quantity}`);
    await expect(quantity.inputValue()).resolves.toBe(String(scarce.quantity));

    await page.getByRole("button", { name: `Increase quantity of ${other.lineTitle}` }).click();
    await expectToast(page, "success", `Cantidad incrementada para ${other.lineTitle}`);
    await page.getByRole("button", { name: `Decrease quantity of ${other.lineTitle}` }).click();
    await expectToast(page, "success", `Cantidad decrementada para ${other.lineTitle}`);
    await page.getByRole("button", { name: `Decrease quantity of ${other.lineTitle}` }).click();
    await expectToast(page, "error", `${other.lineTitle} removido del carrito`);
    await expect.poll(() => page.getByRole("link", { name: other.lineTitle, exact: true }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => quantity.inputValue()).toBe(String(scarce.quantity));
    await expect.poll(() => headerCount(page, "Cart")).toBe(scarce.quantity);

    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Clear cart" }).click();
    await expectToast(page, "info", "Carrito vaciado");
    await page.getByRole("heading", { name: "Your cart is empty" }).waitFor();
    await expect(page.getByRole("link", { name: "Go to the shop" }).getAttribute("href")).resolves.toBe(
      "/shop",
    );
    expect(await storedJson(page, "cart_products")).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("resets a corrupted cart_products to an empty cart without breaking the page", async () => {
    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    for (const corrupted of [
      "{not json",
      JSON.stringify([{ id: "x", title: "X", price: 1, quantity: 1, orderQuantity: -3 }]),
    ]) {
      await page.evaluate((raw) => localStorage.setItem("cart_products", raw), corrupted);
      await page.goto(`${shopUrl()}/cart`);
      await page.getByRole("heading", { name: "Your cart is empty" }).waitFor();
      expect(await headerCount(page, "Cart")).toBe(0);
    }
    expect(problems).toEqual([]);
  });

  it("asks for a size on a line stored before sizes, and the line becomes the size chosen", async () => {
    const shoe = await pickProductWithOptions(
      (p) =>
        p.options.some((o) => o.name === "Size") &&
        p.variants.length > 2 &&
        p.variants.some((v) => v.quantity === 0) &&
        p.variants.filter((v) => v.quantity >= 2).length >= 1,
    );
    const chosen = shoe.variants.find((v) => v.quantity >= 2)!;
    const soldOut = shoe.variants.find((v) => v.quantity === 0)!;
    const name = (v: typeof chosen) =>
      shoe.options
        .map((o) => v.options[o.name])
        .filter(Boolean)
        .join(" / ");
    // The line as a cart saved before variants kept it: the product, no variant.
    const { variants: _variants, options: _options, reviews: _reviews, ...legacy } = shoe;
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${shopUrl()}/`);
    await page.evaluate(
      (raw) => localStorage.setItem("cart_products", raw),
      JSON.stringify([{ ...legacy, orderQuantity: 2 }]),
    );
    await page.goto(`${shopUrl()}/cart`);
    const choice = page.getByRole("combobox", { name: `Elige una talla: ${shoe.title}` });
    await choice.waitFor();
    await expect(
      choice.getByRole("option", { name: `${name(soldOut)} (agotado)` }).isDisabled(),
    ).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await choice.selectOption(chosen.id);
    const title = `${shoe.title} — ${name(chosen)}`;
    await expectToast(page, "success", `Cantidad actualizada: 2 x ${title}`);
    await page.getByRole("list", { name: "Cart lines" }).getByRole("link", { name: title }).waitFor();
    await expect(choice.count()).resolves.toBe(0);
    expect(await storedJson(page, "cart_products")).toEqual([
      expect.objectContaining({ id: shoe.id, variantId: chosen.id, orderQuantity: 2 }),
    ]);
    expect(problems).toEqual([]);
  });

  it("keeps two tabs in step", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock");
    const context = await browser.newContext(DESK);
    const [first, second] = [await context.newPage(), await context.newPage()];
    await first.goto(`${shopUrl()}/shop?searchText=${encodeURIComponent(product.title)}`);
    await hydrated(first);
    await second.goto(`${shopUrl()}/cart`);
    await second.getByRole("heading", { name: "Your cart is empty" }).waitFor();
    await first.getByRole("button", { name: `Add To Cart: ${product.title}`, exact: true }).click();
    await second.getByRole("link", { name: product.lineTitle, exact: true }).waitFor();
    expect(await headerCount(second, "Cart")).toBe(1);
    await context.close();
  });
});

describe("the cart side panel", () => {
  it("opens from the header with the lines, a coupon the server checks, totals and the ways on", async () => {
    const product = await pickProduct((p) => p.quantity >= 2 && p.status === "in-stock" && p.price >= 35);
    const { page, problems } = await openPage(browser, DESK);
    await searchFor(page, product.title);
    await page.getByRole("button", { name: `Add To Cart: ${product.title}`, exact: true }).click();
    await expectToast(page, "success", `1 x ${product.lineTitle} agregado al carrito`);
    await page.getByRole("button", { name: "Cart: 1" }).click();
    const panel = page.getByRole("dialog", { name: "Cart (1)" });
    await panel.getByRole("link", { name: product.lineTitle, exact: true }).waitFor();

    await panel.getByLabel("Coupon code").fill("NOSUCHCODE");
    await panel.getByRole("button", { name: "Apply" }).click();
    await panel.getByText("Coupon NOSUCHCODE does not exist").waitFor();
    await panel.getByLabel("Coupon code").fill("save5");
    await panel.getByRole("button", { name: "Apply" }).click();
    // In the shopper's currency, as every other amount beside it.
    await panel.getByText(/^Coupon SAVE5 applied: RD\$[\d,]+\.\d\d off$/).waitFor();
    expect(await panel.textContent()).not.toContain("US$");
    const totals = panel.getByRole("definition");
    await expect
      .poll(async () => (await totals.allInnerTexts()).join(" | "))
      .toMatch(/^RD\$[\d,]+\.\d\d \| -RD\$[\d,]+\.\d\d \| RD\$[\d,]+\.\d\d$/);
    // Prices include ITBIS, and the total says so.
    await panel.getByText("ITBIS incluido", { exact: true }).waitFor();

    await panel.getByRole("link", { name: "Checkout" }).click();
    await page.waitForURL(`${shopUrl()}/checkout`);
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });
});
