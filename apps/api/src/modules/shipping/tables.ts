/** The shipping module's table. */
import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";

export const shippingMethods = pgTable("shipping_methods", {
  id: pk(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceCents: integer("price_cents").notNull(),
  freeOverCents: integer("free_over_cents"),
  estimatedDays: text("estimated_days").notNull().default("3-5"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});
