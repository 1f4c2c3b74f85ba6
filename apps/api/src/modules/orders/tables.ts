/** The orders module's tables: orders and their lines. */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, pk, updatedAt } from "../../db/columns.ts";
import { coupons } from "../coupons/tables.ts";
import { products, productVariants } from "../products/tables.ts";
import { shippingMethods } from "../shipping/tables.ts";
import { users } from "../users/tables.ts";

export interface ShippingAddressRow {
  streetAddress: string;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

export const orders = pgTable(
  "orders",
  {
    id: pk(),
    orderNumber: bigint("order_number", { mode: "number" }).generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending"),
    currency: text("currency").notNull(),
    rate: numeric("rate", { precision: 12, scale: 4 }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The same totals in the order's currency (equal to the USD ones for USD orders). */
    currencySubtotalCents: integer("currency_subtotal_cents").notNull(),
    currencyDiscountCents: integer("currency_discount_cents").notNull(),
    currencyShippingCents: integer("currency_shipping_cents").notNull(),
    currencyTotalCents: integer("currency_total_cents").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethods.id, {
      onDelete: "set null",
    }),
    shippingMethodName: text("shipping_method_name").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddressRow>().notNull(),
    paymentMethod: text("payment_method").notNull(),
    phone: text("phone").notNull(),
    note: text("note"),
    idempotencyKey: text("idempotency_key"),
    /** Set when a cancellation put the stock back, so it happens once. */
    stockRestoredAt: timestamp("stock_restored_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_order_number_key").on(t.orderNumber),
    uniqueIndex("orders_idempotency_key").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_created_at_idx").on(t.createdAt),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending','processing','shipped','delivered','cancelled')`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    /** The line's place in the order, as the shopper listed it. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    sku: text("sku").notNull(),
    img: text("img").notNull(),
    productType: text("product_type").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discount: numeric("discount", { precision: 5, scale: 2, mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    color: text("color"),
    size: text("size"),
    /** The variant bought; null once an admin removed it (the line keeps its SKU and values). */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** The variant's option values when it was bought. */
    options: jsonb("options").$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_variant_idx").on(t.variantId),
  ],
);

/** Every status change of an order: from what to what, when, and who (null: the shopper or the shop itself). */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Copied in, so the history still says who it was when the account is gone. */
    byEmail: text("by_email"),
    note: text("note"),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.at)],
);

/** Where a shipped order's parcel is: its carrier and tracking number. */
export const orderShipments = pgTable("order_shipments", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  carrier: text("carrier").notNull(),
  trackingNumber: text("tracking_number").notNull(),
  shippedAt: timestamp("shipped_at", { withTimezone: true, mode: "date" }).notNull(),
});
