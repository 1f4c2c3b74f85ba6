// Banners in the back office: dates from and until which a banner shows (the end after the start, refused beside
// the field otherwise), a live preview at a phone's width and a desk's, and the shop following the dates.
import type { Banner } from "@shop/domain/schemas/public";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { journeyBrowser, seriousAxeViolations } from "../browser.ts";
import { ADMIN, adminSession, apiJson, apiLogin, apiUrl } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
let admin: Record<string, string>;
const made: string[] = [];
beforeAll(async () => {
  browser = await journeyBrowser();
  admin = (await apiLogin(ADMIN)).headers;
});
afterAll(async () => {
  for (const id of made) await fetch(apiUrl(`/banners/${id}`), { method: "DELETE", headers: admin });
  await browser?.close();
});

/** A banner made through the API, switched on, with no dates: the journey gives it dates in the back office. */
async function banner(title: string): Promise<Banner> {
  const created = await apiJson<Banner>("/banners", {
    method: "POST",
    headers: { ...admin, "Content-Type": "application/json" },
    body: JSON.stringify({
      title,
      subtitle: "Hand-picked for the season",
      img: "/api/images/banners/3.svg",
      link: "/shop?productType=jewelry",
      position: "home-4-hero",
      sortOrder: 9,
    }),
  });
  made.push(created.id);
  return created;
}

/** "2030-01-02T10:30" for a datetime-local input, in the browser's time zone, `offsetMs` from now. */
const localInput = (offsetMs: number) => {
  const at = new Date(Date.now() + offsetMs);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

const shown = async (position: string) =>
  (await apiJson<Banner[]>(`/banners?active=true&position=${position}`)).map((b) => b.title);

const preview = (page: Page, frame: "phone" | "desk") => page.locator(`[data-preview="${frame}"]`);

describe("a banner's dates and preview", () => {
  it("previews the banner as it is typed, at a phone's width and a desk's", async () => {
    const made = await banner("Pearls for Every Day");
    const { page, problems } = await adminPage(`/banners/${made.id}`);
    const region = page.getByRole("region", { name: "Preview" });
    await region.waitFor();
    for (const frame of ["phone", "desk"] as const) {
      await expect(
        preview(page, frame).getByRole("heading", { name: "Pearls for Every Day" }).isVisible(),
      ).resolves.toBe(true);
    }
    await page.getByLabel("Title *").fill("Pearls, Now 20% Off");
    await page.getByLabel("Subtitle").fill("Freshwater strands from US$59");
    for (const frame of ["phone", "desk"] as const) {
      await preview(page, frame).getByRole("heading", { name: "Pearls, Now 20% Off" }).waitFor();
      await preview(page, frame).getByText("Freshwater strands from US$59").waitFor();
    }
    // The phone's frame draws the banner taller than its picture's proportions, the desk's keeps them.
    const phone = (await preview(page, "phone").boundingBox())!;
    expect(phone.width).toBeLessThanOrEqual(358);
    expect(phone.height).toBeGreaterThan((phone.width * 600) / 1600);
    const desk = (await preview(page, "desk").boundingBox())!;
    expect(Math.abs(desk.height - (desk.width * 600) / 1600)).toBeLessThan(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("refuses an end before the start beside the field, and the shop follows the dates it saves", async () => {
    const made = await banner("Gift Sets, Wrapped Free");
    expect(await shown("home-4-hero")).toContain("Gift Sets, Wrapped Free");
    const { page } = await adminPage(`/banners/${made.id}`);
    await page.getByLabel("Starts").fill(localInput(2 * 24 * 3600_000));
    await page.getByLabel("Ends").fill(localInput(24 * 3600_000));
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("The end must come after the start").waitFor();
    expect((await apiJson<Banner>(`/banners/${made.id}`, { headers: admin })).startsAt).toBeNull();

    // Starting tomorrow: saved, and no longer in the shop until then.
    await page.getByLabel("Starts").fill(localInput(24 * 3600_000));
    await page.getByLabel("Ends").fill(localInput(3 * 24 * 3600_000));
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/banners$/);
    const saved = await apiJson<Banner>(`/banners/${made.id}`, { headers: admin });
    expect(Date.parse(saved.startsAt!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(Date.parse(saved.endsAt!)).toBeGreaterThan(Date.parse(saved.startsAt!));
    expect(await shown("home-4-hero")).not.toContain("Gift Sets, Wrapped Free");
    const row = page.getByRole("row").filter({ hasText: "Gift Sets, Wrapped Free" });
    await row.getByText("Scheduled").waitFor();

    // Started an hour ago: the shop shows it again, on its home.
    await page.goto(`${page.url()}/${made.id}`);
    await page.getByLabel("Starts").fill(localInput(-3600_000));
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(/\/admin\/banners$/);
    expect(await shown("home-4-hero")).toContain("Gift Sets, Wrapped Free");
    await page.getByRole("row").filter({ hasText: "Gift Sets, Wrapped Free" }).getByText("Showing").waitFor();
    const home = await (await fetch(`${inject("shopUrl")}/home-4`)).text();
    expect(home).toContain("Gift Sets, Wrapped Free");
    await page.context().close();
  });
});
