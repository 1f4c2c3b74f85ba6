/** Prices in the shopper's currency: every amount is written by @shop/domain (es-DO, two decimals, RD$ / US$). */
import { type CurrencyCode, formatUsdAsCurrency } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { loadApi } from "#lib/api.ts";
import { currencyAtom } from "./atoms.ts";
import { type DisplayRate, displayRate, rateRefreshMs } from "./rate.ts";

export const exchangeRateQuery = {
  queryKey: ["exchange-rate", "USD", "DOP"] as const,
  queryFn: async () => (await loadApi()).rates.get("USD", "DOP"),
};

/** The current USD->DOP rate (null while it loads), refreshed hourly through the api-client's one-hour cache. */
export function useExchangeRate(): DisplayRate | null {
  const { data } = useQuery({
    ...exchangeRateQuery,
    staleTime: (query) => rateRefreshMs(query.state.data),
    refetchInterval: (query) => rateRefreshMs(query.state.data),
  });
  return displayRate(data);
}

export interface Money {
  currency: CurrencyCode;
  /** DOP per USD; null while the rate loads. */
  rate: number | null;
  /** A decimal USD amount in the display currency; null while a DOP rate is not known yet. */
  format(usd: number): string | null;
  /** The price after its discount percent. */
  formatDiscounted(usd: number, discount: number | null | undefined): string | null;
}

export function useMoney(): Money {
  const currency = useAtomValue(currencyAtom);
  const rate = useExchangeRate()?.rate ?? null;
  const formatCents = (cents: number) =>
    currency === "USD" || rate !== null ? formatUsdAsCurrency(cents, currency, rate ?? 1) : null;
  return {
    currency,
    rate,
    format: (usd) => formatCents(toCents(usd)),
    formatDiscounted: (usd, discount) => formatCents(discountedPriceCents(toCents(usd), discount ?? 0)),
  };
}
