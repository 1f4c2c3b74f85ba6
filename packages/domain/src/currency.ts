// The two display currencies (USD base, DOP default) and how amounts in cents are written for people.
import { CURRENCY_CODES, type CurrencyCode } from "./constants.ts";
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

/**
 * Cents written in es-DO with two decimals and no symbol: 123450 -> "1,234.50", -500 -> "-5.00". es-DO's pattern
 * for numbers is written out here (groups of three digits joined by ",", then "." and the cents; its test holds it to
 * Intl's es-DO), not asked of Intl: a browser's first Intl formatter loads its locale data, 60 to 160 ms on a phone,
 * in the middle of the app taking over the page. Integer arithmetic throughout, so no float leaks into the digits.
 */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a safe integer, got ${cents}`);
  const magnitude = Math.abs(cents);
  const fraction = magnitude % 100;
  const whole = String((magnitude - fraction) / 100).replace(/\B(?=(\d{3})+$)/g, ",");
  return `${cents < 0 ? "-" : ""}${whole}.${String(fraction).padStart(2, "0")}`;
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
