/**
 * The exchange-rate rules, for the API, the api-client, the storefront and the back office alike: the rate of a
 * pair from the stored USD→DOP rate, the 78.5 fallback, how long an answer is kept, and when an update succeeded.
 */
import { type CurrencyCode, EXCHANGE_RATE_TTL_MS, FALLBACK_DOP_RATE } from "./constants.ts";
import { exchangeMessages } from "./messages.ts";
import { rateToUnits, roundHalfUpDiv, unitsToRate } from "./money.ts";

/** One in ten-thousandths, the unit rates are stored in (numeric(12,4)). */
const ONE = 10_000;

/** The rate for from→to given the USD→DOP rate, both in ten-thousandths: DOP→USD is its rounded inverse, never 0. */
export function pairRateUnits(from: CurrencyCode, to: CurrencyCode, usdToDopUnits: number): number {
  if (from === to) return ONE;
  if (from === "USD") return usdToDopUnits;
  const inverse = Number(roundHalfUpDiv(BigInt(ONE) * BigInt(ONE), BigInt(usdToDopUnits)));
  return Math.max(1, inverse);
}

/** The rate for from→to given the USD→DOP rate in ten-thousandths, as a number with 4 decimals at most. */
export function pairRate(from: CurrencyCode, to: CurrencyCode, usdToDopUnits: number): number {
  return unitsToRate(pairRateUnits(from, to, usdToDopUnits));
}

/** A rate answer: the plain form of GET /Exchange/rate. */
export interface RateAnswer {
  rate: number;
  fromCurrency: CurrencyCode;
  toCurrency: CurrencyCode;
  lastUpdated: string;
  /** Present when the rate is the fallback. */
  warning?: string;
}

/** What the shop uses when no rate can be had: 78.5 DOP per USD (its inverse the other way) with the spec's warning. */
export function fallbackExchangeRate(from: CurrencyCode, to: CurrencyCode, now: Date): RateAnswer {
  return {
    rate: pairRate(from, to, rateToUnits(FALLBACK_DOP_RATE)),
    fromCurrency: from,
    toCurrency: to,
    lastUpdated: now.toISOString(),
    warning: exchangeMessages.fallbackWarning,
  };
}

/** A fallback rate is kept only this long before the API is asked again, so a short outage passes quickly. */
export const FALLBACK_RETRY_MS = 60 * 1000;

/** The USD→DOP rate prices are shown with. */
export interface DisplayRate {
  rate: number;
  /** True when the API could not give a rate and 78.5 is in use. */
  fallback: boolean;
}

/** The rate to show prices with: a usable answer as it is; a warning, or no usable rate, means the 78.5 fallback. */
export function displayRate(
  answer: Pick<RateAnswer, "rate" | "warning"> | undefined | null,
): DisplayRate | null {
  if (!answer) return null;
  if (answer.warning !== undefined || !(Number.isFinite(answer.rate) && answer.rate > 0)) {
    return { rate: FALLBACK_DOP_RATE, fallback: true };
  }
  return { rate: answer.rate, fallback: false };
}

/** How long a rate answer is kept: a good one an hour (spec section 9), a fallback a minute. */
export function rateLifetimeMs(answer: Pick<RateAnswer, "rate" | "warning"> | undefined | null): number {
  return displayRate(answer)?.fallback ? FALLBACK_RETRY_MS : EXCHANGE_RATE_TTL_MS;
}

/** The spec's rule for the rate update: it succeeded when the answer says success: true, or its message holds "exitosamente". */
export function isUpdateRateSuccess(answer: { success?: unknown; message?: unknown }): boolean {
  return (
    answer.success === true ||
    (typeof answer.message === "string" && answer.message.includes(exchangeMessages.updateSuccessWord))
  );
}
