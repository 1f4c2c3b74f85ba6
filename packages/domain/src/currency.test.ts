// Currency list, parsing and the es-DO money strings.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MONEY_LOCALE } from "./constants.ts";
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  FALLBACK_DOP_RATE,
  formatAmount,
  formatMoney,
  formatUsdAsCurrency,
  isCurrency,
  parseCurrency,
  STORAGE_KEYS,
} from "./currency.ts";

describe("CURRENCIES", () => {
  it("lists USD as US$ and DOP as RD$", () => {
    expect(CURRENCIES.USD).toEqual({ code: "USD", symbol: "US$", name: "Dólar estadounidense" });
    expect(CURRENCIES.DOP).toEqual({ code: "DOP", symbol: "RD$", name: "Peso dominicano" });
    expect(Object.keys(CURRENCIES).sort()).toEqual(["DOP", "USD"]);
  });

  it("re-exports the constants a caller needs", () => {
    expect(DEFAULT_CURRENCY).toBe("DOP");
    expect(FALLBACK_DOP_RATE).toBe(78.5);
    expect(STORAGE_KEYS.preferredCurrency).toBe("preferred-currency");
  });
});

describe("isCurrency and parseCurrency", () => {
  it("accepts only USD and DOP", () => {
    expect(isCurrency("USD")).toBe(true);
    expect(isCurrency("DOP")).toBe(true);
    for (const bad of ["EUR", "usd", "", null, undefined, 1, {}]) expect(isCurrency(bad)).toBe(false);
  });

  it("forgives case and spaces when parsing, and gives null for anything else", () => {
    expect(parseCurrency("DOP")).toBe("DOP");
    expect(parseCurrency(" usd ")).toBe("USD");
    expect(parseCurrency("EUR")).toBeNull();
    expect(parseCurrency('"DOP"')).toBeNull();
    expect(parseCurrency(42)).toBeNull();
    expect(parseCurrency(null)).toBeNull();
  });
});

describe("formatAmount", () => {
  it("writes two decimals with es-DO grouping", () => {
    expect(formatAmount(123450)).toBe("1,234.50");
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(99)).toBe("0.99");
    expect(formatAmount(100)).toBe("1.00");
    expect(formatAmount(123456789)).toBe("1,234,567.89");
    expect(formatAmount(-500)).toBe("-5.00");
  });

  it("shows exactly the cents it was given, without float noise", () => {
    expect(formatAmount(Number.MAX_SAFE_INTEGER)).toBe("90,071,992,547,409.91");
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (cents) => {
        const text = formatAmount(cents);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.replaceAll(",", "").replace(".", ""))).toBe(cents);
      }),
    );
  });

  it("writes what Intl's es-DO writes", () => {
    const integer = new Intl.NumberFormat(MONEY_LOCALE, { maximumFractionDigits: 0 });
    const decimal = new Intl.NumberFormat(MONEY_LOCALE, { minimumFractionDigits: 1 })
      .formatToParts(0.5)
      .find((part) => part.type === "decimal")?.value;
    const intl = (cents: number) => {
      const magnitude = BigInt(Math.abs(cents));
      const fraction = String(magnitude % 100n).padStart(2, "0");
      return `${cents < 0 ? "-" : ""}${integer.format(magnitude / 100n)}${decimal}${fraction}`;
    };
    for (const cents of [
      0,
      5,
      99_999,
      100_000,
      123_456,
      -123_456,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ]) {
      expect(formatAmount(cents)).toBe(intl(cents));
    }
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        expect(formatAmount(cents)).toBe(intl(cents));
      }),
    );
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => formatAmount(12.5)).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("puts the symbol before the amount", () => {
    expect(formatMoney(123450, "DOP")).toBe("RD$1,234.50");
    expect(formatMoney(123450, "USD")).toBe("US$1,234.50");
    expect(formatMoney(0, "USD")).toBe("US$0.00");
  });

  it("puts the minus before the symbol", () => {
    expect(formatMoney(-500, "DOP")).toBe("-RD$5.00");
    expect(formatMoney(-1, "USD")).toBe("-US$0.01");
  });

  it("refuses an unknown currency", () => {
    expect(() => formatMoney(100, "EUR" as "USD")).toThrow(RangeError);
  });
});

describe("formatUsdAsCurrency", () => {
  it("shows USD as it is, whatever the rate", () => {
    expect(formatUsdAsCurrency(1999, "USD", 78.5)).toBe("US$19.99");
  });

  it("converts to DOP half up to the cent", () => {
    expect(formatUsdAsCurrency(1999, "DOP", 78.5)).toBe("RD$1,569.22"); // 1569.215
    expect(formatUsdAsCurrency(100, "DOP", "58.12345")).toBe("RD$58.12"); // rate 58.1235
    expect(formatUsdAsCurrency(100, "DOP", FALLBACK_DOP_RATE)).toBe("RD$78.50");
  });
});
