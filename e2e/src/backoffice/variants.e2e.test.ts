// A product's sizes and colours in the back office: option values defined (a colour with its swatch), every
// combination generated in one click, SKU, stock and price edited in the grid, then bulk actions on the rows selected
// (set stock, add stock, set price); the shop's API answers the variants as the grid left them.
import type { Product } from "@shop/domain/schemas/public";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, seriousAxeViolations } from "../browser.ts";
import { ADMIN, adminSession, apiJson, apiLogin, expectScreen } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
let product: Product;
const sku = `GRID-${Date.now().toString(36).toUpperCase()}`;

beforeAll(async () => {
  browser = await journeyBrowser();
  const { headers } = await apiLogin(ADMIN);
  // A new product of the sample shop's fashion, sold as one piece until the grid gives it sizes and colours.
  const [fashion] = await apiJson<Product[]>("/product?productType=fashion&pageSize=1");
  product = await apiJson<Product>("/product", {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({
      sku,
      title: "Grid Linen Shirt",
      categoryId: fashion!.categoryId,
      brandId: fashion!.brandId,
      children: fashion!.children,
      price: 20,
      discount: 0,
      quantity: 0,
      unit: "1 pc",
      imageURLs: [{ img: fashion!.img }],
      tags: [],
      sizes: [],
      featured: false,
      description: "A linen shirt whose sizes and colours are set in the back office's grid.",
      additionalInformation: [],
    }),
  });
});
afterAll(() => browser?.close());

/** Adds an option with its values through the options editor, as staff type them. */
async function addOption(page: Page, index: number, name: string, values: string[]) {
  await page.getByRole("button", { name: "Add an option" }).click();
  const option = page.getByRole("region", { name: "Options" }).getByRole("group").nth(index);
  await option.getByRole("textbox", { name: "Option name", exact: true }).fill(name);
  const adding = option.getByRole("textbox", { name: `Add a value (${name})`, exact: true });
  for (const value of values) {
    await adding.fill(value);
    await adding.press("Enter");
    await option.getByRole("listitem").filter({ hasText: value }).waitFor();
  }
  return option;
}

const cell = (grid: Locator, field: "SKU" | "Stock" | "Price (USD)", row: string) =>
  grid.getByLabel(`${field} ${row}`, { exact: true });

/** Ticks these rows, or unticks them. */
async function select(grid: Locator, rows: string[], checked = true) {
  for (const row of rows) {
    await grid.getByRole("checkbox", { name: `Select ${row}`, exact: true }).setChecked(checked);
  }
}

async function bulk(
  page: Page,
  action: "Set stock" | "Add stock" | "Set price",
  amount: string,
  count: number,
) {
  const bar = page.getByRole("form", { name: `${count} selected` });
  await bar.getByRole("combobox", { name: "Apply" }).click();
  await page.getByRole("option", { name: action, exact: true }).click();
  await bar.getByLabel("Amount").fill(amount);
  await bar.getByRole("button", { name: "Apply" }).click();
  await page.getByText(`Done: ${count} variants changed`).waitFor();
}

describe("a product's variants", () => {
  it("are generated from option values, edited in the grid and in bulk, and reach the shop as left", async () => {
    const { page, problems } = await adminPage(`/products/${product.id}/variants`);
    await page
      .getByRole("heading", { level: 1, name: "Sizes, colours and stock: Grid Linen Shirt" })
      .waitFor();
    await expectScreen(page);

    // A colour gets its swatch as it is added; a size has none.
    const colour = await addOption(page, 0, "Color", ["Sage", "Navy"]);
    await colour.getByLabel("Swatch of Sage").fill("#87a96b");
    await colour.getByLabel("Swatch of Navy").fill("#1f2a44");
    const size = await addOption(page, 1, "Size", ["S", "M"]);
    await expect(size.locator("input[type=color]").count()).resolves.toBe(0);

    await page.getByRole("button", { name: "Generate every combination" }).click();
    const grid = page.getByRole("table", { name: "Variants" });
    await expect.poll(() => grid.getByRole("row").count()).toBe(5);
    const rows = ["Sage / S", "Sage / M", "Navy / S", "Navy / M"];
    for (const row of rows) await cell(grid, "SKU", row).waitFor();
    await expect(cell(grid, "SKU", "Navy / M").inputValue()).resolves.toBe(`${sku}-NAVY-M`);

    // Each row's SKU, stock and price, typed in the grid, then saved at once.
    await cell(grid, "SKU", "Sage / S").fill(`${sku}-SAGE-SMALL`);
    await cell(grid, "Stock", "Sage / S").fill("3");
    await cell(grid, "Price (USD)", "Navy / M").fill("24.5");
    await page.getByRole("button", { name: "Save the variants" }).click();
    await page.getByText("Variants saved").waitFor();

    // The rows saved can be chosen: set the stock of both M, add to Sage / S, give Navy / S a price of its own.
    await select(grid, ["Sage / M", "Navy / M"]);
    await bulk(page, "Set stock", "5", 2);
    await select(grid, ["Sage / M", "Navy / M"], false);
    await select(grid, ["Sage / S", "Navy / S"]);
    await bulk(page, "Add stock", "4", 2);
    await select(grid, ["Sage / S"], false);
    const bar = page.getByRole("form", { name: "1 selected" });
    await bar.getByRole("combobox", { name: "Apply" }).click();
    await page.getByRole("option", { name: "Set price", exact: true }).click();
    await bar.getByLabel("Amount").fill("30");
    await bar.getByRole("button", { name: "Apply" }).click();
    await page.getByText("Done: 1 variant changed").waitFor();
    await expect(cell(grid, "Stock", "Sage / S").inputValue()).resolves.toBe("7");
    await expect(cell(grid, "Price (USD)", "Navy / S").inputValue()).resolves.toBe("30");

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();

    // What the shop answers: every combination with its own SKU, stock and price; the product's stock their sum.
    const shown = await apiJson<Product>(`/product/${product.id}`);
    const byName = Object.fromEntries(
      shown.variants.map((v) => [`${v.options.Color} / ${v.options.Size}`, v] as const),
    );
    expect(Object.keys(byName).sort()).toEqual([...rows].sort());
    expect(byName["Sage / S"]).toMatchObject({ sku: `${sku}-SAGE-SMALL`, quantity: 7, price: 20 });
    expect(byName["Sage / M"]).toMatchObject({ sku: `${sku}-SAGE-M`, quantity: 5, price: 20 });
    expect(byName["Navy / S"]).toMatchObject({ sku: `${sku}-NAVY-S`, quantity: 4, price: 30 });
    expect(byName["Navy / M"]).toMatchObject({ sku: `${sku}-NAVY-M`, quantity: 5, price: 24.5 });
    expect(shown.quantity).toBe(21);
    expect(shown.status).toBe("in-stock");
  });
});
