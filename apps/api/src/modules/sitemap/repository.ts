/** The sitemap's reads: only ids, slugs and dates, in primary-key order, a page at a time. */
import { asc, count } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { blogPosts } from "../blog/tables.ts";
import { categories } from "../categories/tables.ts";
import { products } from "../products/tables.ts";

export interface SitemapRow {
  key: string;
  updatedAt: Date | null;
}

export async function countSitemapRows(
  db: Db,
): Promise<{ products: number; categories: number; posts: number }> {
  const [[p], [c], [b]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(categories),
    db.select({ n: count() }).from(blogPosts),
  ]);
  return { products: p?.n ?? 0, categories: c?.n ?? 0, posts: b?.n ?? 0 };
}

export function productPage(db: Db, offset: number, limit: number): Promise<SitemapRow[]> {
  return db
    .select({ key: products.id, updatedAt: products.updatedAt })
    .from(products)
    .orderBy(asc(products.id))
    .limit(limit)
    .offset(offset);
}

/** A category's listing changes with its products, so it carries no date of its own. */
export async function categoryPage(db: Db, offset: number, limit: number): Promise<SitemapRow[]> {
  const rows = await db
    .select({ key: categories.slug })
    .from(categories)
    .orderBy(asc(categories.id))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({ key: row.key, updatedAt: null }));
}

export function postPage(db: Db, offset: number, limit: number): Promise<SitemapRow[]> {
  return db
    .select({ key: blogPosts.id, updatedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .orderBy(asc(blogPosts.id))
    .limit(limit)
    .offset(offset);
}
