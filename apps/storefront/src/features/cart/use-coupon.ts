/** The applied coupon, checked by the server (POST /coupons/validate) against the cart's lines whenever they change. */
import type { CouponValidateResponse } from "@shop/api-client";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { api } from "#lib/api.ts";
import { type CartLine, couponCodeAtom } from "./atoms.ts";

export interface CouponCheck {
  code: string | null;
  /** The server's answer; undefined while it is asked (or without a code). */
  answer: CouponValidateResponse | undefined;
  checking: boolean;
  /** A failed check (network, rate limit): the coupon is left out of the totals. */
  error: unknown;
  /** The discount to count, in decimal USD: the server's, when it found the code valid. */
  discount: number;
}

export function useCoupon(lines: readonly CartLine[]): CouponCheck {
  const code = useAtomValue(couponCodeAtom);
  const items = lines.map((line) => ({ productId: line.id, quantity: line.orderQuantity }));
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
    checking: query.isFetching,
    error: query.error,
    discount: answer?.valid ? answer.discount : 0,
  };
}
