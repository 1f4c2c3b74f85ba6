// Line totals, coupon rules, shipping and currency conversion of an order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCT_TYPES } from "./constants.ts";
import {
  type CouponRule,
  cartSubtotalCents,
  checkCoupon,
  convertTotals,
  discountedPriceCents,
  lineTotalCents,
  orderTotals,
  type PricedLine,
  type ShippingRule,
  shippingCents,
} from "./pricing.ts";

const NOW = new Date("2026-01-15T12:00:00Z");

function line(overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    productId: "p1",
    title: "Headphones",
    productType: "electronics",
    priceCents: 10000,
    discountPercent: 0,
    quantity: 1,
    ...overrides,
  };
}

function coupon(overrides: Partial<CouponRule> = {}): CouponRule {
  return {
    code: "SAVE10",
    kind: "percent",
    value: 10,
    minOrderCents: 0,
    productType: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    timesUsed: 0,
    active: true,
    ...overrides,
  };
}

function check(rule: CouponRule, lines: PricedLine[] = [line()], customerUses = 0, now = NOW) {
  return checkCoupon(rule, { lines, now, customerUses });
}

describe("discountedPriceCents", () => {
  it("is the price minus the discount percent, half up", () => {
    expect(discountedPriceCents(1999, 0)).toBe(1999);
    expect(discountedPriceCents(1999, 10)).toBe(1799); // 1799.1
    expect(discountedPriceCents(1000, 12.5)).toBe(875);
    expect(discountedPriceCents(1, 50)).toBe(1); // 0.5
    expect(discountedPriceCents(999, 100)).toBe(0);
    expect(discountedPriceCents(10000, 12.34)).toBe(8766);
  });

  it("refuses a discount outside 0..100", () => {
    for (const bad of [-1, 100.01, 101, Number.NaN])
      expect(() => discountedPriceCents(1000, bad)).toThrow(RangeError);
  });
});

describe("lineTotalCents", () => {
  it("rounds once for the whole line, not per unit", () => {
    expect(lineTotalCents({ priceCents: 1, discountPercent: 50, quantity: 2 })).toBe(1); // 2 × 0.5
    expect(discountedPriceCents(1, 50) * 2).toBe(2);
    expect(lineTotalCents({ priceCents: 999, discountPercent: 15, quantity: 3 })).toBe(2547); // 2547.45
    expect(lineTotalCents({ priceCents: 333, discountPercent: 33.33, quantity: 3 })).toBe(666); // 666.0333
  });

  it("is price × quantity without a discount, and 0 for no units", () => {
    expect(lineTotalCents({ priceCents: 1999, discountPercent: 0, quantity: 3 })).toBe(5997);
    expect(lineTotalCents({ priceCents: 1999, discountPercent: 20, quantity: 0 })).toBe(0);
  });

  it("refuses fractional or negative prices and quantities", () => {
    expect(() => lineTotalCents({ priceCents: 19.99, discountPercent: 0, quantity: 1 })).toThrow(RangeError);
    expect(() => lineTotalCents({ priceCents: -1, discountPercent: 0, quantity: 1 })).toThrow(RangeError);
    expect(() => lineTotalCents({ priceCents: 100, discountPercent: 0, quantity: 1.5 })).toThrow(RangeError);
    expect(() => lineTotalCents({ priceCents: 100, discountPercent: 0, quantity: -1 })).toThrow(RangeError);
  });

  it("is within half a cent of the exact product", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 8 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.integer({ min: 0, max: 1000 }),
        (priceCents, basisPoints, quantity) => {
          const total = lineTotalCents({ priceCents, discountPercent: basisPoints / 100, quantity });
          const exactTimes10000 = BigInt(priceCents) * BigInt(10000 - basisPoints) * BigInt(quantity);
          const error = BigInt(total) * 10000n - exactTimes10000;
          expect(error > -5000n && error <= 5000n).toBe(true);
        },
      ),
    );
  });
});

describe("cartSubtotalCents", () => {
  it("sums the line totals", () => {
    expect(cartSubtotalCents([])).toBe(0);
    expect(
      cartSubtotalCents([
        { priceCents: 999, discountPercent: 15, quantity: 3 },
        { priceCents: 1, discountPercent: 50, quantity: 2 },
      ]),
    ).toBe(2548);
  });
});

