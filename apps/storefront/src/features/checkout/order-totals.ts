/**
 * The order summary a shopper sees in the cart and at checkout: @shop/domain's orderTotals (the function the
 * server prices orders with) over the cart's lines, the coupon discount the server validated, and the chosen
 * shipping method, converted to the display currency line by line as the order will be.
 */

import type { CurrencyCode } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";
import { type ConvertedTotals, convertTotals, orderTotals } from "@shop/domain/pricing";
import type { Product, ShippingMethod } from "@shop/domain/schemas/public";

export type SummaryLine = Pick<Product, "id" | "title" | "productType" | "price" | "discount"> & {
  orderQuantity: number;
};

export interface SummaryInput {
  lines: readonly SummaryLine[];
  /** The discount POST /coupons/validate answered for these lines, in decimal USD; 0 without a coupon. */
  couponDiscount?: number;
  shipping?: Pick<ShippingMethod, "price" | "freeOver"> | null;
  /** The display currency and rate; null while a DOP rate loads (the summary waits for it). */
  money: { currency: CurrencyCode; rate: number } | null;
  now: Date;
}

/** The totals in the display currency, in cents; null while a DOP rate is not known yet. */
export function orderSummary(input: SummaryInput): ConvertedTotals | null {
  if (!input.money) return null;
  const totals = orderTotals({
    lines: input.lines.map((line) => ({
      productId: line.id,
      title: line.title,
      productType: line.productType,
      priceCents: toCents(line.price),
      discountPercent: line.discount ?? 0,
      quantity: line.orderQuantity,
    })),
    // The server has checked the code against these lines; its answer is taken off as it is.
    grantedDiscountCents: toCents(input.couponDiscount ?? 0),
    shipping: input.shipping
      ? {
          priceCents: toCents(input.shipping.price),
          freeOverCents: input.shipping.freeOver === null ? null : toCents(input.shipping.freeOver),
        }
      : null,
    now: input.now,
  });
  return convertTotals(totals, input.money.currency, input.money.rate);
}

type ShippingRuleOf = Pick<ShippingMethod, "price" | "freeOver">;

/**
 * The method that costs this order least (one it qualifies for free delivery with first), the earlier in the
 * list on a tie: the checkout's choice until the shopper makes their own. Null without methods.
 */
export function cheapestShipping<M extends ShippingRuleOf>(
  methods: readonly M[],
  order: Pick<SummaryInput, "lines" | "couponDiscount" | "now">,
): M | null {
  let best: { method: M; cents: number } | null = null;
  for (const method of methods) {
    const cents = orderSummary({
      ...order,
      shipping: method,
      money: { currency: "USD", rate: 1 },
    })!.shippingCents;
    if (best === null || cents < best.cents) best = { method, cents };
  }
  return best?.method ?? null;
}
