/**
 * The receipts module's tables: each product's ITBIS rate, each order's ITBIS and buyer, the e-NCF ranges the DGII
 * authorised, the receipts issued from them, and the business's fiscal data that new receipts name.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, pk, updatedAt } from "../../db/columns.ts";
import { orders } from "../orders/tables.ts";
import { products } from "../products/tables.ts";
import type { StoredOrderItbis, StoredReceipt } from "./documents.ts";

/** A product's ITBIS rate in percent (18, 16 or 0); a product without a row is at the general 18 %. */
export const productItbisRates = pgTable(
  "product_itbis_rates",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    rate: integer("rate").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("product_itbis_rates_rate_check", sql`${t.rate} in (18, 16, 0)`)],
);

/** Written with the order, in its transaction: its ITBIS (computed once) and the buyer's fiscal data. */
export const orderFiscal = pgTable("order_fiscal", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  itbisCents: integer("itbis_cents").notNull(),
  currencyItbisCents: integer("currency_itbis_cents").notNull(),
  /** Line by line and rate by rate, in USD and in the order's currency. */
  detail: jsonb("detail").$type<StoredOrderItbis>().notNull(),
  buyerTaxId: text("buyer_tax_id"),
  buyerName: text("buyer_name"),
  createdAt: createdAt(),
});

/** A range of e-NCF sequence numbers the DGII authorised for one type, until its expiry date. */
export const receiptRanges = pgTable(
  "receipt_ranges",
  {
    id: pk(),
    type: text("type").notNull(),
    firstNumber: bigint("first_number", { mode: "number" }).notNull(),
    lastNumber: bigint("last_number", { mode: "number" }).notNull(),
    /** The next number to issue; last_number + 1 once the range is used up. Moved only under the row's lock. */
    nextNumber: bigint("next_number", { mode: "number" }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("receipt_ranges_type_idx").on(t.type, t.expiresOn),
    check("receipt_ranges_type_check", sql`${t.type} in ('E31','E32','E34')`),
    check(
      "receipt_ranges_numbers_check",
      sql`${t.firstNumber} >= 1 and ${t.lastNumber} <= 9999999999 and ${t.firstNumber} <= ${t.lastNumber} and ${t.nextNumber} between ${t.firstNumber} and ${t.lastNumber} + 1`,
    ),
  ],
);

/** A fiscal receipt: a sale's (E31, E32) or a refund's credit note (E34), numbered from a range. */
export const receipts = pgTable(
  "receipts",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    type: text("type").notNull(),
    encf: text("encf").notNull(),
    rangeId: uuid("range_id")
      .notNull()
      .references(() => receiptRanges.id, { onDelete: "restrict" }),
    /** For a credit note: the receipt it corrects. */
    correctsId: uuid("corrects_id"),
    /** What the receipt says, frozen when issued: issuer, buyer, lines, totals. */
    document: jsonb("document").$type<StoredReceipt>().notNull(),
    securityCode: text("security_code").notNull(),
    /** The unguessable key of the receipt's printable page, for the shopper's link (docs/security.md). */
    accessKey: text("access_key").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The signed e-CF, when a certificate is configured (decision 066). */
    signedXml: text("signed_xml"),
    /** The DGII's answers once sent: its trackId, the state it gave, when it was sent. */
    dgiiTrackId: text("dgii_track_id"),
    dgiiStatus: text("dgii_status"),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("receipts_encf_key").on(t.encf),
    // An order has one sale receipt.
    uniqueIndex("receipts_sale_key").on(t.orderId).where(sql`${t.type} in ('E31','E32')`),
    index("receipts_order_idx").on(t.orderId),
    index("receipts_issued_at_idx").on(t.issuedAt),
    check("receipts_type_check", sql`${t.type} in ('E31','E32','E34')`),
  ],
);

/**
 * The business that issues the receipts (its RNC, legal name and address), as an admin last saved it in the back
 * office: one row, or none while the ISSUER_* settings stand. Each receipt copies it when issued (its document).
 */
export const fiscalData = pgTable(
  "fiscal_data",
  {
    id: integer("id").primaryKey().default(1),
    rnc: text("rnc").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("fiscal_data_one_row", sql`${t.id} = 1`)],
);
