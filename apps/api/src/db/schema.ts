/**
 * Every table of the shop, for Drizzle's typed handle, drizzle-kit's migrations, the seeds and the tests. Each table
 * is defined in the module that owns it (modules/<name>/tables.ts; who owns which is in
 * docs/decisions/048-modules-own-their-tables.md); a module's code imports its own tables, never this file.
 * Money is integer cents, rates numeric(12,4).
 */
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export * from "../modules/audit/tables.ts";
export * from "../modules/banners/tables.ts";
export * from "../modules/blog/tables.ts";
export * from "../modules/brands/tables.ts";
export * from "../modules/categories/tables.ts";
export * from "../modules/contact/tables.ts";
export * from "../modules/coupons/tables.ts";
export * from "../modules/exchange/tables.ts";
export * from "../modules/inventory/tables.ts";
export * from "../modules/media/tables.ts";
export * from "../modules/orders/tables.ts";
export * from "../modules/payments/tables.ts";
export * from "../modules/products/tables.ts";
export * from "../modules/receipts/tables.ts";
export * from "../modules/returns/tables.ts";
export * from "../modules/reviews/tables.ts";
export * from "../modules/search/tables.ts";
export * from "../modules/shipping/tables.ts";
export * from "../modules/users/tables.ts";

/** Rate-limit counters every API process shares (when REDIS_URL is not set): one row per key and window. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("rate_limits_expires_at_idx").on(t.expiresAt)],
);
