/** The shopper's currency and rate as @shop/ui's money props; null while a DOP rate is still loading. */
import { type CurrencyCode, formatUsdAsCurrency } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { useAtomValue } from "jotai";
import { currencyAtom } from "./atoms.ts";
import { useExchangeRate } from "./use-exchange-rate.ts";

export interface Money {
  currency: CurrencyCode;
  /** DOP per USD (unused, and 1, when the currency is USD). */
  rate: number;
}

/** Prices wait for the rate rather than showing a wrong one; in US$ no rate is needed. */
export function useMoney(): Money | null {
  const currency = useAtomValue(currencyAtom);
  const rate = useExchangeRate()?.rate ?? null;
  if (currency === "USD") return { currency, rate: rate ?? 1 };
  return rate === null ? null : { currency, rate };
}

/** A decimal USD amount in the shopper's currency, written by @shop/domain. */
export function formatUsd(money: Money, usd: number): string {
  return formatUsdAsCurrency(toCents(usd), money.currency, money.rate);
}
