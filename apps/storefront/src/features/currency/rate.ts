/** The USD->DOP rate the shop shows prices with: the API's, or 78.5 with a warning when the API cannot answer. */
import { EXCHANGE_RATE_TTL_MS, FALLBACK_DOP_RATE } from "@shop/domain/constants";

/** How long a fallback rate is shown before the API is asked again (the api-client's FALLBACK_RETRY_MS). */
export const FALLBACK_RETRY_MS = 60_000;

export interface RateAnswer {
  rate: number;
  warning?: string;
}

export interface DisplayRate {
  rate: number;
  /** True when the API could not give a rate and 78.5 is in use. */
  fallback: boolean;
}

/** The rate to show with: a usable answer as it is; a warning, or no usable rate, means the 78.5 fallback. */
export function displayRate(answer: RateAnswer | undefined | null): DisplayRate | null {
  if (!answer) return null;
  if (answer.warning !== undefined || !(Number.isFinite(answer.rate) && answer.rate > 0)) {
    return { rate: FALLBACK_DOP_RATE, fallback: true };
  }
  return { rate: answer.rate, fallback: false };
}

/** A good rate is asked again every hour; a fallback after a minute, so a short outage passes quickly. */
export function rateRefreshMs(answer: RateAnswer | undefined | null): number {
  return displayRate(answer)?.fallback ? FALLBACK_RETRY_MS : EXCHANGE_RATE_TTL_MS;
}
