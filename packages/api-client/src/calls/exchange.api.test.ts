// Exchange-rate calls against the real API: plain and wrapped rates, history, currencies, and the admin update.
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { DEMO, testClient } from "../test/helpers.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe("exchange rates", () => {
  it("answers the current USD to DOP rate, and its inverse", async () => {
    const t = testClient();
    const usdToDop = await t.client.exchange.rate();
    expect(usdToDop).toMatchObject({ fromCurrency: "USD", toCurrency: "DOP" });
    expect(usdToDop.warning).toBeUndefined();
    expect(usdToDop.rate).toBeGreaterThan(40);
    expect(usdToDop.rate).toBeLessThan(100);
    const url = new URL(t.requests[0]!.url);
    expect([url.pathname, url.searchParams.get("from"), url.searchParams.get("to")]).toEqual([
      "/api/Exchange/rate",
      "USD",
      "DOP",
    ]);

    const dopToUsd = await t.client.exchange.rate("DOP", "USD");
    expect(dopToUsd.rate).toBe(Math.round(10_000 / usdToDop.rate) / 10_000);
  });

  it("reads the server's wrapped form as the same rate", async () => {
    const plain = await testClient().client.exchange.rate();
    // The API answers { data: { rate, baseCurrency, targetCurrency, lastUpdated } } when asked for format=wrapped.
    const wrapping: typeof fetch = (input, init) => fetch(`${String(input)}&format=wrapped`, init);
    const t = testClient({ fetch: wrapping });
    const wrapped = await t.client.exchange.rate();
    expect(wrapped).toEqual(plain);
  });

  it("gives the history of the last days, oldest first, ending at the current rate", async () => {
    const { client } = testClient();
    const history = await client.exchange.history(7);
    // The seed stores one rate a day for 30 days; the last 7 days hold 7 of them.
    expect(history).toHaveLength(7);
    const since = Date.now() - 7 * DAY_MS;
    expect(history.every((h) => Date.parse(h.date) >= since && h.fromCurrency === "USD")).toBe(true);
    const dates = history.map((h) => h.date);
    expect(dates).toEqual([...dates].sort());
    expect(history.at(-1)!.rate).toBe((await client.exchange.rate()).rate);
  });

  it("lists the shop's currencies with their rate per dollar", async () => {
    const { client } = testClient();
    const current = await client.exchange.rate();
    expect(await client.exchange.rates()).toEqual([
      { currency: "USD", rate: 1, symbol: "US$", name: expect.any(String) },
      { currency: "DOP", rate: current.rate, symbol: "RD$", name: expect.any(String) },
    ]);
  });
});

describe("update-rate", () => {
  it("stores a new rate for an admin and reports success", async () => {
    const t = testClient();
    await t.client.auth.login(DEMO.admin);
    expect(t.client.auth.isAdmin()).toBe(true);
    const result = await t.client.exchange.updateRate(61.25);
    expect(result).toMatchObject({
      success: true,
      message: "Tasa de cambio actualizada exitosamente",
      rate: 61.25,
      fromCurrency: "USD",
      toCurrency: "DOP",
    });
    expect((await t.client.exchange.rate()).rate).toBe(61.25);
  });

  it("refuses a shopper with the generic API error", async () => {
    const t = testClient();
    await t.client.auth.login(DEMO.shopper);
    const error = await t.client.exchange.updateRate(70).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe("API Error: 403 - Only an admin can do this");
    expect((await t.client.exchange.rate()).rate).toBe(61.25);
  });
});
