// A product made in the back office, with an uploaded image and a colour, is in the shop; a refused save keeps the form.
import type { Product } from "@shop/domain/schemas/public";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "../browser.ts";
import { adminSession, apiJson, apiUrl } from "./admin.ts";

/** A 2×2 PNG, coral: the upload route checks the bytes, so it must be a real image. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4/5+B4T8DAwMDEwMDAwAkBgMBmjhHdQAAAABJRU5ErkJggg==",
  "base64",
);

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;

async function fillMainFields(page: Page, title: string) {
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("SKU *").fill(sku);
  await page.getByLabel("Category *").fill("Head");
  await page
    .getByRole("option", { name: /headphones/i })
    .first()
    .click();
  await page.getByRole("tab", { name: "Price and stock" }).click();
  await page.getByLabel("Price *").fill("129.99");
  await page.getByLabel("Stock *").fill("12");
}

describe("creating a product", () => {
  it("uploads its image, keeps its colour, and the shop shows it", async () => {
    const { page, problems } = await adminPage("/products/create");
    await fillMainFields(page, "Coral Studio Headphones");

    await page.getByRole("tab", { name: "Images and video" }).click();
    // The "+" says what it adds.
    await page.getByRole("button", { name: "Add an image", exact: true }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "coral.png", mimeType: "image/png", buffer: PNG });
    await page.getByLabel("Colour name").fill("Coral");
    await page.getByLabel("Colour code").fill("#ff7f50");
    await page.getByRole("button", { name: "Save" }).click();

    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    const product = await apiJson<Product>(`/product/${id}`);
    expect(product).toMatchObject({ title: "Coral Studio Headphones", sku, price: 129.99, quantity: 12 });
    expect(product.imageURLs).toEqual([
      {
        img: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]+\.png$/),
        color: { name: "Coral", clrCode: "#ff7f50" },
      },
    ]);
    expect(product.img).toBe(product.imageURLs[0]!.img);
    const image = await fetch(`${inject("shopUrl")}${product.img}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    expect(problems).toEqual([]);

    // The shop's product page shows it with that image.
    const shop = await openPage(browser, PHONE);
    const response = await shop.page.goto(`${inject("shopUrl")}/product-details/${id}`);
    expect(response?.status()).toBe(200);
    await shop.page.getByRole("heading", { name: "Coral Studio Headphones" }).waitFor();
    await shop.page.locator(`img[src="${product.img}"]`).first().waitFor();
    await page.context().close();
  });

  it("shows the API's refusal beside the field it names, and keeps what was typed", async () => {
    const { page } = await adminPage("/products/create");
    await fillMainFields(page, "Refused Headphones");
    await page.getByRole("tab", { name: "Images and video" }).click();
    await page.getByLabel("Video id").fill("not a video!");
    await page.getByRole("button", { name: "Save" }).click();

    await page.getByText("must be a video id").waitFor();
    // Still creating (the tabs add their index to the path).
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/products\/create(\/\d)?$/);
    await expect(page.getByLabel("Video id").inputValue()).resolves.toBe("not a video!");
    await page.getByRole("tab", { name: "Product" }).click();
    await expect(page.getByLabel("Title *").inputValue()).resolves.toBe("Refused Headphones");
    const found = await fetch(
      apiUrl(`/product?filter=${encodeURIComponent(JSON.stringify({ q: "Refused Headphones" }))}`),
    );
    expect(await found.json()).toEqual([]);
    await page.context().close();
  });

  it("asks before deleting from the edit screen", async () => {
    const { page } = await adminPage(`/products?filter=${encodeURIComponent(JSON.stringify({ q: sku }))}`);
    await page.getByRole("cell", { name: sku }).click();
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL(/\/admin\/products(\?.*)?$/);
    await expect.poll(async () => (await fetch(apiUrl(`/product/${id}`))).status).toBe(404);
    await page.context().close();
  });
});
