/**
 * Products as their categories and brands see them: how many each holds, and the changes a category's or brand's
 * edit makes to its products (a new product type, a respelt subcategory, the search text after a rename).
 */
import type { ProductType } from "@shop/domain/constants";
import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Conn, Tx } from "../../db/client.ts";
import { refreshSearchText } from "./repository.ts";
import { products } from "./tables.ts";

/**
 * How many products a category or brand holds, as a column of its select (`product_count`). `outerId` names the
 * category's or brand's id spelt out with its table: Drizzle leaves columns unqualified in a select's sql, and the
 * subquery would bind them to its own table.
 */
export function productCountColumn(by: "category" | "brand", outerId: SQL) {
  const column = by === "category" ? sql.raw("p.category_id") : sql.raw("p.brand_id");
  return sql<number>`(select count(*) from ${products} p where ${column} = ${outerId})`
    .mapWith(Number)
    .as("product_count");
}

/** Products per category and subcategory slug (`{categoryId}/{slug}`), for the given categories, one GROUP BY. */
export async function subcategoryCounts(db: Conn, categoryIds: string[]): Promise<Map<string, number>> {
  if (!categoryIds.length) return new Map();
  const rows = await db
    .select({ categoryId: products.categoryId, slug: products.subcategorySlug, n: count() })
    .from(products)
    .where(inArray(products.categoryId, categoryIds))
    .groupBy(products.categoryId, products.subcategorySlug);
  return new Map(rows.map((r) => [`${r.categoryId}/${r.slug}`, r.n]));
}

/** How many of the category's products are in each of the subcategories of `slugs` (those with any). */
export function subcategoriesInUse(
  tx: Tx,
  categoryId: string,
  slugs: string[],
): Promise<{ slug: string; n: number }[]> {
  return tx
    .select({ slug: products.subcategorySlug, n: count() })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), inArray(products.subcategorySlug, slugs)))
    .groupBy(products.subcategorySlug);
}

/** The category's products take its new product type. */
export async function moveToProductType(
  tx: Tx,
  categoryId: string,
  productType: ProductType,
  now: Date,
): Promise<void> {
  await tx.update(products).set({ productType, updatedAt: now }).where(eq(products.categoryId, categoryId));
}

/** The category's products in the subcategory of `slug` take its new spelling (the slug stays). */
export async function respellSubcategory(
  tx: Tx,
  categoryId: string,
  slug: string,
  spelling: string,
  now: Date,
): Promise<void> {
  await tx
    .update(products)
    .set({ subcategory: spelling, updatedAt: now })
    .where(and(eq(products.categoryId, categoryId), eq(products.subcategorySlug, slug)));
}

/** Recomputes the search text of a category's or brand's products after its name changed. */
export function refreshSearchTextOf(
  tx: Tx,
  of: { categoryId: string } | { brandId: string },
): Promise<number> {
  return refreshSearchText(
    tx,
    "categoryId" in of ? eq(products.categoryId, of.categoryId) : eq(products.brandId, of.brandId),
  );
}
