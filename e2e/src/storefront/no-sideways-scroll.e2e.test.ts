// Every route of the storefront's route table, on a phone (390 px) and a desk (1366 px), fits its screen: the
// document never scrolls sideways, and no visible element sticks out past the right edge (unless a box that
// scrolls or clips it holds it, as a slider or a wide table does). Pages about one shopper are visited with
// something in the cart, the wishlist and the compare list; the account's pages signed in.
import { shopRoutes } from "@shop/domain/routes";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESK, launchBrowser, openPage, PHONE } from "../browser.ts";
import { newShopper, pickProduct, storeSession } from "../shopper/journey.ts";
import { scrollThrough, settled, shopUrl } from "./helpers.ts";

type StorageState = BrowserContextOptions["storageState"];

let browser: Browser;
/** A visitor with a product in the cart, the wishlist and the compare list. */
let visitor: StorageState;
/** The same, signed in as a shopper who has placed an order. */
let signedIn: StorageState;
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
  browser = await launchBrowser();
  const featured = (await (await fetch(`${shopUrl()}/api/product/featured`)).json()) as { id: string }[];
  const posts = (await (await fetch(`${shopUrl()}/api/blog`)).json()) as { slug: string }[];
  productId = featured[0]!.id;
  blogSlug = posts[0]!.slug;

  const shopper = await newShopper("wide");
  const bought = await pickProduct((p) => p.quantity >= 3 && p.status === "in-stock");
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
        items: [{ productId: bought.id, quantity: 1 }],
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
  );
  visitor = await page.context().storageState();
  await storeSession(page, shopper.session);
  signedIn = await page.context().storageState();
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

describe("no page scrolls sideways", () => {
  it("visits every route of the route table", () => {
    // 32 catalogue pages, the 404 page and the shopper's 11 (cart, lists, checkout, order, account, sign-in).
    expect(routePaths).toHaveLength(44);
  });

  // Several routes at once, each in contexts of its own (the browser is shared, the pages are not).
  it.concurrent.for(routePaths)(
    "%s fits a 390 px phone and a 1366 px desk",
    { timeout: 120_000 },
    async (routePath, { expect }) => {
      const path = visitable(routePath);
      const storageState = SIGNED_IN.has(routePath) ? signedIn : visitor;
      for (const [size, screen] of [
        ["phone", PHONE],
        ["desk", DESK],
      ] as const) {
        const { page } = await openPage(browser, { ...screen, storageState });
        await page.goto(`${shopUrl()}${path}`);
        await settled(page);
        // Sections drawn as the shopper comes near them are measured too.
        await scrollThrough(page);
        const { scrollWidth, viewport, sticking } = await measure(page);
        expect(viewport).toBeLessThanOrEqual(screen.viewport!.width);
        expect({ path, size, scrollWidth, sticking }).toEqual({
          path,
          size,
          scrollWidth: viewport,
          sticking: [],
        });
        await page.context().close();
      }
    },
  );
});
