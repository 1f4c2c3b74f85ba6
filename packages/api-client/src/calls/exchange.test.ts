// Unit layer for exchange rates: fallback on failures the real server cannot produce, the wrapped form, update-rate's rule.
import { describe, expect, it } from "vitest";
import { createShopClient } from "../index.ts";
import { fakeFetch, json } from "../test/fake-fetch.ts";
import { createMemoryTokenStore } from "../token-store.ts";

const WARNING = "Usando tasa predeterminada debido a un error en la API";

function clientWith(handler: Parameters<typeof fakeFetch>[0]) {
  const fake = fakeFetch(handler);
  const client = createShopClient({ tokenStore: createMemoryTokenStore(), fetch: fake.fetch });
  return { client, requests: fake.requests };
}

describe("exchange.rate", () => {
  it("falls back to 78.5 with the warning when the server cannot be reached, errs, or gives no rate", async () => {
    const failures = [
      () => new TypeError("fetch failed"),
      () => json({ message: "boom" }, 500),
      () => json({ fromCurrency: "USD", toCurrency: "DOP", lastUpdated: "2026-01-01T00:00:00.000Z" }),
      () => new Response("<html>maintenance</html>", { status: 200 }),
    ];
    for (const failure of failures) {
      const before = Date.now();
      const rate = await clientWith(failure).client.exchange.rate();
      expect(rate).toMatchObject({ rate: 78.5, fromCurrency: "USD", toCurrency: "DOP", warning: WARNING });
      expect(Date.parse(rate.lastUpdated)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(rate.lastUpdated)).toBeLessThanOrEqual(Date.now());
    }
  });

  it("falls back to the inverse rate the other way, and to 1 for one currency", async () => {
    const { client } = clientWith(() => new TypeError("offline"));
    expect((await client.exchange.rate("DOP", "USD")).rate).toBe(0.0127);
    expect((await client.exchange.rate("DOP", "DOP")).rate).toBe(1);
  });

  it("accepts the wrapped form", async () => {
    const { client, requests } = clientWith(() =>
      json({
        data: {
          rate: 60.1234,
          baseCurrency: "USD",
          targetCurrency: "DOP",
          lastUpdated: "2026-11-20T10:00:00.000Z",
        },
      }),
    );
    expect(await client.exchange.rate()).toEqual({
      rate: 60.1234,
      fromCurrency: "USD",
      toCurrency: "DOP",
      lastUpdated: "2026-11-20T10:00:00.000Z",
    });
    expect(requests[0]!.url).toBe("/api/Exchange/rate?from=USD&to=DOP");
  });

  it("treats a wrapped answer without a rate as invalid", async () => {
    const { client } = clientWith(() =>
      json({ data: { baseCurrency: "USD", targetCurrency: "DOP", lastUpdated: "2026-11-20T10:00:00.000Z" } }),
    );
    expect(await client.exchange.rate()).toMatchObject({ rate: 78.5, warning: WARNING });
  });
});

describe("exchange.updateRate", () => {
  it("counts a success flag or a message with 'exitosamente' as success", async () => {
    const answers = [
      json({ message: "Tasa de cambio actualizada exitosamente" }),
      json({ message: "Sin cambios" }),
    ];
    const { client, requests } = clientWith(() => answers.shift()!);
    expect(await client.exchange.updateRate(60.5)).toEqual({
      success: true,
      message: "Tasa de cambio actualizada exitosamente",
    });
    expect(requests[0]).toMatchObject({
      method: "POST",
      url: "/api/exchange-admin/update-rate",
      body: { rate: 60.5 },
    });
    expect((await client.exchange.updateRate(60.5)).success).toBe(false);
  });
});
