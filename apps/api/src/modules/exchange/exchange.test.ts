import { seedRateHistory } from "@shop/domain/sample-catalogue";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exchangeRates } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";

const FALLBACK_WARNING = "Usando tasa predeterminada debido a un error en la API";
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

let shop: TestShop;
let admin: Record<string, string>;
let shopper: Record<string, string>;

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
  shopper = (await login(shop.app, "shopper")).headers;
});
afterAll(async () => {
  await shop.close();
});

const get = (url: string) => shop.app.inject({ method: "GET", url });
const updateRate = (payload: unknown, headers: Record<string, string> = admin) =>
  shop.app.inject({
    method: "POST",
    url: "/api/exchange-admin/update-rate",
    headers,
    payload: payload as object,
  });
/** The seed's newest row is today's rate. */
const seededToday = Number(seedRateHistory(0));

describe("GET /Exchange/rate (seeded history)", () => {
  it("answers the newest USD to DOP rate", async () => {
    const res = await get("/api/Exchange/rate?from=USD&to=DOP");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      rate: seededToday,
      fromCurrency: "USD",
      toCurrency: "DOP",
      lastUpdated: expect.stringMatching(ISO),
    });
    // Stored when the sample shop was seeded (once per run, however long ago the run started).
    expect(Date.parse(body.lastUpdated)).toBe(shop.seededAt.getTime());
  });

  it("matches the path case-insensitively and defaults to USD to DOP", async () => {
    const spec = (await get("/api/Exchange/rate?from=USD&to=DOP")).json();
    const lower = await get("/api/exchange/rate?from=USD&to=DOP");
    expect(lower.statusCode).toBe(200);
    expect(lower.json()).toEqual(spec);
    expect((await get("/api/EXCHANGE/RATE")).json()).toEqual(spec);
    expect((await get("/api/exchange/rate?from=usd&to=dop")).json()).toEqual(spec);
  });

  it("gives 1 for the same currency", async () => {
    const res = await get("/api/Exchange/rate?from=DOP&to=DOP");
    expect(res.json()).toMatchObject({ rate: 1, fromCurrency: "DOP", toCurrency: "DOP" });
  });

  it("refuses currencies other than USD and DOP", async () => {
    const res = await get("/api/Exchange/rate?from=USD&to=EUR");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("querystring.to: Only USD and DOP are accepted");
    const from = await get("/api/Exchange/rate?from=BTC");
    expect(from.statusCode).toBe(400);
    expect(from.json().message).toContain("querystring.from: Only USD and DOP are accepted");
  });

  it("answers the wrapped form with format=wrapped", async () => {
    const plain = (await get("/api/Exchange/rate")).json();
    const res = await get("/api/Exchange/rate?from=USD&to=DOP&format=wrapped");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { rate: plain.rate, baseCurrency: "USD", targetCurrency: "DOP", lastUpdated: plain.lastUpdated },
    });
    const bad = await get("/api/Exchange/rate?format=xml");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("querystring.format: must be plain or wrapped");
  });
});