describe("checkCoupon", () => {
  it("takes a percent of the subtotal, half up", () => {
    expect(check(coupon({ value: 15 }), [line({ priceCents: 1999 })])).toEqual({
      ok: true,
      discountCents: 300, // 299.85
      eligibleSubtotalCents: 1999,
    });
  });

  it("takes a fixed amount, never more than the eligible subtotal", () => {
    expect(check(coupon({ kind: "fixed", value: 2500 }))).toEqual({
      ok: true,
      discountCents: 2500,
      eligibleSubtotalCents: 10000,
    });
    expect(check(coupon({ kind: "fixed", value: 50000 }))).toEqual({
      ok: true,
      discountCents: 10000,
      eligibleSubtotalCents: 10000,
    });
  });

  it("applies a product-type coupon to the lines of that type only", () => {
    const lines = [
      line({ productId: "a", productType: "beauty", priceCents: 2000, quantity: 2 }),
      line({ productId: "b", productType: "electronics", priceCents: 10000 }),
    ];
    const beauty = coupon({ code: "BEAUTY15", value: 15, productType: "beauty" });
    expect(check(beauty, lines)).toEqual({ ok: true, discountCents: 600, eligibleSubtotalCents: 4000 });
    const fixed = coupon({ code: "BEAUTY50", kind: "fixed", value: 5000, productType: "beauty" });
    expect(check(fixed, lines)).toEqual({ ok: true, discountCents: 4000, eligibleSubtotalCents: 4000 });
  });

  it("refuses an inactive coupon as if it did not exist", () => {
    expect(check(coupon({ active: false }))).toEqual({
      ok: false,
      reason: "not-found",
      message: "Coupon SAVE10 does not exist",
    });
  });

  it("refuses a coupon before it starts, and accepts it from its first instant", () => {
    const startsAt = new Date("2026-02-01T00:00:00Z");
    expect(check(coupon({ startsAt }))).toEqual({
      ok: false,
      reason: "not-started",
      message: "Coupon SAVE10 starts on 2026-02-01",
    });
    expect(check(coupon({ startsAt }), [line()], 0, startsAt).ok).toBe(true);
  });

  it("refuses a coupon after it ends, and accepts it at its last instant", () => {
    const endsAt = new Date("2026-01-31T23:59:59Z");
    const after = new Date("2026-02-01T00:00:00Z");
    expect(check(coupon({ endsAt }), [line()], 0, after)).toEqual({
      ok: false,
      reason: "expired",
      message: "Coupon SAVE10 expired on 2026-01-31",
    });
    expect(check(coupon({ endsAt }), [line()], 0, endsAt).ok).toBe(true);
  });

  it("refuses a coupon used as many times as its limit", () => {
    expect(check(coupon({ code: "X", usageLimit: 100, timesUsed: 100 }))).toEqual({
      ok: false,
      reason: "used-up",
      message: "Coupon X has been used up",
    });
    expect(check(coupon({ usageLimit: 100, timesUsed: 99 })).ok).toBe(true);
  });

  it("refuses a coupon the customer has used as often as allowed", () => {
    expect(check(coupon({ code: "X", perCustomerLimit: 1 }), [line()], 1)).toEqual({
      ok: false,
      reason: "customer-limit",
      message: "You have already used coupon X",
    });
    expect(check(coupon({ perCustomerLimit: 2 }), [line()], 1).ok).toBe(true);
  });

  it("refuses a product-type coupon when no line has that type", () => {
    expect(check(coupon({ code: "BEAUTY15", productType: "beauty" }))).toEqual({
      ok: false,
      reason: "wrong-product-type",
      message: "Coupon BEAUTY15 applies only to beauty products",
    });
  });

  it("refuses an order below the minimum, which counts the whole cart", () => {
    expect(check(coupon({ minOrderCents: 5000 }), [line({ priceCents: 4999 })])).toEqual({
      ok: false,
      reason: "below-minimum",
      message: "Coupon SAVE10 needs an order of at least US$50.00",
    });
    expect(check(coupon({ minOrderCents: 5000 }), [line({ priceCents: 5000 })]).ok).toBe(true);
    const mixed = [
      line({ productId: "a", productType: "beauty", priceCents: 1000 }),
      line({ productId: "b", priceCents: 4000 }),
    ];
    expect(check(coupon({ productType: "beauty", minOrderCents: 5000 }), mixed).ok).toBe(true);
  });

  it("checks in order: not-found (inactive), not-started, expired, used-up, customer-limit, wrong-product-type, below-minimum", () => {
    const everythingWrong = coupon({
      active: false,
      startsAt: new Date("2026-02-01T00:00:00Z"),
      endsAt: new Date("2026-01-01T00:00:00Z"),
      usageLimit: 1,
      timesUsed: 1,
      perCustomerLimit: 1,
      productType: "jewelry",
      minOrderCents: 10 ** 9,
    });
    const order = ["not-found", "not-started", "expired", "used-up", "customer-limit", "wrong-product-type"];
    const fixes: Partial<CouponRule>[] = [
      { active: true },
      { startsAt: null },
      { endsAt: null },
      { usageLimit: null },
      { perCustomerLimit: null },
      { productType: null },
    ];
    let rule = everythingWrong;
    order.forEach((reason, i) => {
      const result = check(rule, [line()], 1);
      expect(result.ok ? "ok" : result.reason).toBe(reason);
      rule = { ...rule, ...fixes[i] };
    });
    const last = check(rule, [line()], 1);
    expect(last.ok ? "ok" : last.reason).toBe("below-minimum");
  });

  it("throws on an invalid date or a coupon value out of range", () => {
    expect(() => check(coupon(), [line()], 0, new Date(Number.NaN))).toThrow(RangeError);
    expect(() => check(coupon({ value: 150 }))).toThrow(RangeError);
    expect(() => check(coupon({ kind: "fixed", value: -1 }))).toThrow(RangeError);
    expect(() => check(coupon({ kind: "bogus" as "fixed" }))).toThrow(RangeError);
  });
});

