/** Rate arithmetic in ten-thousandths (numeric(12,4)): USD→DOP is stored, DOP→USD is its rounded inverse. */
import type { CurrencyCode } from "@shop/domain/constants";
import { rateToUnits, roundHalfUpDiv, unitsToRate } from "@shop/domain/money";

const ONE = 10_000;

/** The rate for from→to given the USD→DOP rate, both in ten-thousandths; never rounds down to zero. */
export function pairRateUnits(from: CurrencyCode, to: CurrencyCode, usdToDopUnits: number): number {
  if (from === to) return ONE;
  if (from === "USD") return usdToDopUnits;
  const inverse = Number(roundHalfUpDiv(BigInt(ONE) * BigInt(ONE), BigInt(usdToDopUnits)));
  return Math.max(1, inverse);
}

export function pairRate(from: CurrencyCode, to: CurrencyCode, usdToDopUnits: number): number {
  return unitsToRate(pairRateUnits(from, to, usdToDopUnits));
}

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
