import { describe, expect, it } from "vitest";
import {
  displayRate,
  FALLBACK_RETRY_MS,
  fallbackExchangeRate,
  isUpdateRateSuccess,
  pairRate,
  pairRateUnits,
  rateLifetimeMs,
} from "./exchange.ts";
import { exchangeMessages } from "./messages.ts";

describe("pair rates from the stored USD→DOP rate", () => {
  it("is the stored rate one way, its rounded inverse the other, and 1 for one currency", () => {
    expect(pairRate("USD", "DOP", 601_234)).toBe(60.1234);
    expect(pairRate("DOP", "USD", 785_000)).toBe(0.0127);
    expect(pairRate("DOP", "DOP", 785_000)).toBe(1);
  });

  it("never rounds the inverse down to zero", () => {
    expect(pairRateUnits("DOP", "USD", 999_999_999)).toBe(1);
  });
});

describe("the fallback rate", () => {
  it("is 78.5 with the spec's warning, its inverse the other way, and 1 for one currency", () => {
    const now = new Date("2026-11-26T02:00:00.000Z");
    expect(fallbackExchangeRate("USD", "DOP", now)).toEqual({
      rate: 78.5,
      fromCurrency: "USD",
      toCurrency: "DOP",
      lastUpdated: "2026-11-26T02:00:00.000Z",
      warning: exchangeMessages.fallbackWarning,
    });
    expect(fallbackExchangeRate("DOP", "USD", now).rate).toBe(0.0127);
    expect(fallbackExchangeRate("USD", "USD", now).rate).toBe(1);
  });
});

describe("showing and keeping a rate", () => {
  it("uses the API's rate and keeps it an hour", () => {
    const answer = { rate: 60.25 };
    expect(displayRate(answer)).toEqual({ rate: 60.25, fallback: false });
    expect(rateLifetimeMs(answer)).toBe(60 * 60 * 1000);
  });

  it("falls back to 78.5 when the answer carries the fallback warning, and keeps it only a minute", () => {
    const answer = { rate: 78.5, warning: exchangeMessages.fallbackWarning };
    expect(displayRate(answer)).toEqual({ rate: 78.5, fallback: true });
    expect(rateLifetimeMs(answer)).toBe(FALLBACK_RETRY_MS);
    expect(FALLBACK_RETRY_MS).toBe(60 * 1000);
  });

  it("treats an answer without a usable rate as a failure", () => {
    expect(displayRate({ rate: 0 })).toEqual({ rate: 78.5, fallback: true });
    expect(displayRate({ rate: Number.NaN })).toEqual({ rate: 78.5, fallback: true });
    expect(rateLifetimeMs({ rate: -1 })).toBe(FALLBACK_RETRY_MS);
    expect(displayRate(undefined)).toBeNull();
  });
});

describe("the rate update's success", () => {
  it("counts a success flag or a message with 'exitosamente'", () => {
    expect(isUpdateRateSuccess({ success: true })).toBe(true);
    expect(isUpdateRateSuccess({ message: "Tasa actualizada exitosamente" })).toBe(true);
    expect(isUpdateRateSuccess({ success: false, message: "No se pudo actualizar" })).toBe(false);
    expect(isUpdateRateSuccess({ success: "true" })).toBe(false);
    expect(isUpdateRateSuccess({})).toBe(false);
  });
});
