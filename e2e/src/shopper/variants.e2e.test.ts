// Sizes and colours in a browser: the product page asks for a size, a colour and a size chosen are in the URL and in
// the page the server draws, the variant goes to the cart as its own line, and the cart, checkout, the order page and
// the order the API holds all name it. A sold-out combination says so, offers to notify, and cannot be bought.
import { ApiError } from "@shop/api-client";
import type { Product } from "@shop/domain/schemas/public";
import { optionSlug } from "@shop/domain/variants";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, openPage } from "../browser.ts";
import {
  expectToast,
  newShopper,
  pickProductWithOptions,
  shopUrl,
  storedJson,
  storeSession,
} from "./journey.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

type Variant = Product["variants"][number];

/** A product with colours and sizes, one variant in stock and, in the same colour, one sold out. */
function fits(product: Product): boolean {
  return pairOf(product) !== null;
}

function pairOf(product: Product): { inStock: Variant; soldOut: Variant } | null {
  const names = product.options.map((o) => o.name);
  if (!names.includes("Color") || !names.includes("Size")) return null;
  for (const inStock of product.variants.filter((v) => v.quantity >= 2)) {
    const soldOut = product.variants.find(
      (v) =>
        v.quantity === 0 &&
        v.options.Color === inStock.options.Color &&
        v.options.Size !== inStock.options.Size,
    );
    if (soldOut) return { inStock, soldOut };
  }
  return null;
}

/** Chooses a value the way a shopper does: on its swatch or box (the radio itself is drawn hidden). */
async function choose(page: Page, group: string, value: string) {
  await page
    .getByRole("group", { name: new RegExp(`^${group}`) })
    .locator(`label[title^="${value}"]`)
    .click();
}

describe("choosing a colour and a size", () => {
  it("asks for a size, keeps the choice in the URL, and the cart, checkout and the order name the variant", async () => {
    const product = await pickProductWithOptions(fits);
    const { inStock, soldOut } = pairOf(product)!;
    const colour = inStock.options.Color!;
    const size = inStock.options.Size!;
    const named = `${product.title} — ${colour} / ${size}`;
    const shopper = await newShopper("variants");
    await shopper.client.addresses.add({
      streetAddress: "Calle El Conde 12",
      country: "DO",
      phone: "8095550133",
    });

    const { page, problems } = await openPage(browser, DESK);
    await page.goto(`${shopUrl()}/`);
    await storeSession(page, shopper.session);
    await page.goto(`${shopUrl()}/product-details/${product.id}`);

    // No size chosen: both buttons ask for one, and pressing one says so beside the sizes.
    const addToCart = page.getByRole("button", { name: "Choose a size" }).first();
    await expect.poll(() => page.getByRole("button", { name: "Choose a size" }).count()).toBe(2);
    await addToCart.click();
    await page.getByRole("alert").filter({ hasText: "Choose a size" }).waitFor();
    expect(await storedJson(page, "cart_products")).toBeNull();

    // A colour and a size: the URL holds them, the SKU and stock follow the variant.
    await choose(page, "Color", colour);
    await choose(page, "Size", size);
    await page.waitForURL(
      `${shopUrl()}/product-details/${product.id}?color=${optionSlug(colour)}&size=${optionSlug(size)}`,
    );
    await page.getByRole("definition").filter({ hasText: inStock.sku }).waitFor();
    expect(await page.getByRole("radio", { name: size, exact: true }).isChecked()).toBe(true);

    // The same link drawn by the server shows the same variant before any script runs: its SKU, its size chosen.
    const drawn = await (await page.request.get(page.url())).text();
    expect(drawn).toContain(`<dt>SKU</dt><dd>${inStock.sku}</dd>`);
    expect(drawn).toMatch(
      new RegExp(`<input[^>]*aria-label="${size}"[^>]*checked=""[^>]*value="${optionSlug(size)}"`),
    );

    await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
    await expectToast(page, "success", `1 x ${named} agregado al carrito`);

    // The sold-out size of that colour: said so, cannot be added, and the notify-me form is offered.
    await choose(page, "Size", soldOut.options.Size!);
    await page.getByRole("radio", { name: `${soldOut.options.Size}, sold out`, exact: true }).waitFor();
    // The product's own status, under its title (cards further down say theirs).
    await page.locator("h1 + div").getByText("Out of stock", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Add To Cart", exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Buy Now", exact: true }).isDisabled()).toBe(true);
    await page.getByRole("form", { name: "Notify me when it's back" }).waitFor();
    await expect.poll(() => page.getByLabel("E-mail").inputValue()).toBe(shopper.email);
    await page.getByRole("button", { name: "Notify me when it's back" }).click();
    await page
      .getByRole("status")
      .filter({
        hasText: `We will e-mail ${shopper.email} once ${colour} / ${soldOut.options.Size} is back in stock.`,
      })
      .waitFor();

    // The cart holds the one variant, named.
    expect(await storedJson(page, "cart_products")).toEqual([
      expect.objectContaining({ id: product.id, variantId: inStock.id, orderQuantity: 1 }),
    ]);
    await page.goto(`${shopUrl()}/cart`);
    const line = page.getByRole("list", { name: "Cart lines" }).getByRole("listitem");
    await expect.poll(() => line.count()).toBe(1);
    await line.getByText(`Color: ${colour} · Size: ${size}`).waitFor();
    await line.getByRole("button", { name: `Remove ${named}` }).waitFor();

    // Checkout names it, and the order placed is that variant's.
    await page.goto(`${shopUrl()}/checkout`);
    const summary = page.getByRole("list", { name: "Items in the order" });
    await summary.getByText(`Color: ${colour} · Size: ${size}`).waitFor();
    await page.getByRole("radio", { name: /Calle El Conde 12/ }).waitFor();
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/order\?id=/);
    await page.getByText(`Color: ${colour} · Size: ${size}`).waitFor();
    const [order] = (await shopper.client.orders.list()).items;
    expect(order?.items).toEqual([
      expect.objectContaining({
        productId: product.id,
        variantId: inStock.id,
        sku: inStock.sku,
        color: colour,
        size,
        quantity: 1,
      }),
    ]);
    expect(problems).toEqual([]);
  });

  it("refuses to sell a sold-out combination, whatever the browser sends", async () => {
    const product = await pickProductWithOptions(fits);
    const { soldOut } = pairOf(product)!;
    const shopper = await newShopper("soldout");
    const address = await shopper.client.addresses.add({
      streetAddress: "Calle Las Damas 3",
      country: "DO",
      phone: "8095550134",
    });
    const [method] = (await shopper.client.shipping.list()).items;
    const refusal = await shopper.client.orders
      .place({
        items: [{ productId: product.id, variantId: soldOut.id, quantity: 1 }],
        addressId: address.addressId,
        shippingMethodId: method!.id,
        currency: "USD",
        paymentMethod: "cash_on_delivery",
        phone: "8095550134",
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(409);
    expect((refusal as ApiError).message).toContain(
      `Agotado: ${product.title} — ${soldOut.options.Color} / ${soldOut.options.Size}`,
    );
    expect((await shopper.client.orders.list()).items).toEqual([]);
  });
});
