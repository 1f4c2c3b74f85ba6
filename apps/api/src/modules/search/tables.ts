/** The search module's tables: the staff's synonyms and the catalogue's words. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, pk, updatedAt } from "../../db/columns.ts";

/**
 * The search's synonyms, kept by staff: a word or phrase shoppers type (`bocina`) and what it means in the
 * catalogue (`speaker`), matched both ways. A trigger announces every change on the catalogue's channel, so every
 * process's search vocabulary is rebuilt (docs/decisions/036-forgiving-search.md).
 */
export const synonyms = pgTable(
  "synonyms",
  {
    id: pk(),
    term: text("term").notNull(),
    meaning: text("meaning").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("synonyms_term_meaning_key").on(sql`lower(${t.term})`, sql`lower(${t.meaning})`)],
);

/**
 * The catalogue's words for the search vocabulary: each whitespace-separated token of the products' search text,
 * SKUs left out, with how many times the catalogue holds it. Triggers on products keep it in step with every
 * write (drizzle/0008_search_words.sql), so a process reads a few thousand rows instead of splitting every
 * product's text (docs/decisions/036-forgiving-search.md).
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    occurrences: integer("occurrences").notNull(),
  },
  (t) => [index("search_words_unused_idx").on(t.word).where(sql`${t.occurrences} <= 0`)],
);
