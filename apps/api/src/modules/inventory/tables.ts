/** The inventory module's tables: shoppers' requests to hear when a sold-out variant is back in stock. */
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";
import { productVariants } from "../products/tables.ts";

/**
 * One request per variant and address (asking twice keeps one). `token` is the unsubscribe link's secret; `notified_at`
 * is set when the back-in-stock mail is queued in the outbox, so one restock sends it once.
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: pk(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    token: text("token").notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    uniqueIndex("back_in_stock_requests_variant_email_key").on(t.variantId, t.email),
    uniqueIndex("back_in_stock_requests_token_key").on(t.token),
    index("back_in_stock_requests_waiting_idx").on(t.variantId).where(sql`${t.notifiedAt} is null`),
  ],
);
