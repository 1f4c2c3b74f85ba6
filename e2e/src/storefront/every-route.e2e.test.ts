// Every route of the storefront's route table, on a phone (390 px) and a desk (1366 px): the page renders with no
// page or console error, the document never scrolls sideways, and no visible element sticks out past the right edge
// (unless a box that scrolls or clips it holds it, as a slider or a wide table does); on a phone, axe finds no
// serious violation on the catalogue's pages; the title and description the server wrote are the ones the app keeps
// once it has taken the page over (both come from the route module's meta). Pages about one shopper are visited with something in the cart, the
// wishlist and the compare list; the account's pages signed in. Unknown paths and bad input: routes.e2e.test.ts.
import { pageMessages } from "@shop/domain/messages";
import { shopRoutes } from "@shop/storefront/routes";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESK,
  journeyBrowser,
  openPage,
  PHONE,
  POLL_MS,
  seriousAxeViolations,
  sweepPages,
} from "../browser.ts";
import { newShopper, orderItem, pickProduct, storeSession } from "../shopper/journey.ts";
import { unseen } from "../visibility.ts";
import { headNow, headOf, scrollThrough, settled, shopUrl, unexpected, visitInSweep } from "./helpers.ts";

type StorageState = BrowserContextOptions["storageState"];
type Sweep = ReturnType<typeof sweepPages>;

const SCREENS = { phone: PHONE, desk: DESK } as const;
type Screen = keyof typeof SCREENS;

let browser: Browser;
/** The sweep's pages on each screen: a visitor with a product in the cart, the wishlist and the compare list. */
let visitor: Record<Screen, Sweep>;
/** The same, signed in as a shopper who has placed an order. */
let signedIn: Record<Screen, Sweep>;
let productId: string;
let blogSlug: string;
let orderId: string;

/** The pages only a signed-in shopper sees (the others send a visitor to sign in). */
const SIGNED_IN: ReadonlySet<string> = new Set([
  shopRoutes.checkout.path,
  shopRoutes.order.path,
  shopRoutes.account.path,
  shopRoutes.profile.path,
]);

beforeAll(async () => {
  browser = await journeyBrowser();
  const featured = (await (await fetch(`${shopUrl()}/api/product/featured`)).json()) as { id: string }[];
  const posts = (await (await fetch(`${shopUrl()}/api/blog`)).json()) as { slug: string }[];
  productId = featured[0]!.id;
  blogSlug = posts[0]!.slug;

  const shopper = await newShopper("wide");
  const bought = await pickProduct(
    (p) => p.variants.length === 1 && p.quantity >= 3 && p.status === "in-stock",
  );
  await shopper.client.addresses.add({
    streetAddress: "Calle Padre Billini 51",
    city: "Santo Domingo",
    country: "DO",
    phone: "8095550190",
  });
  const [method] = (await shopper.client.shipping.list()).items;
  const [address] = await shopper.client.addresses.list();
  orderId = (
    await shopper.client.orders.place(
      {
        items: [orderItem(bought, 1)],
        addressId: address!.addressId,
        shippingMethodId: method!.id,
        currency: "DOP",
        paymentMethod: "cash_on_delivery",
        phone: "8095550190",
      },
      { idempotencyKey: `wide-${Date.now()}` },
    )
  ).id;

  const { page } = await openPage(browser, DESK);
  await page.goto(`${shopUrl()}/product-details/${bought.id}`);
  await settled(page);
  await page.getByRole("button", { name: "Add To Cart", exact: true }).click();
  await page.getByRole("button", { name: "Compare", exact: true }).click();
  await page.getByRole("button", { name: "Add Wishlist", exact: true }).click();
  // The three lists are kept in browser storage once each change is through.
  await page.waitForFunction(
    (id) =>
      ["cart_products", "compare_products", "wishlist_items"].every((key) =>
        localStorage.getItem(key)?.includes(id),
      ),
    bought.id,
    { polling: POLL_MS },
  );
  const sweeps = (storageState: StorageState) => ({
    phone: sweepPages(() => browser, { ...PHONE, storageState }),
    desk: sweepPages(() => browser, { ...DESK, storageState }),
  });
  visitor = sweeps(await page.context().storageState());
  await storeSession(page, shopper.session);
  signedIn = sweeps(await page.context().storageState());
  await page.context().close();
}, 120_000);
afterAll(() => browser?.close());

/** A route's path with real ids, slugs and a search. */
function visitable(path: string): string {
  if (path === shopRoutes.product.path) return `/product-details/${productId}`;
  if (path === shopRoutes.blogPost.path) return `/blog-details/${blogSlug}`;
  if (path === shopRoutes.search.path) return "/search?searchText=headphones";
  if (path === shopRoutes.order.path) return `/order?id=${orderId}`;
  return path;
}

