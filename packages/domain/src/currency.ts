// The two display currencies (USD base, DOP default) and how amounts in cents are written for people.
import { CURRENCY_CODES, type CurrencyCode, MONEY_LOCALE } from "./constants.ts";
import { convertCents } from "./money.ts";

export type { CurrencyCode } from "./constants.ts";
export {
  BASE_CURRENCY,
  CURRENCY_CODES,
  DEFAULT_CURRENCY,
  EXCHANGE_RATE_TTL_MS,
  FALLBACK_DOP_RATE,
  STORAGE_KEYS,
} from "./constants.ts";

export interface CurrencyInfo {
  code: CurrencyCode;
  symbol: "US$" | "RD$";
  name: string;
}

export const CURRENCIES: Record<CurrencyCode, CurrencyInfo> = {
  USD: { code: "USD", symbol: "US$", name: "Dólar estadounidense" },
  DOP: { code: "DOP", symbol: "RD$", name: "Peso dominicano" },
};

/** Only USD and DOP are accepted. */
export function isCurrency(value: unknown): value is CurrencyCode {
  return typeof value === "string" && (CURRENCY_CODES as readonly string[]).includes(value);
}

/** A currency code from untrusted input (storage, query string); surrounding spaces and case are forgiven. */
export function parseCurrency(value: unknown): CurrencyCode | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toUpperCase();
  return isCurrency(code) ? code : null;
}

// Only the integer part goes through Intl (as a BigInt), so no float can leak into the digits. Made at the first
// amount, not when the module loads: a browser's first Intl formatter loads its locale data, tens of milliseconds
// on a phone, which would lengthen the one task that evaluates the storefront's code.
let amountFormat: { integer: Intl.NumberFormat; decimalSeparator: string } | undefined;

function moneyFormat() {
  amountFormat ??= {
    integer: new Intl.NumberFormat(MONEY_LOCALE, { maximumFractionDigits: 0 }),
    decimalSeparator:
      new Intl.NumberFormat(MONEY_LOCALE, { minimumFractionDigits: 1 })
        .formatToParts(0.5)
        .find((part) => part.type === "decimal")?.value ?? ".",
  };
  return amountFormat;
}

/** Cents written in es-DO with two decimals and no symbol: 123450 -> "1,234.50", -500 -> "-5.00". */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const { integer, decimalSeparator } = moneyFormat();
  const magnitude = BigInt(Math.abs(cents));
  const whole = integer.format(magnitude / 100n);
  const fraction = String(magnitude % 100n).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}${whole}${decimalSeparator}${fraction}`;
}

/** Cents with the currency symbol: "RD$1,234.50", "US$1,234.50"; the minus goes before the symbol: "-RD$5.00". */
export function formatMoney(cents: number, currency: CurrencyCode): string {
  if (!isCurrency(currency)) throw new RangeError(`Unknown currency: ${String(currency)}`);
  const sign = cents < 0 ? "-" : "";
  return `${sign}${CURRENCIES[currency].symbol}${formatAmount(Math.abs(cents))}`;
}

/** A USD amount shown in the chosen currency; DOP is converted at `rate` (DOP per USD), half up to the cent. */
export function formatUsdAsCurrency(usdCents: number, currency: CurrencyCode, rate: number | string): string {
  if (currency === "USD") return formatMoney(usdCents, "USD");
  return formatMoney(convertCents(usdCents, rate), currency);
}
