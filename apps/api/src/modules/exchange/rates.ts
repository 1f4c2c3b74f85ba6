/**
 * Rates as stored (numeric(12,4), USD→DOP only): the current one, as every reader takes it (GET /Exchange/rate and
 * the orders alike), an admin's rate for either direction, and its decimal text.
 */
import { type CurrencyCode, FALLBACK_DOP_RATE } from "@shop/domain/constants";
import { pairRateUnits } from "@shop/domain/exchange";
import { rateToUnits } from "@shop/domain/money";
import type { Db, Tx } from "../../db/client.ts";
import { latestRate } from "./repository.ts";

const ONE = 10_000;

/** A rate sent by an admin for from→to, as USD→DOP ten-thousandths; null when it rounds to nothing. */
export function toUsdToDopUnits(from: CurrencyCode, rate: number): number | null {
  let units: number;
  try {
    units = rateToUnits(rate);
  } catch {
    return null;
  }
  return from === "USD" ? units : pairRateUnits("DOP", "USD", units);
}

/** Ten-thousandths as the exact decimal text numeric(12,4) takes: 785000 -> "78.5000". */
export function unitsToDecimalText(units: number): string {
  return `${Math.trunc(units / ONE)}.${String(units % ONE).padStart(4, "0")}`;
}

/** The USD→DOP rate in force. */
export interface CurrentRate {
  /** USD→DOP in ten-thousandths. */
  units: number;
  lastUpdated: Date;
  /** True when no rate is stored and the spec's 78.5 stands in. */
  fallback: boolean;
}

/** The spec's fallback: 78.5 DOP per USD. */
export function fallbackRate(now = new Date()): CurrentRate {
  return { units: rateToUnits(FALLBACK_DOP_RATE), lastUpdated: now, fallback: true };
}

/** The newest stored USD→DOP rate (of two stored at the same moment, the later row), or the fallback when none is. */
export async function currentRate(db: Db | Tx): Promise<CurrentRate> {
  const row = await latestRate(db, "USD", "DOP");
  return row ? { units: rateToUnits(row.rate), lastUpdated: row.createdAt, fallback: false } : fallbackRate();
}
