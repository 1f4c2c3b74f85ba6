/** Banner queries: the storefront's promotional slots, listed by position and order, each shown between its dates. */
import type { Banner } from "@shop/domain/schemas/public";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { banners } from "./tables.ts";

export type BannerInput = Omit<Banner, "id">;

export const BANNER_SORT_FIELDS = [
  "id",
  "title",
  "position",
  "sortOrder",
  "active",
  "startsAt",
  "endsAt",
] as const;
type BannerSortField = (typeof BANNER_SORT_FIELDS)[number];

// Sort names map to columns through this table only; nothing from the request reaches SQL as text.
const sortColumns = {
  id: banners.id,
  title: banners.title,
  position: banners.position,
  sortOrder: banners.sortOrder,
  active: banners.active,
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
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
  startsAt: banners.startsAt,
  endsAt: banners.endsAt,
};

type Row = Omit<Banner, "startsAt" | "endsAt"> & { startsAt: Date | null; endsAt: Date | null };

const toBanner = (row: Row): Banner => ({
  ...row,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

/** The banners showing at `now`: switched on, started (inclusive) and not yet ended (as bannerShowsAt). */
export function showingAt(now: Date): SQL {
  return and(
    eq(banners.active, true),
    or(isNull(banners.startsAt), lte(banners.startsAt, now)),
    or(isNull(banners.endsAt), gt(banners.endsAt, now)),
  )!;
}

export interface BannerFilters {
  q?: string;
  position?: string;
  /** true: only the banners showing at `now`; false: only those not showing (off, not started or ended). */
  showing?: { value: boolean; now: Date };
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
  if (filters.showing) {
    const showing = showingAt(filters.showing.now);
    conditions.push(filters.showing.value ? showing : not(showing));
  }
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
  return { items: items.map(toBanner), total: totalRow?.n ?? 0 };
}

/** One banner; with `showingAt`, only if it shows at that moment. */
export async function findBanner(db: Db, id: string, showingAtNow?: Date): Promise<Banner | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(columns)
    .from(banners)
    .where(and(eq(banners.id, id), showingAtNow && showingAt(showingAtNow)));
  return row ? toBanner(row) : null;
}

const toRow = (input: BannerInput) => ({
  ...input,
  startsAt: input.startsAt === null ? null : new Date(input.startsAt),
  endsAt: input.endsAt === null ? null : new Date(input.endsAt),
});

export async function insertBanner(db: Db, input: BannerInput): Promise<Banner> {
  const [row] = await db.insert(banners).values(toRow(input)).returning(columns);
  return toBanner(row!);
}

export async function updateBanner(db: Db, id: string, input: BannerInput): Promise<Banner | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.update(banners).set(toRow(input)).where(eq(banners.id, id)).returning(columns);
  return row ? toBanner(row) : null;
}

/**
 * The next moment after `now` when a switched-on banner starts or stops showing, or null when none is due: what
 * the storefront shows changes then, without anybody writing.
 */
export async function nextBannerChange(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      starts: sql`min(${banners.startsAt}) filter (where ${banners.startsAt} > ${now})`.mapWith(
        banners.startsAt,
      ),
      ends: sql`min(${banners.endsAt}) filter (where ${banners.endsAt} > ${now})`.mapWith(banners.endsAt),
    })
    .from(banners)
    .where(eq(banners.active, true));
  const times = [row?.starts, row?.ends].filter((t): t is Date => t instanceof Date).map((t) => t.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}

export async function deleteBanner(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length > 0;
}
