/** Exchange rates: the current USD/DOP rate (with the spec's 78.5 fallback), its history, and the admin update. */
import { CURRENCY_CODES, type CurrencyCode } from "@shop/domain/constants";
import { CURRENCIES } from "@shop/domain/currency";
import { pairRate } from "@shop/domain/exchange";
import { exchangeMessages } from "@shop/domain/messages";
import { rateToUnits } from "@shop/domain/money";
import { updateRateBodySchema } from "@shop/domain/schemas/admin";
import {
  exchangeRateEntrySchema,
  exchangeRateHistoryEntrySchema,
  exchangeRateResponseSchema,
  updateRateResponseSchema,
  wrappedExchangeRateResponseSchema,
} from "@shop/domain/schemas/public";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "../../http-errors.ts";
import { sendList } from "../../lists.ts";
import { callerOf } from "../../plugins/auth.ts";
import { recordAudit } from "../audit/record.ts";
import { type CurrentRate, currentRate, fallbackRate, toUsdToDopUnits, unitsToDecimalText } from "./rates.ts";
import { insertRate, latestRate, rateHistory } from "./repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** What a USD→DOP rate may sensibly be; anything else is a typo (7850, 0.785). */
const SANE_DOP_PER_USD = { min: 1, max: 1000 } as const;

const currency = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(CURRENCY_CODES, `Only ${CURRENCY_CODES.join(" and ")} are accepted`));

const rateQuery = z.object({
  from: currency.default("USD"),
  to: currency.default("DOP"),
  format: z.enum(["plain", "wrapped"], "must be plain or wrapped").default("plain"),
});

const historyQuery = z.object({
  days: z.coerce
    .number("must be a number of days from 1 to 365")
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(365, "must be at most 365")
    .default(30),
  from: currency.default("USD"),
  to: currency.default("DOP"),
});

export default async function exchangeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The current rate; when none is stored or the database fails, the spec's fallback rate, said in the log. */
  async function rateInForce(log: FastifyBaseLogger): Promise<CurrentRate> {
    try {
      const current = await currentRate(app.db);
      if (current.fallback) log.warn("no USD to DOP exchange rate stored; answering the fallback rate");
      return current;
    } catch (error) {
      log.error({ err: error }, "reading the exchange rate failed; answering the fallback rate");
      return fallbackRate();
    }
  }

  r.get(
    "/Exchange/rate",
    {
      schema: {
        tags: ["exchange"],
        summary:
          "The current rate from one currency to another (USD or DOP); format=wrapped gives { data: {...} }",
        querystring: rateQuery,
        response: { 200: z.union([exchangeRateResponseSchema, wrappedExchangeRateResponseSchema]) },
      },
      config: { access: "public" },
    },
    async (request) => {
      const { from, to, format } = request.query;
      // The same currency needs no lookup and cannot fail.
      const current: CurrentRate =
        from === to
          ? { units: 10_000, lastUpdated: new Date(), fallback: false }
          : await rateInForce(request.log);
      const rate = pairRate(from, to, current.units);
      const lastUpdated = current.lastUpdated.toISOString();
      const warning = current.fallback ? { warning: exchangeMessages.fallbackWarning } : {};
      if (format === "wrapped") {
        return { data: { rate, baseCurrency: from, targetCurrency: to, lastUpdated }, ...warning };
      }
      return { rate, fromCurrency: from, toCurrency: to, lastUpdated, ...warning };
    },
  );

  r.get(
    "/Exchange/history",
    {
      schema: {
        tags: ["exchange"],
        summary: "Every stored rate of the last `days` days (1..365, default 30), oldest first",
        querystring: historyQuery,
        response: { 200: z.array(exchangeRateHistoryEntrySchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const { days, from, to } = request.query;
      const since = new Date(Date.now() - days * DAY_MS);
      const rows = await rateHistory(app.db, "USD", "DOP", since);
      const items = rows.map((row) => ({
        date: row.createdAt.toISOString(),
        rate: pairRate(from, to, rateToUnits(row.rate)),
        fromCurrency: from,
        toCurrency: to,
      }));
      return sendList(reply, items, items.length, {
        page: 1,
        pageSize: Math.max(items.length, 1),
        offset: 0,
      });
    },
  );

  r.get(
    "/Exchange/rates",
    {
      schema: {
        tags: ["exchange"],
        summary: "The shop's currencies with their rate per US dollar",
        response: { 200: z.array(exchangeRateEntrySchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const current = await rateInForce(request.log);
      const entry = (code: CurrencyCode) => ({
        currency: code,
        rate: pairRate("USD", code, current.units),
        symbol: CURRENCIES[code].symbol,
        name: CURRENCIES[code].name,
      });
      const items = [entry("USD"), entry("DOP")];
      return sendList(reply, items, items.length, { page: 1, pageSize: items.length, offset: 0 });
    },
  );

  r.post(
    "/exchange-admin/update-rate",
    {
      schema: {
        tags: ["exchange"],
        summary: "Store a new rate (admin); USD→DOP by default",
        security: [{ bearer: [] }],
        body: updateRateBodySchema,
        response: { 200: updateRateResponseSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const caller = callerOf(request);
      const { rate, fromCurrency, toCurrency } = request.body;
      if (fromCurrency === toCurrency) throw badRequest("body: fromCurrency and toCurrency must differ");
      const units = toUsdToDopUnits(fromCurrency, rate);
      const { min, max } = SANE_DOP_PER_USD;
      if (units === null || units < min * 10_000 || units > max * 10_000) {
        throw badRequest(
          fromCurrency === "USD"
            ? `body.rate: must be between ${min} and ${max} DOP per USD`
            : `body.rate: must be between ${1 / max} and ${1 / min} USD per DOP`,
        );
      }
      const previous = await latestRate(app.db, "USD", "DOP");
      const row = await insertRate(app.db, {
        from: "USD",
        to: "DOP",
        rate: unitsToDecimalText(units),
        source: `admin:${caller.id}`,
      });
      const shown = (rate: string) => ({ fromCurrency: "USD", toCurrency: "DOP", rate: Number(rate) });
      await recordAudit(app.db, request, {
        action: "exchange-rate.update",
        entity: "exchange-rate",
        entityId: "USD-DOP",
        before: previous ? { ...shown(previous.rate), since: previous.createdAt } : null,
        after: { ...shown(row.rate), since: row.createdAt },
      });
      return {
        success: true,
        message: exchangeMessages.updateSuccess,
        rate: pairRate(fromCurrency, toCurrency, rateToUnits(row.rate)),
        fromCurrency,
        toCurrency,
        lastUpdated: row.createdAt.toISOString(),
      };
    },
  );
}
