/** Banner queries: the home page's promotional slots, listed by position and order. */
import type { Banner } from "@shop/domain/schemas";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { banners } from "../../db/schema.ts";

export type BannerInput = Omit<Banner, "id">;

export const BANNER_SORT_FIELDS = ["id", "title", "position", "sortOrder", "active"] as const;
type BannerSortField = (typeof BANNER_SORT_FIELDS)[number];

// Sort names map to columns through this table only; nothing from the request reaches SQL as text.
const sortColumns = {
  id: banners.id,
  title: banners.title,
  position: banners.position,
  sortOrder: banners.sortOrder,
  active: banners.active,
} satisfies Record<BannerSortField, unknown>;

const columns = {
  id: banners.id,
  title: banners.title,
  subtitle: banners.subtitle,
  img: banners.img,
  link: banners.link,
  position: banners.position,
  active: banners.active,
  sortOrder: banners.sortOrder,
};

export interface BannerFilters {
  q?: string;
  position?: string;
  active?: boolean;
  ids?: string[];
}

export interface BannerListOptions {
  filters: BannerFilters;
  sort: { field: string; order: "asc" | "desc" } | null;
  offset: number;
  limit: number;
}

function whereOf(filters: BannerFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q)
    conditions.push(
      or(ilike(banners.title, containing(filters.q)), ilike(banners.subtitle, containing(filters.q))),
    );
  if (filters.position) conditions.push(eq(banners.position, filters.position));
  if (filters.active !== undefined) conditions.push(eq(banners.active, filters.active));
  if (filters.ids) conditions.push(inArray(banners.id, filters.ids.filter(isUuid)));
  return and(...conditions);
}

export async function listBanners(
  db: Db,
  options: BannerListOptions,
): Promise<{ items: Banner[]; total: number }> {
  const where = whereOf(options.filters);
  if (options.filters.ids && !options.filters.ids.some(isUuid)) return { items: [], total: 0 };
  const order = options.sort
    ? [
        (options.sort.order === "asc" ? asc : desc)(sortColumns[options.sort.field as BannerSortField]),
        asc(banners.id),
      ]
    : [asc(banners.position), asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id)];
  const [items, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(banners)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(banners).where(where),
  ]);
  return { items, total: totalRow?.n ?? 0 };
}

export async function findBanner(db: Db, id: string): Promise<Banner | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(banners).where(eq(banners.id, id));
  return row ?? null;
}

export async function insertBanner(db: Db, input: BannerInput): Promise<Banner> {
  const [row] = await db.insert(banners).values(input).returning(columns);
  return row!;
}

export async function updateBanner(db: Db, id: string, input: BannerInput): Promise<Banner | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.update(banners).set(input).where(eq(banners.id, id)).returning(columns);
  return row ?? null;
}

export async function deleteBanner(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length > 0;
}
