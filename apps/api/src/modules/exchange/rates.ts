/** Rates as stored (numeric(12,4), USD→DOP only): an admin's rate for either direction, and its decimal text. */
import type { CurrencyCode } from "@shop/domain/constants";
import { pairRateUnits } from "@shop/domain/exchange";
import { rateToUnits } from "@shop/domain/money";

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
