/** The reviews module's table. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";
import { products } from "../products/tables.ts";
import { users } from "../users/tables.ts";

export const reviews = pgTable(
  "reviews",
  {
    id: pk(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    userImage: text("user_image"),
    review: text("review").notNull(),
    rating: integer("rating").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.status),
    index("reviews_status_idx").on(t.status, t.createdAt),
    uniqueIndex("reviews_one_per_user_product").on(t.productId, t.userId).where(sql`${t.userId} is not null`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
