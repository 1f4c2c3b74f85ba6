// The storefront caches the rate once, in TanStack Query, for as long as the domain's rules say.
import { exchangeMessages } from "@shop/domain/messages";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exchangeRateQuery } from "./use-exchange-rate.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("the exchange rate query", () => {
  it("caches the fallback a minute when the API cannot be reached, then asks again", async () => {
    // No API answers here: the client gives the 78.5 fallback with the spec's warning, as in a shopper's outage.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T03:00:00.000Z") });
    const queries = new QueryClient();
    const first = await queries.fetchQuery(exchangeRateQuery);
    expect(first).toMatchObject({ rate: 78.5, warning: exchangeMessages.fallbackWarning });

    vi.setSystemTime(new Date("2026-11-26T03:00:59.000Z"));
    expect(await queries.fetchQuery(exchangeRateQuery)).toBe(first);

    vi.setSystemTime(new Date("2026-11-26T03:01:00.001Z"));
    const again = await queries.fetchQuery(exchangeRateQuery);
    expect(again).not.toBe(first);
    expect(again.lastUpdated).toBe("2026-11-26T03:01:00.001Z");
  });
});