describe("shippingCents", () => {
  const rule: ShippingRule = { priceCents: 500, freeOverCents: 5000 };

  it("charges the price below the threshold and nothing from it on", () => {
    expect(shippingCents(rule, 4999)).toBe(500);
    expect(shippingCents(rule, 5000)).toBe(0);
    expect(shippingCents(rule, 9000)).toBe(0);
  });

  it("always charges when there is no free threshold", () => {
    expect(shippingCents({ priceCents: 500, freeOverCents: null }, 10 ** 9)).toBe(500);
  });
});

describe("orderTotals", () => {
  it("adds up lines, coupon and shipping", () => {
    const totals = orderTotals({
      lines: [
        line({ priceCents: 999, discountPercent: 15, quantity: 3 }),
        line({ productId: "p2", priceCents: 2000 }),
      ],
      coupon: coupon({ value: 10 }),
      shipping: { priceCents: 500, freeOverCents: 10000 },
      now: NOW,
    });
    expect(totals.lines.map((l) => [l.unitPriceCents, l.lineTotalCents])).toEqual([
      [849, 2547],
      [2000, 2000],
    ]);
    expect(totals.lines[0]?.title).toBe("Headphones");
    expect(totals.subtotalCents).toBe(4547);
    expect(totals.discountCents).toBe(455); // 454.7
    expect(totals.shippingCents).toBe(500);
    expect(totals.totalCents).toBe(4547 - 455 + 500);
    expect(totals.coupon).toEqual({ ok: true, discountCents: 455, eligibleSubtotalCents: 4547 });
  });

  it("gives no discount for a refused coupon and returns the refusal", () => {
    const totals = orderTotals({ lines: [line()], coupon: coupon({ active: false }), now: NOW });
    expect(totals.discountCents).toBe(0);
    expect(totals.totalCents).toBe(10000);
    expect(totals.coupon).toEqual({
      ok: false,
      reason: "not-found",
      message: "Coupon SAVE10 does not exist",
    });
  });

  it("takes off a discount the server already granted, never more than the subtotal, before shipping", () => {
    const granted = orderTotals({
      lines: [line({ priceCents: 4000 })],
      grantedDiscountCents: 1500,
      shipping: { priceCents: 500, freeOverCents: 3000 },
      now: NOW,
    });
    expect([granted.discountCents, granted.shippingCents, granted.totalCents]).toEqual([1500, 500, 3000]);
    expect(granted.coupon).toBeNull();
    const capped = orderTotals({ lines: [line({ priceCents: 1000 })], grantedDiscountCents: 5000, now: NOW });
    expect([capped.discountCents, capped.totalCents]).toEqual([1000, 0]);
    expect(() => orderTotals({ lines: [line()], grantedDiscountCents: -1, now: NOW })).toThrow(RangeError);
  });

  it("passes the customer's uses to the coupon check", () => {
    const totals = orderTotals({
      lines: [line()],
      coupon: coupon({ perCustomerLimit: 1 }),
      customerUses: 1,
      now: NOW,
    });
    expect(totals.coupon?.ok).toBe(false);
    expect(
      orderTotals({ lines: [line()], coupon: coupon({ perCustomerLimit: 1 }), now: NOW }).coupon?.ok,
    ).toBe(true);
  });

  it("decides free shipping on the subtotal after the discount", () => {
    const totals = orderTotals({
      lines: [line({ priceCents: 10000 })],
      coupon: coupon({ value: 10 }),
      shipping: { priceCents: 700, freeOverCents: 10000 },
      now: NOW,
    });
    expect(totals.shippingCents).toBe(700);
    expect(totals.totalCents).toBe(9000 + 700);
  });

  it("has no coupon and no shipping when none is given", () => {
    const totals = orderTotals({ lines: [line()], now: NOW });
    expect(totals).toMatchObject({
      subtotalCents: 10000,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 10000,
    });
    expect(totals.coupon).toBeNull();
  });

  it("does not change the lines it was given", () => {
    const lines = [line()];
    orderTotals({ lines, now: NOW });
    expect(lines[0]).toEqual(line());
  });
});

