/** The categories module's table. */
import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";

export const categories = pgTable(
  "categories",
  {
    id: pk(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    productType: text("product_type").notNull(),
    description: text("description").notNull().default(""),
    img: text("img"),
    children: jsonb("children").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug)],
);
