/** Exchange-rate answers (plain or wrapped), the 78.5 fallback, the update-rate success rule, and the one-hour rate cache. */
import { type CurrencyCode, EXCHANGE_RATE_TTL_MS, FALLBACK_DOP_RATE } from "@shop/domain/constants";
import { exchangeMessages } from "@shop/domain/messages";
import { rateToUnits, roundHalfUpDiv, unitsToRate } from "@shop/domain/money";
import {
  type ExchangeRateResponse,
  exchangeRateResponseSchema,
  wrappedExchangeRateResponseSchema,
} from "@shop/domain/schemas";

export type { ExchangeRateResponse };

/**
 * A rate answer in either of the spec's forms, as the plain form; null when it is neither (a rate is required).
 */
export function parseExchangeRate(body: unknown): ExchangeRateResponse | null {
  const plain = exchangeRateResponseSchema.safeParse(body);
  if (plain.success) return plain.data;
  const wrapped = wrappedExchangeRateResponseSchema.safeParse(body);
  if (!wrapped.success) return null;
  const { data, warning } = wrapped.data;
  return {
    rate: data.rate,
    fromCurrency: data.baseCurrency,
    toCurrency: data.targetCurrency,
    lastUpdated: data.lastUpdated,
    ...(warning === undefined ? {} : { warning }),
  };
}

/**
 * What the shop uses when the API cannot give a rate: 78.5 DOP per USD with the spec's warning. The other
 * direction is its inverse at 4 decimals, as the API computes it (0.0127), and one currency to itself is 1.
 */
export function fallbackExchangeRate(from: CurrencyCode, to: CurrencyCode, now: Date): ExchangeRateResponse {
  const rate =
    from === to
      ? 1
      : from === "USD"
        ? FALLBACK_DOP_RATE
        : unitsToRate(Number(roundHalfUpDiv(10n ** 8n, BigInt(rateToUnits(FALLBACK_DOP_RATE)))));
  return {
    rate,
    fromCurrency: from,
    toCurrency: to,
    lastUpdated: now.toISOString(),
    warning: exchangeMessages.fallbackWarning,
  };
}

/** update-rate succeeded when the answer says success: true, or its message holds "exitosamente". */
export function isUpdateRateSuccess(answer: { success?: unknown; message?: unknown }): boolean {
  return (
    answer.success === true ||
    (typeof answer.message === "string" && answer.message.includes(exchangeMessages.updateSuccessWord))
  );
}

/** A fallback (or any answer carrying a warning) is kept only this long before the API is asked again. */
export const FALLBACK_RETRY_MS = 60 * 1000;

export interface RateCacheOptions {
  /** How long a good rate is kept: one hour (spec section 9). */
  ttlMs?: number;
  /** How long a fallback rate is kept before trying the API again: one minute. */
  retryMs?: number;
  /** The clock, in milliseconds; injected by tests. */
  now?: () => number;
}

export interface RateSource {
  exchange: { rate(from?: CurrencyCode, to?: CurrencyCode): Promise<ExchangeRateResponse> };
}

export interface RateCache {
  /** The cached rate for the pair, or a fresh one; concurrent misses share one request. Never rejects. */
  get(from?: CurrencyCode, to?: CurrencyCode): Promise<ExchangeRateResponse>;
  /** Forgets every cached rate (after an admin updates it, say). */
  clear(): void;
}

/**
 * Caches each currency pair's rate for `ttlMs` (one hour). A fallback answer (it carries a warning) is kept
 * only `retryMs` (one minute), so a short API outage does not pin the shop to 78.5 for an hour.
 */
export function createRateCache(client: RateSource, options: RateCacheOptions = {}): RateCache {
  const { ttlMs = EXCHANGE_RATE_TTL_MS, retryMs = FALLBACK_RETRY_MS, now = () => Date.now() } = options;
  const entries = new Map<string, { value: ExchangeRateResponse; expiresAt: number }>();
  const pending = new Map<string, Promise<ExchangeRateResponse>>();

  return {
    get(from = "USD", to = "DOP") {
      const key = `${from}:${to}`;
      const hit = entries.get(key);
      if (hit && now() < hit.expiresAt) return Promise.resolve(hit.value);
      let request = pending.get(key);
      if (!request) {
        request = client.exchange
          .rate(from, to)
          .then((value) => {
            entries.set(key, { value, expiresAt: now() + (value.warning === undefined ? ttlMs : retryMs) });
            return value;
          })
          .finally(() => pending.delete(key));
        pending.set(key, request);
      }
      return request;
    },
    clear() {
      entries.clear();
    },
  };
}
