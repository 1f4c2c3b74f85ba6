/** Exchange-rate calls: the current rate (never failing: 78.5 fallback), its history, the currency list, and the admin update. */
import type { CurrencyCode } from "@shop/domain/constants";
import { fallbackExchangeRate, isUpdateRateSuccess } from "@shop/domain/exchange";
import {
  type ExchangeRateEntry,
  type ExchangeRateHistoryEntry,
  type ExchangeRateResponse,
  exchangeRateEntrySchema,
  exchangeRateHistoryEntrySchema,
  exchangeRateResponseSchema,
  updateRateResponseSchema,
  wrappedExchangeRateResponseSchema,
} from "@shop/domain/schemas/public";
import { z } from "zod";
import { ApiContractError } from "../errors.ts";
import type { Transport } from "../http.ts";

/** A rate answer in either of the spec's forms, as the plain form; null when it is neither (a rate is required). */
function parseExchangeRate(body: unknown): ExchangeRateResponse | null {
  const plain = exchangeRateResponseSchema.safeParse(body);
  if (plain.success) return plain.data;
  const wrapped = wrappedExchangeRateResponseSchema.safeParse(body);
  if (!wrapped.success) return null;
  const { data, warning } = wrapped.data;
  return {
    rate: data.rate,
    fromCurrency: data.baseCurrency,
    toCurrency: data.targetCurrency,
    lastUpdated: data.lastUpdated,
    ...(warning === undefined ? {} : { warning }),
  };
}

/** update-rate's answer; `success` follows the spec's rule (a success flag, or a message with "exitosamente"). */
export interface UpdateRateResult {
  success: boolean;
  message: string;
  rate?: number;
  fromCurrency?: CurrencyCode;
  toCurrency?: CurrencyCode;
  lastUpdated?: string;
}

// The spec accepts an answer with only a message, so every field is optional here; their types still hold.
const updateRateAnswerSchema = updateRateResponseSchema.partial();

export function exchangeCalls(t: Transport) {
  return {
    /**
     * GET /Exchange/rate?from&to: the plain or the wrapped form. Never rejects: a network failure, an error
     * status or an answer without a rate gives the 78.5 fallback with the spec's warning.
     */
    async rate(from: CurrencyCode = "USD", to: CurrencyCode = "DOP"): Promise<ExchangeRateResponse> {
      try {
        const answer = await t.send({ call: "exchange.rate", path: "/Exchange/rate", query: { from, to } });
        const rate = parseExchangeRate(answer.body);
        if (rate) return rate;
      } catch {}
      return fallbackExchangeRate(from, to, new Date());
    },

    /** GET /Exchange/history?days: every stored rate of the last `days` days (1..365), oldest first. */
    history: (
      days = 30,
      pair: { from?: CurrencyCode; to?: CurrencyCode } = {},
    ): Promise<ExchangeRateHistoryEntry[]> =>
      t.json(
        { call: "exchange.history", path: "/Exchange/history", query: { days, ...pair } },
        z.array(exchangeRateHistoryEntrySchema),
      ),

    /** GET /Exchange/rates: the shop's currencies with their rate per US dollar. */
    rates: (): Promise<ExchangeRateEntry[]> =>
      t.json({ call: "exchange.rates", path: "/Exchange/rates" }, z.array(exchangeRateEntrySchema)),

    /** POST /exchange-admin/update-rate (admin): USD→DOP unless told otherwise. */
    async updateRate(
      rate: number,
      pair: { fromCurrency?: CurrencyCode; toCurrency?: CurrencyCode } = {},
    ): Promise<UpdateRateResult> {
      const answer = await t.send({
        call: "exchange.updateRate",
        method: "POST",
        path: "/exchange-admin/update-rate",
        body: { rate, ...pair },
      });
      const parsed = updateRateAnswerSchema.safeParse(answer.body);
      if (!parsed.success) {
        throw new ApiContractError("exchange.updateRate", answer.status, answer.body, parsed.error.issues);
      }
      return {
        ...parsed.data,
        message: parsed.data.message ?? "",
        success: isUpdateRateSuccess(parsed.data),
      };
    },
  };
}
