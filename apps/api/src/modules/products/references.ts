/**
 * A product as other modules name it: found by id or slug, locked while they change what it shows, its title, and
 * its rating kept in step by the reviews module.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { products } from "./tables.ts";

/** A product by id or slug (as GET /product/{id} accepts), with its title. */
export async function findProductRef(
  db: Db | Tx,
  idOrSlug: string,
): Promise<{ id: string; title: string } | undefined> {
  const where = isUuid(idOrSlug)
    ? eq(products.id, idOrSlug.toLowerCase())
    : eq(products.slug, idOrSlug.toLowerCase());
  const [row] = await db.select({ id: products.id, title: products.title }).from(products).where(where);
  return row;
}

/** Locks the product's row until the transaction ends; false when there is no such product. */
export async function lockProduct(tx: Tx, productId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  return row !== undefined;
}

/** The titles of the products of `ids`, by id. */
export async function productTitles(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(inArray(products.id, wanted));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** Sets the product's rating (the average of its approved reviews, 2 decimals) and review count. */
export async function setRating(
  tx: Tx,
  productId: string,
  rating: { rating: number; reviewCount: number },
): Promise<void> {
  await tx
    .update(products)
    .set({ rating: rating.rating, reviewCount: rating.reviewCount })
    .where(eq(products.id, productId));
}
