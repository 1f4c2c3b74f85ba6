// A catalogue spreadsheet checked from the products list: the dialog's bar follows the upload, then the shop's work
// through the rows (percent and rows read), then the report. A dry run: the shop is left as it was.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser } from "../browser.ts";
import { adminSession, apiJson } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

/** Rows enough for the shop to tell its progress several times, few enough to hold the shop a moment only. */
const ROWS = 3_000;

describe("importing a spreadsheet of products", () => {
  it("shows the upload, then the shop checking the rows, then what would change", async () => {
    const [category] = await apiJson<{ name: string }[]>("/categories?productType=fashion");
    const tag = `e2e-sheet-${Date.now().toString(36)}`;
    const csv = [
      "product,sku,title,category,type,price,stock",
      ...Array.from(
        { length: ROWS },
        (_, i) => `${tag}-${i},${tag.toUpperCase()}-${i},Sheet tee ${i},${category!.name},fashion,12.50,3`,
      ),
    ].join("\n");

    const { page, problems } = await adminPage("/products");
    await page.getByRole("button", { name: "Import CSV" }).click();
    const dialog = page.getByRole("dialog", { name: "Import products from a spreadsheet" });
    await dialog.waitFor();
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByText("Choose a CSV file").click();
    await (await chooser).setFiles({ name: "catalogue.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await dialog.getByText("catalogue.csv").waitFor();

    // Every text the bar's status shows, kept as it changes (each may show for a tenth of a second only).
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusTexts: string[] }).statusTexts = seen;
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="dialog"] [role="status"]')) {
          const text = status.textContent ?? "";
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole("button", { name: "Check file" }).click();
    await dialog.getByText(`${ROWS} rows. Products: ${ROWS} new`).waitFor();

    const texts = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);
    const working = texts.filter((text) => /^Checking the rows: \d+% \([\d,]+ rows read\)/.test(text));
    expect(working.length, texts.join(" | ")).toBeGreaterThan(0);
    const read = working.map((text) => Number(/\(([\d,]+) rows read\)/.exec(text)![1]!.replace(/,/g, "")));
    expect(read).toEqual([...read].sort((a, b) => a - b));
    expect(read.at(-1)!).toBeLessThanOrEqual(ROWS);
    // Nothing applied: "Apply changes" is offered, the products are not in the shop.
    await expect(dialog.getByRole("button", { name: "Apply changes" }).isEnabled()).resolves.toBe(true);
    const found = await apiJson<unknown[]>(`/product/search?query=${encodeURIComponent("Sheet tee 1")}`);
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
  });
});
