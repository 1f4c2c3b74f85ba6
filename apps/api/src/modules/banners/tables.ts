/** The banners module's table. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";

export const banners = pgTable(
  "banners",
  {
    id: pk(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    img: text("img").notNull(),
    link: text("link").notNull().default("/shop"),
    position: text("position").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** When it starts and stops showing; null: no limit on that side. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("banners_position_idx").on(t.position, t.active),
    check("banners_schedule_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
