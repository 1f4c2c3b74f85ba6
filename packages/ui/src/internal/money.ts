/** Decimal USD from the API shown in the chosen currency, always through @shop/domain. */
import type { CurrencyCode } from "@shop/domain/constants";
import { formatUsdAsCurrency } from "@shop/domain/currency";
import { discountedPriceCents } from "@shop/domain/line-totals";
import { toCents } from "@shop/domain/money";

export interface MoneyProps {
  /** The display currency. */
  currency: CurrencyCode;
  /** DOP per USD. */
  rate: number;
}

/** A decimal USD amount ("129.99" or 129.99) as "RD$10,204.22" or "US$129.99". */
export function showUsd(amount: number | string, { currency, rate }: MoneyProps): string {
  return formatUsdAsCurrency(toCents(amount), currency, rate);
}

/** The price a shopper pays: the USD price less the discount percent, in the display currency. */
export function showDiscounted(price: number, discount: number, { currency, rate }: MoneyProps): string {
  return formatUsdAsCurrency(discountedPriceCents(toCents(price), discount), currency, rate);
}
