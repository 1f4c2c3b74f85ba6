// ITBIS inside the prices: exact cents for mixed-rate orders with coupons and shipping, in both currencies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCT_TYPES, type ProductType } from "./constants.ts";
import {
  allocateCents,
  ITBIS_RATES,
  type ItbisRate,
  itbisIncludedCents,
  itbisOfOrder,
  orderItbis,
} from "./itbis.ts";
import { type CouponRule, convertTotals, orderTotals, type PricedLine } from "./pricing.ts";

const NOW = new Date("2026-01-15T12:00:00Z");

describe("itbisIncludedCents", () => {
  it("takes the tax out of a price that includes it, half up", () => {
    expect(itbisIncludedCents(11800, 18)).toBe(1800);
    expect(itbisIncludedCents(11600, 16)).toBe(1600);
    expect(itbisIncludedCents(10000, 18)).toBe(1525); // 1525.42
    expect(itbisIncludedCents(59, 18)).toBe(9); // 9.0
    expect(itbisIncludedCents(1, 18)).toBe(0); // 0.15
    expect(itbisIncludedCents(3, 18)).toBe(0); // 0.457…
    expect(itbisIncludedCents(4, 18)).toBe(1); // 0.61
    expect(itbisIncludedCents(10000, 0)).toBe(0);
  });

  it("refuses a rate the law does not have and negative amounts", () => {
    expect(() => itbisIncludedCents(100, 12 as ItbisRate)).toThrow(RangeError);
    expect(() => itbisIncludedCents(-1, 18)).toThrow(RangeError);
    expect(() => itbisIncludedCents(1.5, 18)).toThrow(RangeError);
  });
});

describe("allocateCents", () => {
  it("splits in proportion, the cents left to the largest remainders", () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocateCents(0, [0, 0])).toEqual([0, 0]);
    expect(allocateCents(7, [100, 200, 400])).toEqual([1, 2, 4]);
  });

  it("always adds up, and never gives a weight more than itself", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 ** 9 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, part) => {
          const total = weights.reduce((a, b) => a + b, 0);
          const amount = Math.floor(total * part);
          const shares = allocateCents(amount, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
          shares.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0);
            expect(s).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });
});

describe("orderItbis", () => {
  it("computes a mixed-rate order with a coupon and shipping", () => {
    const result = orderItbis({
      lines: [
        { totalCents: 11800, rate: 18, couponApplies: true },
        { totalCents: 5800, rate: 16, couponApplies: true },
        { totalCents: 2000, rate: 0, couponApplies: true },
      ],
      discountCents: 1960, // 10 %
      shippingCents: 590,
    });
    expect(result.lines.map((l) => l.discountCents)).toEqual([1180, 580, 200]);
    expect(result.lines.map((l) => l.netCents)).toEqual([10620, 5220, 1800]);
    // 18 %: (10620 + 590) × 18 / 118 = 1710; 16 %: 5220 × 16 / 116 = 720; exempt: 0.
    expect(result.byRate).toEqual([
      { rate: 18, grossCents: 11210, baseCents: 9500, itbisCents: 1710 },
      { rate: 16, grossCents: 5220, baseCents: 4500, itbisCents: 720 },
      { rate: 0, grossCents: 1800, baseCents: 1800, itbisCents: 0 },
    ]);
    expect(result.lines.map((l) => l.itbisCents)).toEqual([1620, 720, 0]);
    expect(result.shipping.itbisCents).toBe(90);
    expect(result.itbisCents).toBe(2430);
    expect(result.totalCents).toBe(11800 + 5800 + 2000 - 1960 + 590);
  });

  it("gives a coupon limited to one product type to those lines only, the excess to the rest", () => {
    const limited = orderItbis({
      lines: [
        { totalCents: 1000, rate: 18, couponApplies: false },
        { totalCents: 1000, rate: 16, couponApplies: true },
      ],
      discountCents: 500,
      shippingCents: 0,
    });
    expect(limited.lines.map((l) => l.discountCents)).toEqual([0, 500]);
    const excess = orderItbis({
      lines: [
        { totalCents: 1000, rate: 18, couponApplies: false },
        { totalCents: 1000, rate: 16, couponApplies: true },
      ],
      discountCents: 1003,
      shippingCents: 0,
    });
    expect(excess.lines.map((l) => l.discountCents)).toEqual([3, 1000]);
  });

  it("refuses a discount larger than the lines", () => {
    expect(() =>
      orderItbis({
        lines: [{ totalCents: 100, rate: 18, couponApplies: true }],
        discountCents: 101,
        shippingCents: 0,
      }),
    ).toThrow(RangeError);
  });
});

