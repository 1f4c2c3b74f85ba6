// A product made in the back office, with pictures sent at once, put in order, described and coloured, is in the shop
// as the editor left it; a refused save keeps the form.
import type { Product } from "@shop/domain/schemas/public";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "../browser.ts";
import { adminSession, apiJson, apiUrl } from "./admin.ts";

/** A photo of one colour as a phone would send it, a little larger than a card needs. */
const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .toBuffer();

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
  it("sends several pictures at once; their order, alt text and colours reach the shop", async () => {
    const { page, problems } = await adminPage("/products/create");
    await fillMainFields(page, "Coral Studio Headphones");

    await page.getByRole("tab", { name: "Images and video" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add pictures", exact: true }).click();
    await (await chooser).setFiles([
      { name: "coral-front.jpg", mimeType: "image/jpeg", buffer: await photo("#ff7f50") },
      { name: "sand.jpg", mimeType: "image/jpeg", buffer: await photo("#c2b280") },
      { name: "coral-side.jpg", mimeType: "image/jpeg", buffer: await photo("#f04040") },
    ]);
    await page.getByText("Pictures sent: 3 of 3").waitFor();
    const picture = (n: number) => page.getByRole("listitem", { name: `Picture ${n}`, exact: true });
    await expect(page.getByRole("listitem", { name: /^Picture \d+$/ }).count()).resolves.toBe(3);

    // A new picture has no colour (never a black one); a new colour needs its shade, or the save is refused.
    await expect(picture(1).getByRole("combobox", { name: "Colour" }).textContent()).resolves.toBe(
      "No colour",
    );
    await picture(1).getByLabel("Alt text").fill("Coral headphones folded on a desk");
    await picture(1).getByRole("combobox", { name: "Colour" }).click();
    await page.getByRole("option", { name: "New colour…" }).click();
    // A colour the browser knows by name takes its shade.
    await picture(1).getByLabel("Colour name").fill("Coral");
    await expect(picture(1).getByLabel("Shade").inputValue()).resolves.toBe("#ff7f50");
    await picture(2).getByRole("combobox", { name: "Colour" }).click();
    await page.getByRole("option", { name: "New colour…" }).click();
    await picture(2).getByLabel("Colour name").fill("Sand");
    await page.getByRole("button", { name: "Save" }).click();
    await picture(2).getByText("Choose the colour's shade").waitFor();
    await picture(2).getByLabel("Shade").fill("#c2b280");
    // The third takes one of the product's colours.
    await picture(3).getByRole("combobox", { name: "Colour" }).click();
    await page.getByRole("option", { name: "Coral" }).click();

    // Dragged by its handle to the top (the whole list in view: the drag does not scroll the window), then the
    // sand one moved up with the keyboard.
    await page.setViewportSize({ width: 1366, height: 2000 });
    await picture(3)
      .getByRole("button", { name: "Move picture 3" })
      .dragTo(picture(1), { targetPosition: { x: 40, y: 10 } });
    await expect(picture(1).getByRole("combobox", { name: "Colour" }).textContent()).resolves.toBe("Coral");
    await expect(picture(1).getByLabel("Alt text").inputValue()).resolves.toBe("");
    await picture(3).getByRole("button", { name: "Move picture 3" }).focus();
    await page.keyboard.press("ArrowUp");
    await page.getByText("Picture moved to position 2 of 3").waitFor();
    // The moved handle keeps the focus.
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe(
      "Move picture 2",
    );
    await expect(picture(2).getByRole("combobox", { name: "Colour" }).textContent()).resolves.toBe("Sand");

    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    const product = await apiJson<Product>(`/product/${id}`);
    expect(product).toMatchObject({ title: "Coral Studio Headphones", sku, price: 129.99, quantity: 12 });
    const upload = expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}\.jpg$/);
    expect(product.imageURLs).toEqual([
      { img: upload, color: { name: "Coral", clrCode: "#ff7f50" } },
      { img: upload, color: { name: "Sand", clrCode: "#c2b280" } },
      { img: upload, color: { name: "Coral", clrCode: "#ff7f50" }, alt: "Coral headphones folded on a desk" },
    ]);
    // In the order they were put: the side view (dragged up), the sand one, the front view.
    const shades = await Promise.all(
      product.imageURLs.map(async (image) => {
        const served = await fetch(`${inject("shopUrl")}${image.img}`);
        expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const { dominant } = await sharp(Buffer.from(await served.arrayBuffer())).stats();
        return dominant;
      }),
    );
    expect(shades.map(({ r }) => r > 200)).toEqual([true, false, true]);
    expect(shades[0]!.g).toBeLessThan(shades[2]!.g);
    expect(product.img).toBe(product.imageURLs[0]!.img);
    expect(problems).toEqual([]);

    // The shop's product page, on a phone: the pictures in that order, the colours with their shades, the alt text.
    const shop = await openPage(browser, PHONE);
    const html = await (await fetch(`${inject("shopUrl")}/product-details/${id}`)).text();
    const response = await shop.page.goto(`${inject("shopUrl")}/product-details/${id}`);
    expect(response?.status()).toBe(200);
    await shop.page.getByRole("heading", { name: "Coral Studio Headphones" }).waitFor();
    const main = shop.page.locator("main picture img").first();
    await main.waitFor();
    await shop.page.waitForFunction(
      () => (document.querySelector("main picture img") as HTMLImageElement | null)?.complete,
    );
    const shown = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
    const first = product.imageURLs[0]!.img.replace(/\.jpg$/, "");
    // The first picture, in AVIF, in the width the phone needs; and the very file the page's preload asked for.
    expect(new URL(shown).pathname).toMatch(new RegExp(`^${first}/(640|960)\\.avif$`));
    const preload = /<link rel="preload" as="image" [^>]*imagesrcset="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(preload).toContain(new URL(shown).pathname);
    const requested = await shop.page.evaluate(() =>
      performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
    );
    // One file of the main picture, not the preload's and then another (the thumbnails ask for their own 320 px).
    expect(requested.filter((path) => path.startsWith(first) && !path.endsWith("/320.avif"))).toEqual([
      new URL(shown).pathname,
    ]);

    const swatches = shop.page.getByRole("radio");
    await expect(swatches.count()).resolves.toBe(2);
    await expect(
      shop.page
        .locator("fieldset label span")
        .first()
        .evaluate((span) => getComputedStyle(span).backgroundColor),
    ).resolves.toBe("rgb(255, 127, 80)");
    // Choosing a colour goes through the URL (decision 061): the picture follows once the page has read it.
    await shop.page.locator('label[title="Sand"]').click();
    await expect.poll(() => main.getAttribute("alt")).toBe("Coral Studio Headphones, Sand");
    // The colour picker's swatch for Sand (decision 061: one swatch in each value's label).
    await expect(
      shop.page
        .locator('label[title="Sand"] > span')
        .first()
        .evaluate((span) => getComputedStyle(span).backgroundColor),
    ).resolves.toBe("rgb(194, 178, 128)");
    await shop.page
      .getByRole("list", { name: "Pictures of Coral Studio Headphones" })
      .getByRole("button")
      .nth(2)
      .click();
    await expect(main.getAttribute("alt")).resolves.toBe("Coral headphones folded on a desk");
    expect(shop.problems).toEqual([]);
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
