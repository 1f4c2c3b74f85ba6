// Every route of the back office on a phone (390 px) and a desk (1366 px): nothing scrolls sideways, the app bar's
// controls stay on the screen, and no text is left untranslated ("Order |||| Orders").
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, PHONE } from "../browser.ts";
import { unseen } from "../visibility.ts";
import { ADMIN, adminSession, apiJson, apiLogin, SHOPPER, stepTo } from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
/** A real record of each resource, by the API path that lists it. */
const ids: Record<string, string> = {};

const RECORDS = {
  orders: "/orders",
  products: "/product",
  categories: "/categories",
  brands: "/brands",
  coupons: "/coupons",
  shipping: "/shipping",
  banners: "/banners",
  "blog-posts": "/blog",
  "contact-messages": "/contact",
  audit: "/audit",
} as const;

/** The sample shop has no contact message or audit entry: a shopper writes one, the admin saves the shopper. */
async function sampleRecords(headers: Record<string, string>) {
  await apiJson("/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Phone Visitor",
      email: "visitor@shop.test",
      message: "Do you ship to Santiago?",
    }),
  });
  const shopper = await apiLogin(SHOPPER);
  const user = await apiJson<{ firstName: string; lastName: string; email: string }>(
    `/users/${shopper.userId}`,
    { headers },
  );
  await apiJson(`/users/${shopper.userId}`, {
    method: "PUT",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify({ firstName: user.firstName, lastName: user.lastName, email: user.email }),
  });
}

beforeAll(async () => {
  browser = await journeyBrowser();
  const { headers, userId } = await apiLogin(ADMIN);
  ids.users = userId;
  await sampleRecords(headers);
  for (const [resource, path] of Object.entries(RECORDS)) {
    const [first] = await apiJson<{ id: string }[]>(`${path}?range=[0,0]`, { headers });
    if (!first) throw new Error(`the sample shop has no ${resource}`);
    ids[resource] = String(first.id);
  }
});
afterAll(() => browser?.close());

/** Every screen of the back office, with real records where a route needs one. */
const routes = (): string[] => [
  "/dashboard",
  "/orders",
  `/orders/${ids.orders}`,
  "/products",
  "/products/create",
  `/products/${ids.products}`,
  "/categories",
  "/categories/create",
  `/categories/${ids.categories}`,
  "/brands",
  "/brands/create",
  `/brands/${ids.brands}`,
  "/users",
  `/users/${ids.users}`,
  `/users/edit/${ids.users}`,
  "/coupons",
  "/coupons/create",
  `/coupons/${ids.coupons}`,
  "/shipping",
  "/shipping/create",
  `/shipping/${ids.shipping}`,
  "/exchange-rates",
  "/receipts",
  "/receipt-ranges",
  "/receipt-ranges/create",
  "/fiscal-data",
  "/banners",
  "/banners/create",
  `/banners/${ids.banners}`,
  "/reviews",
  "/blog-posts",
  "/blog-posts/create",
  `/blog-posts/${ids["blog-posts"]}`,
  "/contact-messages",
  `/contact-messages/${ids["contact-messages"]}/show`,
  "/audit",
  `/audit/${ids.audit}/show`,
  "/SalesChart",
  "/SidebarNav",
  "/StatusNotification",
  "/ProductImageManager",
  "/BannerManagement.vue",
];

interface Fit {
  path: string;
  /** How far the page is wider than the screen, in CSS pixels (0 when it fits). */
  overflow: number;
  /** App-bar controls (buttons, links) that end outside the screen. */
  offScreen: string[];
  /** Named controls and table cells outside the window or covered (visibility.ts). */
  unseen: string[];
  /** Untranslated text: a plural not chosen ("Order |||| Orders") or a message key ("shop.users.orders"). */
  raw: string[];
}

/** Measures the page, as loaded, against the screen. */
function measure(page: Page, path: string): Promise<Omit<Fit, "unseen">> {
  // The screen's width as set, not window.innerWidth: a phone zooms out to show a page wider than itself.
  const width = page.viewportSize()!.width;
  return page.evaluate(
    ({ path, width }) => {
      const controls = [...document.querySelectorAll("header button, header a, header [role=button]")];
      const offScreen = controls
        .filter((control) => {
          const box = control.getBoundingClientRect();
          return box.width > 0 && (box.left < 0 || box.right > width);
        })
        .map((control) => control.getAttribute("aria-label") || control.textContent || control.tagName);
      // biome-ignore lint/performance/useDomNodeTextContent: the text as the screen shows it, hidden parts left out
      const text = document.body.innerText;
      const raw = text.match(/[^\n]*\|\|\|\|[^\n]*|\b(?:resources|shop|ra)\.[\w-]+\.[\w.-]+/g) ?? [];
      return {
        path,
        overflow: Math.max(0, document.documentElement.scrollWidth - width),
        offScreen,
        raw,
      };
    },
    { path, width },
  );
}

const screens: [string, BrowserContextOptions][] = [
  ["a phone (390 px)", PHONE],
  ["a desk (1366 px)", DESK],
];

describe.each(screens)("every back-office route on %s", (_name, screen) => {
  it("fits the screen: nothing scrolls sideways, the app bar's controls are on it, no raw message", async () => {
    const { page, problems } = await adminPage("/dashboard", screen);
    const misfits: Fit[] = [];
    for (const path of routes()) {
      await stepTo(page, path);
      const fit = { ...(await measure(page, path)), unseen: await unseen(page) };
      if (fit.overflow > 0 || fit.offScreen.length || fit.raw.length || fit.unseen.length) misfits.push(fit);
    }
    // The app bar has controls to measure at all (the menu button, the language switch, the user menu).
    await expect(page.locator("header button").count()).resolves.toBeGreaterThanOrEqual(3);
    expect(misfits).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});
