// The shopper's order summary: @shop/domain's orderTotals over the cart, the validated coupon, shipping, currency.
import { convertCents } from "@shop/domain/money";
import { describe, expect, it } from "vitest";
import { cheapestShipping, orderSummary } from "./order-totals.ts";

const now = new Date("2025-06-01T12:00:00Z");
const usd = { currency: "USD", rate: 1 } as const;
const lines = [
  {
    id: "a",
    title: "Auriculares",
    productType: "electronics" as const,
    price: 19.99,
    discount: 15,
    orderQuantity: 3,
  },
  { id: "b", title: "Crema", productType: "beauty" as const, price: 7.5, discount: 0, orderQuantity: 1 },
];

describe("orderSummary", () => {
  it("prices lines as price × (1 − discount/100) × quantity, in USD cents", () => {
    const summary = orderSummary({ lines, money: usd, now })!;
    // 19.99 × 0.85 × 3 = 50.9745 -> 50.97; 7.50
    expect(summary.lineTotalsCents).toEqual([5097, 750]);
    expect(summary.subtotalCents).toBe(5847);
    expect(summary.totalCents).toBe(5847);
  });

  it("takes the server's coupon discount off, and charges shipping until its free-over threshold", () => {
    const paid = orderSummary({
      lines,
      couponDiscount: 5,
      shipping: { price: 4.99, freeOver: 100 },
      money: usd,
      now,
    })!;
    expect([paid.discountCents, paid.shippingCents, paid.totalCents]).toEqual([500, 499, 5847 - 500 + 499]);
    const free = orderSummary({
      lines,
      couponDiscount: 5,
      shipping: { price: 4.99, freeOver: 53.47 },
      money: usd,
      now,
    })!;
    expect(free.shippingCents).toBe(0);
  });

  it("converts to pesos line by line, as the order will, and waits for a DOP rate", () => {
    expect(orderSummary({ lines, money: null, now })).toBeNull();
    const rate = 60.1234;
    const summary = orderSummary({
      lines,
      couponDiscount: 5,
      shipping: { price: 4.99, freeOver: null },
      money: { currency: "DOP", rate },
      now,
    })!;
    // 5097 × 60.1234 = 306,448.97 and 750 × 60.1234 = 45,092.55, each rounded half up on its own.
    expect(summary.lineTotalsCents).toEqual([306449, 45093]);
    expect(summary.subtotalCents).toBe(306449 + 45093);
    expect(summary.discountCents).toBe(convertCents(500, rate));
    expect(summary.shippingCents).toBe(convertCents(499, rate));
    expect(summary.totalCents).toBe(306449 + 45093 - convertCents(500, rate) + convertCents(499, rate));
    expect(summary.rate).toBe(rate);
  });
});

describe("cheapestShipping", () => {
  const standard = { id: "standard", price: 4.99, freeOver: null };
  const express = { id: "express", price: 14.99, freeOver: null };
  const economy = { id: "economy", price: 6.99, freeOver: 75 };
  const methods = [standard, express, economy];

  it("picks the method free for this order over a cheaper paid one", () => {
    // 5 × 19.99 × 0.85 + 7.50 = 92.46: over 75, so economy is free.
    const big = [{ ...lines[0]!, orderQuantity: 5 }, lines[1]!];
    expect(cheapestShipping(methods, { lines: big, now })).toBe(economy);
  });

  it("picks the cheapest paid one while the order does not reach a free-over threshold", () => {
    expect(cheapestShipping(methods, { lines, now })).toBe(standard);
    // The coupon counts: 92.46 − 20 = 72.46 is under 75 again.
    const big = [{ ...lines[0]!, orderQuantity: 5 }, lines[1]!];
    expect(cheapestShipping(methods, { lines: big, couponDiscount: 20, now })).toBe(standard);
  });

  it("keeps the list's order on a tie, and answers null without methods", () => {
    const twin = { id: "twin", price: 4.99, freeOver: null };
    expect(cheapestShipping([standard, twin], { lines, now })).toBe(standard);
    expect(cheapestShipping([], { lines, now })).toBeNull();
  });
});
