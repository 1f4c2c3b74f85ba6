/** Money in the back office: amounts arrive as decimal USD (or in an order's currency) and are written by @shop/domain. */

import type { CurrencyCode } from "@shop/domain/constants";
import { formatMoney } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { useRecordContext } from "react-admin";

/** A value at a dotted path ("totalsInCurrency.total"). */
const at = (record: object, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);

/** "US$1,234.50" from a decimal amount; "" for nothing. */
export function money(amount: number | null | undefined, currency: CurrencyCode = "USD"): string {
  return typeof amount === "number" ? formatMoney(toCents(amount), currency) : "";
}

/** A record's decimal amount in a currency (USD unless the record says otherwise through `currencySource`). */
export function MoneyField({
  source,
  currency,
  currencySource,
}: {
  source: string;
  currency?: CurrencyCode;
  currencySource?: string;
  label?: string;
  sortable?: boolean;
  sortBy?: string;
  textAlign?: "right" | "left";
}) {
  const record = useRecordContext();
  if (!record) return null;
  const code = currency ?? (currencySource ? (at(record, currencySource) as CurrencyCode) : "USD");
  return <span>{money(at(record, source) as number, code)}</span>;
}
