/** The reviews a product's page shows: approved ones only, never the reviewer's email. */
import type { Review } from "@shop/domain/schemas/public";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { toPublicReview } from "./repository.ts";
import { reviews } from "./tables.ts";

/** Approved reviews, newest first, for the public detail: the reviewer's email never leaves the server here. */
export async function approvedReviews(db: Db | Tx, productId: string): Promise<Review[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toPublicReview);
}
