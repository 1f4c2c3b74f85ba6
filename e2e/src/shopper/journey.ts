/** What the shopper journeys share: the shop's API through @shop/api-client, products picked by stock, toasts, sessions. */
import { createHmac, randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createMemoryTokenStore, createShopClient } from "@shop/api-client";
import type { Product } from "@shop/domain/schemas/public";
import { defaultVariant, variantTitle } from "@shop/domain/variants";
import type { Locator, Page } from "playwright-core";
import { expect, inject } from "vitest";

export const shopUrl = () => inject("shopUrl");

/** A client of the running shop's API, signed in when a session is given. */
export function shopApi() {
  const tokenStore = createMemoryTokenStore();
  return { client: createShopClient({ baseUrl: `${shopUrl()}/api`, tokenStore }), tokenStore };
}

/** Every product of the catalogue as the API answers it now (fresh, never from a cache of ours). */
export async function catalogue(): Promise<Product[]> {
  const { client } = shopApi();
  const page = await client.products.list({ pageSize: 100 });
  return page.items;
}

/**
 * A product as a journey buys it: in the variant its page opens on (the first colour in stock). Its price and stock
 * are that variant's, `lineTitle` is the name the cart gives the line ("Lumen M70 — Midnight Black", in its toasts,
 * lines and refusals), `title` stays the product's (cards, lists, search), and `variantId` is what an order through
 * the API names. A product without options is its only variant, as before.
 */
export type JourneyProduct = Product & { variantId: string | null; lineTitle: string };

/** The variant each picked product is bought in, for stockOf. */
const boughtVariant = new Map<string, string>();

function asBought(product: Product): JourneyProduct | null {
  if (product.options.length === 0) {
    return { ...product, lineTitle: product.title, variantId: product.variants[0]?.id ?? null };
  }
  const variant = defaultVariant(product.options, product.variants);
  // A product whose size must be chosen is no product for a journey that buys "the product".
  if (!variant) return null;
  return {
    ...product,
    lineTitle: variantTitle(product.title, variant.options, product.options),
    sku: variant.sku,
    price: variant.price,
    discount: variant.discount,
    quantity: variant.quantity,
    status: variant.status,
    variantId: variant.id,
  };
}

/** An order's line for a picked product: its variant, so the API need not ask which size or colour. */
export function orderItem(product: JourneyProduct, quantity: number) {
  return { productId: product.id, ...(product.variantId ? { variantId: product.variantId } : {}), quantity };
}

/** The stock of a picked product's variant (or of a product the journey did not pick, as the API sums it). */
export async function stockOf(id: string): Promise<number> {
  const product = await shopApi().client.products.get(id);
  const variantId = boughtVariant.get(id);
  return variantId ? (product.variants.find((v) => v.id === variantId)?.quantity ?? 0) : product.quantity;
}

/**
 * A product fitting the journey's test that no other journey of this run has taken: each journey
 * picks its own, so their orders never meet on one product. Journey files run side by side in several workers,
 * so the claim is a file in the shop's data folder, made only if it is not there yet (one worker wins it). The
 * products with the most stock by value are offered first, which leaves the scarce ones (little stock, or cheap) to
 * the journeys that ask for them, whichever journey asks first.
 */
export async function pickProduct(test: (p: JourneyProduct) => boolean): Promise<JourneyProduct> {
  const stockValue = (p: Product) => p.quantity * p.price;
  const candidates = (await catalogue())
    .map(asBought)
    .filter((p): p is JourneyProduct => p !== null && test(p))
    .sort((a, b) => stockValue(b) - stockValue(a));
  const product = claimFirst(candidates);
  if (product.variantId) boughtVariant.set(product.id, product.variantId);
  return product;
}

/** A product with all its options and variants (one whose size must be chosen, too), claimed as pickProduct does. */
export async function pickProductWithOptions(test: (p: Product) => boolean): Promise<Product> {
  return claimFirst((await catalogue()).filter(test));
}

function claimFirst<P extends Product>(candidates: readonly P[]): P {
  const claims = join(inject("dataDir"), "journey-claims");
  mkdirSync(claims, { recursive: true });
  for (const product of candidates) {
    try {
      writeFileSync(join(claims, product.id), expect.getState().testPath ?? "", { flag: "wx" });
      return product;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  throw new Error("no product in the sample catalogue, unclaimed by another journey, fits this journey");
}

/** A shopper registered through the API, with the session the API answered. */
export async function newShopper(label: string) {
  const { client, tokenStore } = shopApi();
  const email = `${label}-${randomUUID().slice(0, 8)}@shop.test`;
  const password = "Journey123!";
  const session = await client.auth.register({ firstName: "Ana", lastName: label, email, password });
  return { client, tokenStore, email, password, session };
}

/**
 * The cart's "added" toast for a card's product: `1 x {title} agregado al carrito`, the title followed by the variant
 * the card bought when the product has options ("Lumen M70 — Midnight Black").
 */
export function addedToast(title: string, quantity = 1): RegExp {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${quantity} x ${escaped}( — [^]+)? agregado al carrito$`);
}

/** The toast with this exact text, of this kind (notistack's variant: success, error, info). */
export async function expectToast(page: Page, variant: "success" | "error" | "info", message: string) {
  const toast = page.locator(`.notistack-MuiContent-${variant}`).filter({ hasText: message });
  await expect.poll(async () => (await toast.allInnerTexts()).map((t) => t.trim())).toContain(message);
}

/** The count a header icon announces: "Cart: 3". */
export async function headerCount(page: Page, label: "Cart" | "Wishlist" | "Compare"): Promise<number> {
  const name = await page
    .getByRole("banner")
    .getByLabel(new RegExp(`^${label}: \\d+$`))
    .getAttribute("aria-label");
  return Number(/: (\d+)$/.exec(name ?? "")?.[1]);
}

/** What the shop keeps in browser storage under a key, parsed. */
export async function storedJson(page: Page, key: string): Promise<unknown> {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null"), key);
}

/** An access token the API accepts in form, signed with the shop's own secret, that expired a minute ago. */
export function expiredAccessToken(userId: string): string {
  const secret = readFileSync(join(inject("dataDir"), "jwt-secret"), "utf8").trim();
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const header = encode({ alg: "HS256", typ: "JWT" });
  const payload = encode({
    role: "customer",
    sub: userId,
    iss: "shop-api",
    aud: "shop",
    iat: now - 960,
    exp: now - 60,
  });
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** Puts a session into the page's storage the way the shop keeps it (token, refreshToken, user, userId). */
export async function storeSession(
  page: Page,
  session: { token: string; refreshToken: string; user: { userId: string } },
): Promise<void> {
  await page.evaluate((s) => {
    localStorage.setItem("token", s.token);
    localStorage.setItem("refreshToken", s.refreshToken);
    localStorage.setItem("user", JSON.stringify(s.user));
    localStorage.setItem("userId", s.user.userId);
  }, session);
}

/** A form field by its label; a required field's label ends with MUI's asterisk. */
export const field = (within: Page | Locator, label: string) =>
  within.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`));
