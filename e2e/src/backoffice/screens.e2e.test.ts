// Every admin route of spec section 2 renders for an admin, in English and Spanish; axe finds no serious problem.
import { type AdminRouteName, adminRoutes } from "@shop/domain/routes";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, journeyBrowser, seriousAxeViolations, sweepPages } from "../browser.ts";
import {
  ADMIN,
  adminPath,
  adminSession,
  apiJson,
  apiLogin,
  expectScreen,
  LOADING_GRID,
  stepTo,
} from "./admin.ts";

let browser: Browser;
const adminPage = adminSession(() => browser);
/** Pages signed in as the admin for the screens that only look, each reused for the next (see sweepPages). */
let sweep: ReturnType<typeof sweepPages>;
/** A real id for each route with one. */
const ids: Partial<Record<AdminRouteName, string>> = {};

beforeAll(async () => {
  browser = await journeyBrowser();
  const { headers, userId } = await apiLogin(ADMIN);
  const first = async (path: string) => (await apiJson<{ id: string }[]>(path, { headers }))[0]!.id;
  ids.user = userId;
  ids.userEdit = userId;
  ids.order = await first("/orders?range=[0,0]");
  ids.coupon = await first("/coupons?range=[0,0]");
  ids.product = await first("/product?range=[0,0]");
  ids.category = await first("/categories?range=[0,0]");
  const { page } = await adminPage("/dashboard");
  sweep = sweepPages(() => browser, { ...DESK, storageState: await page.context().storageState() });
  await page.context().close();
});

/**
 * A page of the sweep at `path` of the back office, loaded (expectScreen): as a new document, as opening a bookmark
 * does; or, `inApp`, reached within the app as staff reach a screen from the menu (stepTo) when the page already
 * shows the back office, which spares a full load of it (about a second of CPU).
 */
async function loadedScreen(path: string, { inApp = false } = {}) {
  const watched = await sweep.take();
  if (inApp && watched.page.url().startsWith(adminPath())) await stepTo(watched.page, path);
  else {
    await watched.page.goto(adminPath(path));
    await expectScreen(watched.page);
  }
  return { ...watched, done: () => sweep.give(watched) };
}
afterAll(() => browser?.close());

/** The route's path with its id. */
const pathOf = (name: AdminRouteName) => adminRoutes[name].path.replace(":id", ids[name] ?? "");

describe("every admin route of the spec", () => {
  for (const name of Object.keys(adminRoutes) as AdminRouteName[]) {
    it(`renders ${adminRoutes[name].path}`, async () => {
      const { page, problems, done } = await loadedScreen(pathOf(name));
      expect(new URL(page.url()).pathname.toLowerCase()).toBe(`/admin${pathOf(name)}`.toLowerCase());
      expect(problems).toEqual([]);
      done();
    });
  }

  it("shows each screen's own content", async () => {
    const { page } = await adminPage(`/users/${ids.user}`);
    await page.getByText(ADMIN.email).first().waitFor();
    // The next screens within the app, as from the menu (each route was loaded as a new document above).
    await stepTo(page, `/users/edit/${ids.user}`);
    await page.getByText("you cannot remove your own admin role").waitFor();
    await stepTo(page, "/orders");
    await page.getByRole("tab", { name: /^pending \(\d+\)$/i }).waitFor();
    // Each coupon's real state, from its dates and uses: the summer sale has ended, Christmas is still to come.
    await stepTo(page, "/coupons");
    const state = (code: string) =>
      page.getByRole("row").filter({ hasText: code }).locator("td.column-state").textContent();
    await expect.poll(() => state("SUMMER25")).toBe("Expired");
    await expect(state("NAVIDAD20")).resolves.toBe("Scheduled");
    await expect(state("WELCOME10")).resolves.toBe("Active");
    await expect(state("STAFF40")).resolves.toBe("Paused");
    await stepTo(page, "/ProductImageManager");
    await page.getByRole("combobox", { name: /product/i }).waitFor();
    await stepTo(page, "/BannerManagement.vue");
    await page.getByRole("columnheader", { name: /position/i }).waitFor();
    await stepTo(page, "/SidebarNav");
    await page.locator('#main-content a[href="/admin/contact-messages"]').waitFor();
    await expect(page.locator("#main-content").getByRole("menuitem").count()).resolves.toBeGreaterThan(10);
    await page.context().close();
  });

  it("speaks Spanish after the language switch, react-admin's own texts included", async () => {
    const { page, problems } = await adminPage("/products");
    await page.getByRole("button", { name: /english/i }).click();
    await page.getByRole("menuitem", { name: "Español" }).click();
    await page.getByRole("columnheader", { name: "Existencias" }).waitFor();
    // Every filter of the products list shows on a desk, labelled in Spanish.
    await page.getByRole("combobox", { name: "Nivel de existencias" }).waitFor();
    await page
      .getByText(/de \d+/)
      .first()
      .waitFor();
    // A new document: the choice of language outlives it.
    await page.goto(adminPath("/dashboard"));
    await page.getByText("Valor medio del pedido").waitFor();

    // Every menu entry shows whole: none is cut off ("Mensajes de conta…").
    await page.getByRole("menuitem", { name: "Mensajes de contacto" }).waitFor();
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll(".RaMenuItemLink-root, .RaMenuItemLink-root *")]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);

    // Dates are written the Spanish way (day first), not the browser's American way: each row's date is the one
    // the API answered the page (other journeys add shoppers meanwhile, so the page's own answer is the one to read).
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/users" && response.request().method() === "GET",
    );
    await stepTo(page, "/users");
    const users = (await (await answered).json()) as { createdAt: string }[];
    expect(users.length).toBeGreaterThan(1);
    await page
      .locator("tbody tr")
      .nth(users.length - 1)
      .waitFor();
    const shown = await page.locator("tbody td.column-createdAt").allTextContents();
    const [spanish, american] = await page.evaluate(
      (dates) => [
        dates.map((iso) => new Date(iso).toLocaleDateString("es-DO")),
        dates.map((iso) => new Date(iso).toLocaleDateString("en-US")),
      ],
      users.map((user) => user.createdAt),
    );
    expect(spanish).not.toEqual(american);
    expect(shown).toEqual(spanish);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("accessibility (axe-core, WCAG 2.1 A and AA)", () => {
  const screens = {
    dashboard: "/dashboard",
    "products list": "/products",
    "product edit": () => `/products/${ids.product}`,
    "orders list": "/orders",
    "order detail": () => `/orders/${ids.order}`,
    "users list": "/users",
    "user edit": () => `/users/edit/${ids.user}`,
    "coupon edit": () => `/coupons/${ids.coupon}`,
    "category create": "/categories/create",
    "exchange rates": "/exchange-rates",
  } as const;
  for (const [screen, path] of Object.entries(screens)) {
    it(`finds no serious or critical violation on the ${screen}`, async () => {
      // Each route was loaded as a new document above: here the screen is reached within the app.
      const { page, done } = await loadedScreen(typeof path === "function" ? path() : path, { inApp: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      done();
    });
  }

  it("finds no serious or critical violation on a list still loading", async () => {
    const { page } = await adminPage("/dashboard");
    await expectScreen(page);
    // The products list's data held back: after a second, react-admin draws its grid of placeholders, with a
    // checkbox on each row as the loaded grid has.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/product\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(adminPath("/products"));
    await page.locator(LOADING_GRID).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    release();
    await expectScreen(page);
    await page.context().close();
  });
});
