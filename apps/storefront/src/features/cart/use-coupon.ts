/** The applied coupon, checked by the server (POST /coupons/validate) against the cart's lines whenever they change. */

import { formatUsdAsCurrency } from "@shop/domain/currency";
import { couponMessages } from "@shop/domain/messages";
import { toCents } from "@shop/domain/money";
import type { CouponValidateResponse } from "@shop/domain/schemas/public";
import { orderItemOf } from "@shop/domain/variant-lines";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { type Money, useMoney } from "#features/currency/use-money.ts";
import { api } from "#lib/api.ts";
import { type CartLine, couponCodeAtom } from "./atoms.ts";

export interface CouponCheck {
  code: string | null;
  /** The server's answer; undefined while it is asked (or without a code). */
  answer: CouponValidateResponse | undefined;
  /** The answer in words, amounts in the shopper's currency; null until the answer and the rate are known. */
  message: string | null;
  checking: boolean;
  /** A failed check (network, rate limit): the coupon is left out of the totals. */
  error: unknown;
  /** The discount to count, in decimal USD: the server's, when it found the code valid. */
  discount: number;
}

/**
 * The server writes its answer in US dollars; the shopper reads every amount in their own currency, so the two
 * messages with an amount are written again here from the answer's figures.
 */
function messageFor(answer: CouponValidateResponse, money: Money): string {
  const format = (usdCents: number) => formatUsdAsCurrency(usdCents, money.currency, money.rate);
  if (answer.valid) return couponMessages.applied(answer.code, toCents(answer.discount), format);
  if (answer.reason === "below-minimum") {
    return couponMessages.belowMinimum(answer.code, toCents(answer.minOrderAmount), format);
  }
  return answer.message;
}

export function useCoupon(lines: readonly CartLine[]): CouponCheck {
  const code = useAtomValue(couponCodeAtom);
  const money = useMoney();
  const items = lines.map(orderItemOf);
  const query = useQuery({
    queryKey: ["coupon-check", code, items],
    queryFn: () => api((client) => client.coupons.validate({ code: code!, items })),
    enabled: code !== null && items.length > 0,
    staleTime: 30_000,
    retry: false,
  });
  const answer = code !== null && items.length > 0 ? query.data : undefined;
  return {
    code,
    answer,
    message: answer && money ? messageFor(answer, money) : null,
    checking: query.isFetching,
    error: query.error,
    discount: answer?.valid ? answer.discount : 0,
  };
}
