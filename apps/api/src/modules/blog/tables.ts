/** The blog module's table. */
import { jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { pk } from "../../db/columns.ts";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: pk(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    img: text("img").notNull(),
    author: text("author").notNull(),
    category: text("category").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("blog_posts_slug_key").on(t.slug)],
);