const lineArbitrary = fc.record({
  productId: fc.string(),
  title: fc.string(),
  productType: fc.constantFrom(...PRODUCT_TYPES),
  priceCents: fc.integer({ min: 0, max: 10 ** 7 }),
  discountPercent: fc.integer({ min: 0, max: 10000 }).map((bp) => bp / 100),
  quantity: fc.integer({ min: 0, max: 50 }),
});

const couponArbitrary = fc.oneof(
  fc.constant(null),
  fc
    .record({
      code: fc.constantFrom("A", "B"),
      kind: fc.constantFrom("percent" as const, "fixed" as const),
      value: fc.integer({ min: 0, max: 10000 }),
      minOrderCents: fc.integer({ min: 0, max: 10 ** 6 }),
      productType: fc.option(fc.constantFrom(...PRODUCT_TYPES)),
      startsAt: fc.constant(null),
      endsAt: fc.constant(null),
      usageLimit: fc.constant(null),
      perCustomerLimit: fc.constant(null),
      timesUsed: fc.constant(0),
      active: fc.boolean(),
    })
    .map((c) => (c.kind === "percent" ? { ...c, value: c.value / 100 } : { ...c, value: c.value * 100 })),
);

const shippingArbitrary = fc.option(
  fc.record({
    priceCents: fc.integer({ min: 0, max: 5000 }),
    freeOverCents: fc.option(fc.integer({ min: 0, max: 10 ** 6 })),
  }),
);

const orderArbitrary = fc.record({
  lines: fc.array(lineArbitrary, { maxLength: 8 }),
  coupon: couponArbitrary,
  shipping: shippingArbitrary,
});

const rateArbitrary = fc.integer({ min: 1, max: 2_000_000 }).map((units) => units / 10000);