describe("GET /Exchange/history", () => {
  it("answers the last 30 days by default, oldest first, with list headers", async () => {
    const res = await get("/api/Exchange/history");
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { date: string; rate: number; fromCurrency: string; toCurrency: string }[];
    expect(rows).toHaveLength(30);
    expect(res.headers["x-total-count"]).toBe("30");
    expect(rows.map((r) => r.rate)).toEqual(
      Array.from({ length: 30 }, (_, i) => Number(seedRateHistory(29 - i))),
    );
    const dates = rows.map((r) => r.date);
    expect(dates).toEqual([...dates].sort());
    expect(rows.every((r) => ISO.test(r.date) && r.fromCurrency === "USD" && r.toCurrency === "DOP")).toBe(
      true,
    );
  });

  it("takes days and a direction", async () => {
    const week = (await get("/api/Exchange/history?days=7")).json() as { rate: number }[];
    expect(week.map((r) => r.rate)).toEqual(
      Array.from({ length: 7 }, (_, i) => Number(seedRateHistory(6 - i))),
    );
    const one = (await get("/api/exchange/history?days=1")).json();
    expect(one).toHaveLength(1);
    const inverse = (await get("/api/Exchange/history?days=1&from=DOP&to=USD")).json();
    expect(inverse).toEqual([
      {
        date: one[0].date,
        rate: Math.round(10000 / seededToday) / 10000,
        fromCurrency: "DOP",
        toCurrency: "USD",
      },
    ]);
  });

  it.each([
    ["0", "querystring.days: must be at least 1"],
    ["366", "querystring.days: must be at most 365"],
    ["1.5", "querystring.days: must be a whole number of days"],
    ["week", "querystring.days: must be a number of days from 1 to 365"],
  ])("refuses days=%s", async (days, message) => {
    const res = await get(`/api/Exchange/history?days=${days}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });
});

describe("GET /Exchange/rates", () => {
  it("answers both currencies with their rate per US dollar", async () => {
    const res = await get("/api/Exchange/rates");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { currency: "USD", rate: 1, symbol: "US$", name: "Dólar estadounidense" },
      { currency: "DOP", rate: seededToday, symbol: "RD$", name: "Peso dominicano" },
    ]);
    expect(res.headers["x-total-count"]).toBe("2");
  });
});

describe("POST /exchange-admin/update-rate", () => {
  it("stores a new USD to DOP rate, rounded half up to 4 decimals", async () => {
    const res = await updateRate({ rate: 60.12345 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: "Tasa de cambio actualizada exitosamente",
      rate: 60.1235,
      fromCurrency: "USD",
      toCurrency: "DOP",
      lastUpdated: expect.stringMatching(ISO),
    });
    expect(body.message).toContain("exitosamente");
    const current = (await get("/api/Exchange/rate?from=USD&to=DOP")).json();
    expect(current).toEqual({
      rate: 60.1235,
      fromCurrency: "USD",
      toCurrency: "DOP",
      lastUpdated: body.lastUpdated,
    });
    expect((await get("/api/Exchange/rate?from=DOP&to=USD")).json().rate).toBe(0.0166);
    const history = (await get("/api/Exchange/history?days=1")).json();
    expect(history.at(-1)).toEqual({
      date: body.lastUpdated,
      rate: 60.1235,
      fromCurrency: "USD",
      toCurrency: "DOP",
    });
  });

  it("gives the inverse rounded to 4 decimals for DOP to USD", async () => {
    await updateRate({ rate: 60.5 });
    const res = await get("/api/Exchange/rate?from=DOP&to=USD");
    // 1 / 60.5 = 0.016528...
    expect(res.json()).toMatchObject({ rate: 0.0165, fromCurrency: "DOP", toCurrency: "USD" });
    expect(res.json().warning).toBeUndefined();
  });

  it("accepts a rate given as DOP to USD and stores its inverse", async () => {
    const res = await updateRate({ rate: 0.0165, fromCurrency: "DOP", toCurrency: "USD" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, rate: 0.0165, fromCurrency: "DOP", toCurrency: "USD" });
    // 1 / 0.0165 = 60.60606...
    expect((await get("/api/Exchange/rate")).json().rate).toBe(60.6061);
  });

  it.each([
    [{ rate: 0 }, "body.rate"],
    [{ rate: -60 }, "body.rate"],
    [{ rate: "60" }, "body.rate"],
    [{}, "body.rate"],
    [{ rate: 20_000 }, "body.rate"],
    [{ rate: 7850 }, "body.rate: must be between 1 and 1000 DOP per USD"],
    [{ rate: 0.785 }, "body.rate: must be between 1 and 1000 DOP per USD"],
    [
      { rate: 0.00004, fromCurrency: "DOP", toCurrency: "USD" },
      "body.rate: must be between 0.001 and 1 USD per DOP",
    ],
    [{ rate: 60, fromCurrency: "USD", toCurrency: "USD" }, "body: fromCurrency and toCurrency must differ"],
    [{ rate: 60, toCurrency: "EUR" }, "body.toCurrency"],
  ])("refuses %j with a 400 and stores nothing", async (payload, message) => {
    const before = (await get("/api/Exchange/rate")).json();
    const res = await updateRate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await get("/api/Exchange/rate")).json()).toEqual(before);
  });

  it("is for admins only", async () => {
    const before = (await get("/api/Exchange/rate")).json();
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/api/exchange-admin/update-rate",
      payload: { rate: 61 },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await updateRate({ rate: 61 }, shopper);
    expect(customer.statusCode).toBe(403);
    expect((await get("/api/Exchange/rate")).json()).toEqual(before);
  });
});

describe("fallback rate", () => {
  let empty: TestShop;
  beforeAll(async () => {
    empty = await createTestShop();
    await empty.database.db.delete(exchangeRates);
  });
  afterAll(async () => {
    await empty.close();
  });
  const getEmpty = (url: string) => empty.app.inject({ method: "GET", url });

  it("answers 78.5 with the spec's warning when no rate is stored", async () => {
    const res = await getEmpty("/api/Exchange/rate?from=USD&to=DOP");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      rate: 78.5,
      fromCurrency: "USD",
      toCurrency: "DOP",
      lastUpdated: expect.stringMatching(ISO),
      warning: FALLBACK_WARNING,
    });
    // 1 / 78.5 = 0.012738...
    expect((await getEmpty("/api/Exchange/rate?from=DOP&to=USD")).json()).toMatchObject({
      rate: 0.0127,
      warning: FALLBACK_WARNING,
    });
    expect((await getEmpty("/api/Exchange/rate?format=wrapped")).json()).toEqual({
      data: {
        rate: 78.5,
        baseCurrency: "USD",
        targetCurrency: "DOP",
        lastUpdated: expect.stringMatching(ISO),
      },
      warning: FALLBACK_WARNING,
    });
    expect((await getEmpty("/api/Exchange/rates")).json()[1]).toMatchObject({ currency: "DOP", rate: 78.5 });
    expect((await getEmpty("/api/Exchange/history")).json()).toEqual([]);
  });

  it("answers 78.5 with the warning when the database fails", async () => {
    const admin = (await login(empty.app, "admin")).headers;
    const stored = await empty.app.inject({
      method: "POST",
      url: "/api/exchange-admin/update-rate",
      headers: admin,
      payload: { rate: 61 },
    });
    expect(stored.statusCode).toBe(200);
    expect((await getEmpty("/api/Exchange/rate")).json()).toMatchObject({ rate: 61 });
    const select = vi.spyOn(empty.app.db, "select").mockImplementation(() => {
      throw new Error("connection refused");
    });
    try {
      const res = await getEmpty("/api/Exchange/rate?from=USD&to=DOP");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rate: 78.5, warning: FALLBACK_WARNING });
    } finally {
      select.mockRestore();
    }
    expect((await getEmpty("/api/Exchange/rate")).json()).toMatchObject({ rate: 61 });
  });
});
