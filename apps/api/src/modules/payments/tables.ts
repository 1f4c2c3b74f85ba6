/** The payments module's tables: attempts at the card gateway, and the records of money received and given back. */
import { sql } from "drizzle-orm";
import {
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
import { createdAt, pk, updatedAt } from "../../db/columns.ts";
import { orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";

/**
 * One trip of a shopper to the card gateway's hosted page for an order: what was asked (amount, currency, the
 * reference sent as the gateway's OrderNumber) and how it ended, as the signed result or the gateway's own
 * verification said.
 */
export const paymentAttempts = pgTable(
  "payment_attempts",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** What the gateway knows the attempt by: the order's number and the attempt's, digits only ("104203"). */
    reference: text("reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("pending"),
    /** The gateway's own ids for the transaction (AzulOrderId, RRN, authorization code), once it answered. */
    gatewayOrderId: text("gateway_order_id"),
    authorizationCode: text("authorization_code"),
    rrn: text("rrn"),
    message: text("message"),
    settledAt: timestamp("settled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payment_attempts_reference_key").on(t.provider, t.reference),
    index("payment_attempts_order_idx").on(t.orderId, t.createdAt),
    index("payment_attempts_pending_idx").on(t.status, t.createdAt),
    check(
      "payment_attempts_status_check",
      sql`${t.status} in ('pending','approved','declined','failed','cancelled')`,
    ),
  ],
);

/**
 * Money received for an order or given back, in the order's currency: one row per payment or refund. The key makes
 * a second delivery of the same fact a no-op (a gateway result twice, a refund asked twice, one bank reference).
 */
export const payments = pgTable(
  "payments",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    provider: text("provider").notNull(),
    /** The bank's or gateway's reference for the money (a transfer's reference, an authorization code). */
    reference: text("reference").notNull(),
    key: text("key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** The order's rate (DOP per USD), so reports can tell the amount in both currencies as the order did. */
    rate: numeric("rate", { precision: 12, scale: 4 }).notNull(),
    /**
     * settled: the money moved. A refund through the gateway is `pending` while the gateway is asked (it counts
     * against what may still be refunded), then settled or failed (a failed one counts for nothing).
     */
    status: text("status").notNull().default("settled"),
    /** When the money moved (a transfer: the day staff say it arrived). */
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    byUserId: uuid("by_user_id").references(() => users.id, { onDelete: "set null" }),
    byEmail: text("by_email"),
    attemptId: uuid("attempt_id").references(() => paymentAttempts.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_key").on(t.orderId, t.kind, t.key),
    index("payments_order_idx").on(t.orderId, t.at),
    check("payments_kind_check", sql`${t.kind} in ('payment','refund')`),
    check("payments_status_check", sql`${t.status} in ('settled','pending','failed')`),
    check("payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The shop's test gateway's own book (outside production only): each payment page opened, how it ended, what was
 * refunded. It stands for AZUL's side, so the shop learns of these only as AZUL's clients would.
 */
export const testGatewayTransactions = pgTable("test_gateway_transactions", {
  id: pk(),
  merchantId: text("merchant_id").notNull(),
  orderNumber: text("order_number").notNull(),
  amountCents: integer("amount_cents").notNull(),
  /** The form as it was posted: where to send the shopper back. */
  approvedUrl: text("approved_url").notNull(),
  declinedUrl: text("declined_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** open, then approved, declined or failed. */
  status: text("status").notNull().default("open"),
  azulOrderId: integer("azul_order_id").generatedAlwaysAsIdentity({ startWith: 40_000_001 }),
  authorizationCode: text("authorization_code"),
  rrn: text("rrn"),
  dateTime: text("date_time"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  createdAt: createdAt(),
});
