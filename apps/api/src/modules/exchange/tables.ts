/** The exchange module's table: the USD→DOP rate history. */
import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, pk } from "../../db/columns.ts";

export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: pk(),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    rate: numeric("rate", { precision: 12, scale: 4 }).notNull(),
    source: text("source").notNull().default("admin"),
    createdAt: createdAt(),
  },
  (t) => [
    index("exchange_rates_pair_idx").on(t.fromCurrency, t.toCurrency, t.createdAt),
    check("exchange_rates_rate_check", sql`${t.rate} > 0`),
  ],
);