describe("orderTotals properties", () => {
  it("total = subtotal − discount + shipping, with 0 ≤ discount ≤ subtotal", () => {
    fc.assert(
      fc.property(orderArbitrary, ({ lines, coupon, shipping }) => {
        const totals = orderTotals({ lines, coupon, shipping, now: NOW });
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + totals.shippingCents);
        expect(totals.discountCents).toBeGreaterThanOrEqual(0);
        expect(totals.discountCents).toBeLessThanOrEqual(totals.subtotalCents);
        expect(totals.subtotalCents).toBe(totals.lines.reduce((sum, l) => sum + l.lineTotalCents, 0));
        expect(totals.subtotalCents).toBe(cartSubtotalCents(lines));
      }),
    );
  });
});

describe("convertTotals", () => {
  const totals = orderTotals({
    lines: [line({ priceCents: 1999 }), line({ productId: "p2", priceCents: 1 })],
    coupon: coupon({ kind: "fixed", value: 1000 }),
    shipping: { priceCents: 500, freeOverCents: null },
    now: NOW,
  });

  it("keeps USD as it is, at rate 1", () => {
    expect(convertTotals(totals, "USD", 78.5)).toEqual({
      currency: "USD",
      rate: 1,
      lineTotalsCents: [1999, 1],
      subtotalCents: 2000,
      discountCents: 1000,
      shippingCents: 500,
      totalCents: 1500,
    });
  });

  it("converts each line, the discount and shipping half up, and sums the lines", () => {
    expect(convertTotals(totals, "DOP", 78.5)).toEqual({
      currency: "DOP",
      rate: 78.5,
      lineTotalsCents: [156922, 79], // 156921.5 and 78.5
      subtotalCents: 157001,
      discountCents: 78500,
      shippingCents: 39250,
      totalCents: 157001 - 78500 + 39250,
    });
  });

  it("reports the rate it used, at 4 decimals", () => {
    expect(convertTotals(totals, "DOP", "58.12345").rate).toBe(58.1235);
  });

  const freeOrder = orderTotals({
    lines: [line({ priceCents: 1 }), line({ productId: "p2", priceCents: 1 })],
    coupon: coupon({ value: 100 }),
    now: NOW,
  });

  it("lets a discount that covers the whole order cover it exactly after conversion", () => {
    // At 1.5 each 1-cent line converts to 2 cents (sum 4), while the 2-cent discount alone converts to 3.
    const converted = convertTotals(freeOrder, "DOP", 1.5);
    expect(converted.lineTotalsCents).toEqual([2, 2]);
    expect(converted.discountCents).toBe(4);
    expect(converted.totalCents).toBe(0);
  });

  it("never lets the converted discount exceed the converted subtotal", () => {
    // At 1.4 each line converts to 1 cent (sum 2), while the 2-cent discount alone converts to 3.
    const converted = convertTotals(freeOrder, "DOP", 1.4);
    expect(converted.subtotalCents).toBe(2);
    expect(converted.discountCents).toBe(2);
    expect(converted.totalCents).toBe(0);
    const fiveCents = orderTotals({
      lines: ["a", "b", "c", "d", "e"].map((productId) => line({ productId, priceCents: 1 })),
      coupon: coupon({ kind: "fixed", value: 4 }),
      now: NOW,
    });
    // Five lines of 1 cent each convert to 1 (sum 5); the 4-cent discount alone would be 5.6 -> 6: capped at 5.
    expect(convertTotals(fiveCents, "DOP", 1.4)).toMatchObject({
      subtotalCents: 5,
      discountCents: 5,
      totalCents: 0,
    });
  });

  it("keeps its sums in the target currency", () => {
    fc.assert(
      fc.property(orderArbitrary, rateArbitrary, ({ lines, coupon, shipping }, rate) => {
        const converted = convertTotals(orderTotals({ lines, coupon, shipping, now: NOW }), "DOP", rate);
        expect(converted.subtotalCents).toBe(converted.lineTotalsCents.reduce((sum, c) => sum + c, 0));
        expect(converted.totalCents).toBe(
          converted.subtotalCents - converted.discountCents + converted.shippingCents,
        );
        expect(converted.discountCents).toBeGreaterThanOrEqual(0);
        expect(converted.discountCents).toBeLessThanOrEqual(converted.subtotalCents);
        expect(converted.rate).toBe(rate);
      }),
    );
  });
});
