/**
 * "Notify me when it's back": a shopper's request for one mail when a sold-out variant has stock again. One request
 * per variant and address; the mail goes once per request (claimed by one UPDATE, so several processes never send it
 * twice); its link to unsubscribe works without signing in (docs/security.md).
 */
import { randomBytes } from "node:crypto";
import { optionSlug, variantTitle } from "@shop/domain/variants";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { conflict, notFound } from "../../http-errors.ts";
import { html } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";
import { products, productVariants } from "../products/tables.ts";
import { backInStockRequests } from "./tables.ts";

export const BACK_IN_STOCK_MESSAGES = {
  requested: "We'll email you once when it's back in stock.",
  unsubscribed: "You will not get that email. Your address has been removed from the request.",
} as const;

/**
 * Keeps the request (asking twice keeps one, and asks again after an earlier mail was sent). A variant in stock
 * now is a 409 IN_STOCK: it can be bought instead.
 */
export async function requestBackInStock(db: Db, variantId: string, email: string): Promise<void> {
  const id = variantId.toLowerCase();
  if (!isUuid(id)) throw notFound("Variant");
  const [variant] = await db
    .select({ quantity: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.id, id));
  if (!variant) throw notFound("Variant");
  if (variant.quantity > 0) throw conflict("This variant is in stock: it can be bought now", "IN_STOCK");
  await db
    .insert(backInStockRequests)
    .values({
      variantId: id,
      email: email.trim().toLowerCase(),
      token: randomBytes(32).toString("base64url"),
    })
    .onConflictDoUpdate({
      target: [backInStockRequests.variantId, backInStockRequests.email],
      set: { notifiedAt: null },
    });
}

/** Forgets the request the link's token names; an unknown or used token answers the same. */
export async function unsubscribeBackInStock(db: Db, token: string): Promise<void> {
  if (!token) return;
  await db.delete(backInStockRequests).where(eq(backInStockRequests.token, token));
}

/** A back-in-stock mail to send: what it is about and where to buy it. */
export interface DueMail {
  email: string;
  token: string;
  productId: string;
  variantId: string;
  title: string;
  options: Record<string, string>;
}

/**
 * Claims every waiting request whose variant has stock again, marking it sent, and answers them: each is answered
 * to one caller only, whichever process asks, so each mail goes once.
 */
export async function claimDueRequests(db: Db, now = new Date()): Promise<DueMail[]> {
  const due = db
    .select({ id: backInStockRequests.id })
    .from(backInStockRequests)
    .innerJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId))
    .where(and(isNull(backInStockRequests.notifiedAt), gt(productVariants.quantity, 0)))
    .limit(500);
  const claimed = await db
    .update(backInStockRequests)
    .set({ notifiedAt: now })
    .where(and(sql`${backInStockRequests.id} in ${due}`, isNull(backInStockRequests.notifiedAt)))
    .returning({
      email: backInStockRequests.email,
      token: backInStockRequests.token,
      variantId: backInStockRequests.variantId,
    });
  if (!claimed.length) return [];
  const variants = await db
    .select({
      id: productVariants.id,
      productId: products.id,
      title: products.title,
      productOptions: products.options,
      options: productVariants.options,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`${productVariants.id} in ${[...new Set(claimed.map((c) => c.variantId))]}`);
  const byId = new Map(variants.map((v) => [v.id, v]));
  return claimed.flatMap((c) => {
    const v = byId.get(c.variantId);
    if (!v) return [];
    return [
      {
        email: c.email,
        token: c.token,
        productId: v.productId,
        variantId: v.id,
        title: variantTitle(v.title, v.options, v.productOptions),
        options: v.options,
      },
    ];
  });
}

/** The link to the variant's page, its choice in the URL as the product page reads it. */
export function variantLink(
  shopOrigin: string,
  due: Pick<DueMail, "productId" | "variantId" | "options">,
): string {
  const params = new URLSearchParams({ variant: due.variantId });
  for (const [name, value] of Object.entries(due.options)) params.set(optionSlug(name), optionSlug(value));
  return `${shopOrigin}/product-details/${encodeURIComponent(due.productId)}?${params}`;
}

/** The shop page that unsubscribes (it calls GET /api/back-in-stock/unsubscribe with the token). */
export const unsubscribeLink = (shopOrigin: string, token: string): string =>
  `${shopOrigin}/back-in-stock/unsubscribe?token=${encodeURIComponent(token)}`;

/** The mail: one, short, with the link to buy and the link to unsubscribe; HTML escapes the product's words. */
export function backInStockMail(shopOrigin: string, due: DueMail): Mail {
  const link = variantLink(shopOrigin, due);
  const unsubscribe = unsubscribeLink(shopOrigin, due.token);
  return {
    to: due.email,
    subject: `Back in stock: ${due.title}`,
    text: [
      `Good news: ${due.title} is back in stock.`,
      "",
      `Buy it here: ${link}`,
      "",
      "You asked us to tell you once; this is the only email about it.",
      `Unsubscribe: ${unsubscribe}`,
    ].join("\n"),
    html: html`<p>Good news: <strong>${due.title}</strong> is back in stock.</p>
<p><a href="${link}">Buy it now</a></p>
<p>You asked us to tell you once; this is the only email about it. <a href="${unsubscribe}">Unsubscribe</a></p>`.toString(),
  };
}
