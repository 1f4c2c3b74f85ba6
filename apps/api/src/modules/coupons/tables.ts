/** The coupons module's tables: the coupons and which order redeemed which. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";
import { orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";

export const coupons = pgTable(
  "coupons",
  {
    id: pk(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    kind: text("kind").notNull(),
    /** Percent for percent coupons (0..100), cents for fixed ones. */
    valuePercent: numeric("value_percent", { precision: 5, scale: 2, mode: "number" }),
    valueCents: integer("value_cents"),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    productType: text("product_type"),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_usage_check", sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: pk(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId)],
);
