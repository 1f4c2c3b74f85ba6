/** Exchange rate rows: one USD→DOP rate per update, the newest being the current one. */
import type { CurrencyCode } from "@shop/domain/constants";
import { and, asc, desc, eq, gte } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { exchangeRates } from "./tables.ts";

export interface RateRow {
  /** numeric(12,4) as PostgreSQL writes it, e.g. "60.1234". */
  rate: string;
  createdAt: Date;
}

const pair = (from: CurrencyCode, to: CurrencyCode) =>
  and(eq(exchangeRates.fromCurrency, from), eq(exchangeRates.toCurrency, to));

/** The newest row for the pair (the later id among rows of the same moment). */
export async function latestRate(db: Db | Tx, from: CurrencyCode, to: CurrencyCode): Promise<RateRow | null> {
  const [row] = await db
    .select({ rate: exchangeRates.rate, createdAt: exchangeRates.createdAt })
    .from(exchangeRates)
    .where(pair(from, to))
    .orderBy(desc(exchangeRates.createdAt), desc(exchangeRates.id))
    .limit(1);
  return row ?? null;
}

/** Every row for the pair since `since`, oldest first. */
export async function rateHistory(
  db: Db,
  from: CurrencyCode,
  to: CurrencyCode,
  since: Date,
): Promise<RateRow[]> {
  return db
    .select({ rate: exchangeRates.rate, createdAt: exchangeRates.createdAt })
    .from(exchangeRates)
    .where(and(pair(from, to), gte(exchangeRates.createdAt, since)))
    .orderBy(asc(exchangeRates.createdAt), asc(exchangeRates.id));
}

export async function insertRate(
  db: Db,
  values: { from: CurrencyCode; to: CurrencyCode; rate: string; source: string },
): Promise<RateRow> {
  const [row] = await db
    .insert(exchangeRates)
    .values({ fromCurrency: values.from, toCurrency: values.to, rate: values.rate, source: values.source })
    .returning({ rate: exchangeRates.rate, createdAt: exchangeRates.createdAt });
  return row!;
}
