/** Prices in the shopper's currency: every amount is written by @shop/domain (es-DO, two decimals, RD$ / US$). */
import { type CurrencyCode, formatUsdAsCurrency } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import { useAtomValue } from "jotai";
import { currencyAtom } from "./atoms.ts";
import { useExchangeRate } from "./use-exchange-rate.ts";

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
