/** Product reviews in the database: the public approved list, a shopper's submission, moderation, and the product's rating kept in step. */
import type { ReviewStatus } from "@shop/domain/constants";
import type { Review } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { conflict, notFound } from "../../http-errors.ts";
import type { ListRequest } from "../../lists.ts";
import { lockProduct, productTitles, setRating } from "../products/references.ts";
import { findCustomer } from "../users/customers.ts";
import { reviews } from "./tables.ts";

type ReviewRow = typeof reviews.$inferSelect;
/** What an admin sees: the review with the reviewer's email and the product's title. */
export type AdminReview = Review & { email: string; productTitle: string };

/** The public shape: never the reviewer's email, nor their account's id (which would tie their reviews together). */
export function toPublicReview(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    userImage: row.userImage,
    review: row.review,
    rating: row.rating,
    date: row.createdAt.toISOString(),
    status: row.status as ReviewStatus,
  };
}

function toAdminReview(row: ReviewRow & { productTitle: string }): AdminReview {
  return { ...toPublicReview(row), userId: row.userId, email: row.email, productTitle: row.productTitle };
}

export async function listApprovedReviews(
  db: Db,
  productId: string,
  list: Pick<ListRequest, "offset" | "pageSize">,
): Promise<{ items: Review[]; total: number }> {
  const where = and(eq(reviews.productId, productId), eq(reviews.status, "approved"));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(list.pageSize)
      .offset(list.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { items: rows.map(toPublicReview), total: total?.n ?? 0 };
}

/** "Sofía S.": the first name and the last name's initial, so a public review does not carry a full name. */
export function reviewerName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}

export const alreadyReviewed = "You have already reviewed this product";

/** A shopper's review, pending until an admin approves it; one per shopper and product. */
export async function createReview(
  db: Db,
  input: { productId: string; userId: string; rating: number; review: string },
): Promise<Review> {
  return db.transaction(async (tx) => {
    // Locking the product serialises one shopper's double submit, so the check below cannot be raced.
    if (!(await lockProduct(tx, input.productId))) throw notFound("Product");
    const user = await findCustomer(tx, input.userId);
    if (!user) throw notFound("User");
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, input.productId), eq(reviews.userId, input.userId)));
    if (existing) throw conflict(alreadyReviewed, "REVIEW_EXISTS");
    const [row] = await tx
      .insert(reviews)
      .values({
        productId: input.productId,
        userId: user.id,
        name: reviewerName(user.firstName, user.lastName),
        email: user.email,
        userImage: null,
        review: input.review,
        rating: input.rating,
        status: "pending",
      })
      .returning();
    return toPublicReview(row!);
  });
}

export const REVIEW_SORT_FIELDS = ["id", "createdAt", "rating", "status"] as const;
type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];

// Sort names map to columns through this table only; nothing from the request reaches SQL as text.
const sortColumns = {
  id: reviews.id,
  createdAt: reviews.createdAt,
  rating: reviews.rating,
  status: reviews.status,
} satisfies Record<ReviewSortField, unknown>;

export interface ReviewFilters {
  status?: ReviewStatus | undefined;
  productId?: string | undefined;
  q?: string | undefined;
  ids?: string[] | undefined;
}

/** Reviews as admins see them, with their products' titles. */
async function withTitles(db: Db | Tx, rows: ReviewRow[]): Promise<AdminReview[]> {
  const titles = await productTitles(
    db,
    rows.map((r) => r.productId),
  );
  return rows.map((r) => toAdminReview({ ...r, productTitle: titles.get(r.productId) ?? "" }));
}

export async function listReviews(
  db: Db,
  list: Pick<ListRequest, "sort" | "offset" | "pageSize">,
  filters: ReviewFilters,
): Promise<{ items: AdminReview[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(reviews.status, filters.status));
  if (filters.productId) {
    conditions.push(isUuid(filters.productId) ? eq(reviews.productId, filters.productId) : sql`false`);
  }
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(
      or(ilike(reviews.name, pattern), ilike(reviews.email, pattern), ilike(reviews.review, pattern)),
    );
  }
  if (filters.ids) {
    const ids = filters.ids.filter(isUuid);
    conditions.push(ids.length ? inArray(reviews.id, ids) : sql`false`);
  }
  const where = and(...conditions);
  const order = list.sort
    ? [(list.sort.order === "asc" ? asc : desc)(sortColumns[list.sort.field as ReviewSortField])]
    : [desc(reviews.createdAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(...order, desc(reviews.id))
      .limit(list.pageSize)
      .offset(list.offset),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { items: await withTitles(db, rows), total: total?.n ?? 0 };
}

export async function findReview(db: Db | Tx, id: string): Promise<AdminReview | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(reviews).where(eq(reviews.id, id));
  return (await withTitles(db, rows))[0];
}

/** The product's rating (average of approved reviews, 2 decimals, 0 when none) and review count, brought up to date. */
export async function refreshProductRating(tx: Tx, productId: string): Promise<void> {
  // Lock the product first: the count below then starts after any concurrent moderation of the same product
  // has committed, so it counts that one too (a statement that waited for the lock would not).
  await lockProduct(tx, productId);
  const [approved] = await tx
    .select({
      rating: sql<string>`coalesce(round(avg(${reviews.rating}), 2), 0)::text`,
      reviewCount: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")));
  await setRating(tx, productId, {
    rating: Number(approved?.rating ?? 0),
    reviewCount: Number(approved?.reviewCount ?? 0),
  });
}

/** Approves, rejects or returns a review to pending, and brings the product's rating along. */
export async function moderateReview(
  db: Db,
  id: string,
  status: ReviewStatus,
): Promise<AdminReview | undefined> {
  if (!isUuid(id)) return undefined;
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(reviews)
        .set({ status })
        .where(eq(reviews.id, id))
        .returning({ productId: reviews.productId });
      if (!row) return undefined;
      await refreshProductRating(tx, row.productId);
      return findReview(tx, id);
    }),
  );
}

/** Deletes a review and answers it as it was; the product's rating follows. */
export async function deleteReview(db: Db, id: string): Promise<AdminReview | undefined> {
  if (!isUuid(id)) return undefined;
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const before = await findReview(tx, id);
      if (!before) return undefined;
      await tx.delete(reviews).where(eq(reviews.id, id));
      await refreshProductRating(tx, before.productId);
      return before;
    }),
  );
}