interface Overflow {
  /** How wide the document is, against the screen. */
  scrollWidth: number;
  viewport: number;
  /** Visible elements whose right edge is past the screen's, with nothing between that scrolls or clips them. */
  sticking: string[];
}

/** Measures the page as it is now. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const clipped = (element: Element): boolean => {
      for (
        let parent = element.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX !== "visible") return true;
      }
      return false;
    };
    const sticking: string[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= viewport + 1) continue;
      const style = getComputedStyle(element);
      if (style.visibility === "hidden" || style.display === "contents") continue;
      if (clipped(element)) continue;
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
        element.getAttribute("class")
          ? `.${element.getAttribute("class")!.trim().split(/\s+/).join(".")}`
          : ""
      }`;
      sticking.push(
        `${name} "${(element.textContent ?? "").trim().slice(0, 40)}" right=${Math.round(box.right)}`,
      );
    }
    return {
      scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      viewport,
      sticking: sticking.slice(0, 10),
    };
  });
}

const routePaths = Object.values(shopRoutes).map((route) => route.path);
/** The catalogue's pages: every public page but the 404 page (the others are about one shopper). */
const CATALOGUE: ReadonlySet<string> = new Set(
  Object.values(shopRoutes)
    .filter((route) => !route.private && route.path !== shopRoutes.notFound.path)
    .map((route) => route.path),
);

describe("a listing's head", () => {
  it("names what its filters choose, on the page the server sends and once the app has taken it over", async () => {
    const { watched, served } = await visitInSweep(visitor.desk, "/shop?category=headphones-audio&page=1");
    expect(served.title).toBe("Headphones & Audio | The shop");
    expect(served.description).toMatch(/^Headphones & Audio at The shop: /);
    expect(await headNow(watched.page)).toEqual(served);
    // A filter chosen in the app names the page too, as the server names that URL.
    await watched.page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("link", { name: /^Aurivox/ })
      .click();
    await watched.page.waitForURL(/brand=aurivox/);
    await settled(watched.page);
    const chosen = await (await watched.page.request.get(watched.page.url())).text();
    await expect.poll(() => headNow(watched.page)).toEqual(headOf(chosen));
    expect(headOf(chosen).title).toBe("Headphones & Audio by Aurivox | The shop");
    visitor.desk.give(watched);
  });
});

describe("every route on a phone and a desk", () => {
  it("visits every route of the route table", () => {
    // 32 catalogue pages, the 404 page and the shopper's 11 (cart, lists, checkout, order, account, sign-in).
    expect(routePaths).toHaveLength(44);
    // Home and its 3 designs, the shop and its 9 variants, search, 8 product pages, 6 blog pages, about, contact,
    // coupons: spec section 2's catalogue side.
    expect(CATALOGUE.size).toBe(32);
  });

  // Several routes at once (the browser and each screen's context are shared, the pages are not).
  it.concurrent.for(
    routePaths.flatMap((path) => (["phone", "desk"] as const).map((screen) => [path, screen] as const)),
  )(
    "%s on a %s renders with no error and fits the screen",
    { timeout: 120_000 },
    async ([routePath, screen], { expect }) => {
      const path = visitable(routePath);
      const sweep = (SIGNED_IN.has(routePath) ? signedIn : visitor)[screen];
      const { watched, status, served } = await visitInSweep(sweep, path);
      const { page, problems } = watched;
      expect(served.title, path).not.toBe("");
      expect({ path, head: await headNow(page) }).toEqual({ path, head: served });
      // Sections drawn as the shopper comes near them are measured too.
      await scrollThrough(page);
      if (CATALOGUE.has(routePath)) {
        expect(status).toBe(200);
        await expect(page.locator("h1").first().textContent()).resolves.not.toBe(
          pageMessages.notFoundMessage,
        );
      }
      // The 404 page's own document is the one failed load it may have.
      expect({
        path,
        screen,
        problems: unexpected(problems, routePath === shopRoutes.notFound.path ? [/status of 404/] : []),
      }).toEqual({ path, screen, problems: [] });
      const { scrollWidth, viewport, sticking } = await measure(page);
      expect(viewport).toBeLessThanOrEqual(SCREENS[screen].viewport!.width);
      expect({ path, screen, scrollWidth, sticking }).toEqual({
        path,
        screen,
        scrollWidth: viewport,
        sticking: [],
      });
      // Every named control and table cell within the window and not covered (visibility.ts).
      expect({ path, screen, unseen: await unseen(page) }).toEqual({ path, screen, unseen: [] });
      if (screen === "phone" && CATALOGUE.has(routePath))
        expect(await seriousAxeViolations(page)).toEqual([]);
      sweep.give(watched);
    },
  );
});
