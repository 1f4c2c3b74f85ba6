/** Blog post queries: the storefront's list (newest first, by category, tag or text) and one post by id or slug. */
import type { BlogPost } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { blogPosts } from "./tables.ts";

export const BLOG_SORT_FIELDS = ["id", "title", "publishedAt", "author", "category"] as const;
type BlogSortField = (typeof BLOG_SORT_FIELDS)[number];

const sortColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  publishedAt: blogPosts.publishedAt,
  author: blogPosts.author,
  category: blogPosts.category,
} satisfies Record<BlogSortField, unknown>;

const columns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  body: blogPosts.body,
  img: blogPosts.img,
  author: blogPosts.author,
  category: blogPosts.category,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] };

const toPost = (row: Row): BlogPost => ({ ...row, publishedAt: row.publishedAt.toISOString() });

export interface BlogFilters {
  q?: string;
  /** A category slug (slugify of its name), so "Style Tips", "style tips" and "style-tips" all match. */
  categorySlug?: string;
  tag?: string;
  ids?: string[];
}

// The same rule as @shop/domain's slugify, in SQL: lowercase, & removed, trimmed, whitespace runs to one hyphen.
const categorySlugSql = sql`regexp_replace(btrim(replace(lower(${blogPosts.category}), '&', '')), '\\s+', '-', 'g')`;

function whereOf(filters: BlogFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern)));
  }
  if (filters.categorySlug) conditions.push(sql`${categorySlugSql} = ${filters.categorySlug}`);
  if (filters.tag) {
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(${blogPosts.tags}) as t(tag) where lower(t.tag) = lower(${filters.tag}))`,
    );
  }
  if (filters.ids) conditions.push(inArray(blogPosts.id, filters.ids.filter(isUuid)));
  return and(...conditions);
}

export async function listBlogPosts(
  db: Db,
  options: {
    filters: BlogFilters;
    sort: { field: string; order: "asc" | "desc" } | null;
    offset: number;
    limit: number;
  },
): Promise<{ items: BlogPost[]; total: number }> {
  if (options.filters.ids && !options.filters.ids.some(isUuid)) return { items: [], total: 0 };
  const where = whereOf(options.filters);
  const order = options.sort
    ? [
        (options.sort.order === "asc" ? asc : desc)(sortColumns[options.sort.field as BlogSortField]),
        desc(blogPosts.id),
      ]
    : [desc(blogPosts.publishedAt), desc(blogPosts.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(blogPosts)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { items: rows.map(toPost), total: totalRow?.n ?? 0 };
}

/** A post by its id or, failing that, its slug (the storefront links by either). */
export async function findBlogPost(db: Db, idOrSlug: string): Promise<BlogPost | null> {
  const where = isUuid(idOrSlug)
    ? or(eq(blogPosts.id, idOrSlug), eq(blogPosts.slug, idOrSlug.toLowerCase()))
    : eq(blogPosts.slug, idOrSlug.toLowerCase());
  const [row] = await db.select(columns).from(blogPosts).where(where).limit(1);
  return row ? toPost(row) : null;
}

export interface BlogPostValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  img: string;
  author: string;
  category: string;
  tags: string[];
  publishedAt: Date;
}

export async function insertBlogPost(db: Db, values: BlogPostValues): Promise<BlogPost> {
  const [row] = await db.insert(blogPosts).values(values).returning(columns);
  return toPost(row!);
}

export async function updateBlogPost(db: Db, id: string, values: BlogPostValues): Promise<BlogPost | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.update(blogPosts).set(values).where(eq(blogPosts.id, id)).returning(columns);
  return row ? toPost(row) : null;
}

export async function deleteBlogPost(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  return rows.length > 0;
}
