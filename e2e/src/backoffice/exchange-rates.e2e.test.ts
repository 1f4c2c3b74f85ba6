// A new exchange rate set in the back office changes the DOP prices the shop shows.
import { formatUsdAsCurrency } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { ExchangeRateResponse, Product } from "@shop/domain/schemas/public";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser, openPage, PHONE } from "../browser.ts";
import { adminSession, apiJson } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

describe("setting the exchange rate", () => {
  it("stores the rate, says so, draws it in the history, and the shop's DOP prices follow", async () => {
    const before = await apiJson<ExchangeRateResponse>("/Exchange/rate?from=USD&to=DOP");
    const rate = Math.round((before.rate + 3.1234) * 10_000) / 10_000;

    const { page, problems } = await adminPage("/exchange-rates");
    await page.getByTestId("current-rate").waitFor();
    await page.getByLabel("DOP per USD *").fill(String(rate));
    await page.getByRole("button", { name: "Set rate" }).click();
    await page.getByText(/exitosamente/).waitFor();
    await page.getByText(`1 USD = ${rate.toFixed(4)} DOP`).waitFor();
    // The history is asked again after the save: its last point becomes the new rate once that answer is drawn.
    await expect
      .poll(() =>
        page
          .getByRole("img", { name: /USD to DOP over the last 30 days/ })
          .locator("circle")
          .last()
          .locator("title")
          .textContent(),
      )
      .toContain(rate.toFixed(4));
    expect((await apiJson<ExchangeRateResponse>("/Exchange/rate?from=USD&to=DOP")).rate).toBe(rate);

    // A refused rate is explained beside the field, and nothing changes.
    await page.getByLabel("DOP per USD *").fill("5000");
    await page.getByRole("button", { name: "Set rate" }).click();
    await page.getByText("must be between 1 and 1000 DOP per USD").waitFor();
    expect((await apiJson<ExchangeRateResponse>("/Exchange/rate?from=USD&to=DOP")).rate).toBe(rate);
    expect(problems.filter((p) => !p.includes("400"))).toEqual([]);
    await page.context().close();

    // The shop, in its default currency (DOP), prices a product at the new rate.
    const [product] = await apiJson<Product[]>("/product?range=[0,0]");
    const expected = formatUsdAsCurrency(
      discountedPriceCents(toCents(product!.price), product!.discount),
      "DOP",
      rate,
    );
    const shop = await openPage(browser, PHONE);
    await shop.page.goto(`${inject("shopUrl")}/product-details/${product!.id}`);
    await shop.page.getByText(expected).first().waitFor();
  });
});
