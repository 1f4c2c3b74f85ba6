// The business's fiscal data in the back office: where it comes from, an RNC refused by its check digit beside its
// field, and a save. The journey saves the sample issuer's own data back (written with dashes), so the receipts the
// other journeys read keep naming the sample issuer.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { journeyBrowser, PHONE } from "../browser.ts";
import { ADMIN, adminSession, apiJson, apiLogin } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
beforeAll(async () => {
  browser = await journeyBrowser();
});
afterAll(() => browser?.close());

interface FiscalData {
  rnc: string;
  name: string;
  address: string;
  source: string;
}

describe("the fiscal data screen", () => {
  it("says where the data comes from, refuses an RNC whose check digit fails, and saves on a phone", async () => {
    const { headers } = await apiLogin(ADMIN);
    const before = await apiJson<FiscalData>("/fiscal-data", { headers });

    const { page, problems } = await adminPage("/fiscal-data", PHONE);
    await page.getByRole("heading", { name: "Fiscal data", level: 2 }).waitFor();
    const rnc = page.getByLabel("RNC or cédula *");
    const name = page.getByLabel("Legal name *");
    const address = page.getByLabel("Address *");
    // The heading shows before the saved record fills the form: the fields are read once it has.
    await expect.poll(() => rnc.inputValue()).toBe(before.rnc);
    expect(await name.inputValue()).toBe(before.name);
    expect(await address.inputValue()).toBe(before.address);
    if (before.source === "sample") await page.getByText("The sample shop's issuer").waitFor();

    // A wrong check digit is named beside the field, and nothing is sent.
    await rnc.fill(`${before.rnc.slice(0, -1)}${before.rnc.endsWith("1") ? "2" : "1"}`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("This RNC or cédula is not valid: its check digit does not match").waitFor();
    expect((await apiJson<FiscalData>("/fiscal-data", { headers })).source).toBe(before.source);

    // The same RNC with dashes is saved as digits.
    await rnc.fill(`${before.rnc.slice(0, 1)}-${before.rnc.slice(1, 3)}-${before.rnc.slice(3)}`);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(/^Saved /).waitFor();
    const after = await apiJson<FiscalData>("/fiscal-data", { headers });
    expect(after).toMatchObject({
      rnc: before.rnc,
      name: before.name,
      address: before.address,
      source: "saved",
    });
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
