/** The brands module's table. */
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";

export const brands = pgTable(
  "brands",
  {
    id: pk(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("brands_slug_key").on(t.slug)],
);