const rateArb = fc.constantFrom<ItbisRate>(...ITBIS_RATES);
const typeArb = fc.constantFrom<ProductType>(...PRODUCT_TYPES);
const lineArb = fc.record({
  priceCents: fc.integer({ min: 0, max: 5_000_000 }),
  discountPercent: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 10000 }).map((b) => b / 100),
  ),
  quantity: fc.integer({ min: 1, max: 20 }),
  productType: typeArb,
  rate: rateArb,
});
const couponArb = fc.option(
  fc.record({
    kind: fc.constantFrom<"percent" | "fixed">("percent", "fixed"),
    percent: fc.integer({ min: 0, max: 100 }),
    fixedCents: fc.integer({ min: 0, max: 10_000_000 }),
    productType: fc.option(typeArb),
  }),
);

describe("itbisOfOrder over orderTotals (property)", () => {
  it("adds up to the order's totals to the cent in USD and DOP, each rate taken once", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 8 }),
        couponArb,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 10_000, max: 1_500_000 }).map((u) => (u / 10_000).toFixed(4)),
        (raw, c, shipping, rate) => {
          const lines: PricedLine[] = raw.map((l, i) => ({
            productId: `p${i}`,
            title: `Product ${i}`,
            productType: l.productType,
            priceCents: l.priceCents,
            discountPercent: l.discountPercent,
            quantity: l.quantity,
          }));
          const coupon: CouponRule | null = c && {
            code: "C",
            kind: c.kind,
            value: c.kind === "percent" ? c.percent : c.fixedCents,
            minOrderCents: 0,
            productType: c.productType,
            startsAt: null,
            endsAt: null,
            usageLimit: null,
            perCustomerLimit: null,
            timesUsed: 0,
            active: true,
          };
          const totals = orderTotals({
            lines,
            coupon,
            shipping: { priceCents: shipping, freeOverCents: null },
            now: NOW,
          });
          if (totals.coupon && !totals.coupon.ok) return; // a refused coupon: no order
          const converted = convertTotals(totals, "DOP", rate);
          const { usd, inCurrency } = itbisOfOrder({
            totals,
            converted,
            rates: raw.map((l) => l.rate),
            couponProductType: c?.productType ?? null,
          });
          for (const [result, expected] of [
            [
              usd,
              { total: totals.totalCents, discount: totals.discountCents, shipping: totals.shippingCents },
            ],
            [
              inCurrency,
              {
                total: converted.totalCents,
                discount: converted.discountCents,
                shipping: converted.shippingCents,
              },
            ],
          ] as const) {
            expect(result.totalCents).toBe(expected.total);
            expect(result.byRate.reduce((s, r) => s + r.grossCents, 0)).toBe(expected.total);
            expect(result.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(expected.discount);
            expect(result.shipping.netCents).toBe(expected.shipping);
            for (const group of result.byRate) {
              // Taken once per rate from everything charged at it, never summed from rounded parts.
              expect(group.itbisCents).toBe(itbisIncludedCents(group.grossCents, group.rate));
              expect(group.baseCents + group.itbisCents).toBe(group.grossCents);
              const members = result.lines.filter((l) => l.rate === group.rate);
              const shippingPart = group.rate === 18 ? result.shipping.itbisCents : 0;
              expect(members.reduce((s, l) => s + l.itbisCents, 0) + shippingPart).toBe(group.itbisCents);
            }
            for (const line of result.lines) {
              expect(line.netCents).toBeGreaterThanOrEqual(0);
              expect(line.itbisCents).toBeGreaterThanOrEqual(0);
              expect(line.itbisCents).toBeLessThanOrEqual(line.netCents);
              expect(line.baseCents + line.itbisCents).toBe(line.netCents);
              if (line.rate === 0) expect(line.itbisCents).toBe(0);
            }
            expect(result.itbisCents).toBe(result.byRate.reduce((s, r) => s + r.itbisCents, 0));
            // Never more than the general rate's share of the whole, give or take a cent per rate.
            expect(result.itbisCents).toBeLessThanOrEqual(Math.ceil((expected.total * 18) / 118) + 3);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("a coupon limited to a product type takes no discount off the other lines when it fits in its own", () => {
    const lines: PricedLine[] = [
      {
        productId: "a",
        title: "A",
        productType: "fashion",
        priceCents: 10000,
        discountPercent: 0,
        quantity: 1,
      },
      {
        productId: "b",
        title: "B",
        productType: "beauty",
        priceCents: 5000,
        discountPercent: 0,
        quantity: 1,
      },
    ];
    const coupon: CouponRule = {
      code: "MODA",
      kind: "percent",
      value: 20,
      minOrderCents: 0,
      productType: "fashion",
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      timesUsed: 0,
      active: true,
    };
    const totals = orderTotals({ lines, coupon, now: NOW });
    const converted = convertTotals(totals, "USD", 1);
    const { usd } = itbisOfOrder({ totals, converted, rates: [18, 0], couponProductType: "fashion" });
    expect(usd.lines.map((l) => l.discountCents)).toEqual([2000, 0]);
    expect(usd.itbisCents).toBe(itbisIncludedCents(8000, 18));
  });
});
