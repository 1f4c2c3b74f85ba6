/** The returns module's tables: returns staff open on an order, and their lines. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { pk } from "../../db/columns.ts";
import { orderItems, orders } from "../orders/tables.ts";
import { users } from "../users/tables.ts";

export const returns = pgTable(
  "returns",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("requested"),
    reason: text("reason").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true, mode: "date" }).notNull(),
    openedBy: uuid("opened_by").references(() => users.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true, mode: "date" }),
    receivedBy: uuid("received_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId, t.openedAt),
    check("returns_status_check", sql`${t.status} in ('requested','received')`),
  ],
);

export const returnLines = pgTable(
  "return_lines",
  {
    id: pk(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    orderItemId: uuid("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** Set when received: units back in stock, and units kept out as damaged. */
    goodQuantity: integer("good_quantity"),
    damagedQuantity: integer("damaged_quantity"),
  },
  (t) => [
    index("return_lines_return_idx").on(t.returnId),
    check("return_lines_quantity_check", sql`${t.quantity} > 0`),
  ],
);
