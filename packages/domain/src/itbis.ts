// ITBIS (the Dominican value-added tax) inside the shop's prices: the one computation of an order's tax, in cents.
import type { ProductType } from "./constants.ts";
import { bigIntToSafeNumber, roundHalfUpDiv } from "./money.ts";
import type { ConvertedTotals, OrderTotals } from "./pricing.ts";

/** The rates a product may carry, in percent: the general rate, the reduced one, and exempt. */
export const ITBIS_RATES = [18, 16, 0] as const;
export type ItbisRate = (typeof ITBIS_RATES)[number];
export const DEFAULT_ITBIS_RATE: ItbisRate = 18;
/** Delivery is a taxed service at the general rate; its price, like every price, includes it. */
export const SHIPPING_ITBIS_RATE: ItbisRate = 18;

export function isItbisRate(value: unknown): value is ItbisRate {
  return typeof value === "number" && (ITBIS_RATES as readonly number[]).includes(value);
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer of cents, got ${value}`);
  }
}

function assertRate(rate: number): asserts rate is ItbisRate {
  if (!isItbisRate(rate))
    throw new RangeError(`ITBIS rate must be one of ${ITBIS_RATES.join(", ")}, got ${rate}`);
}

/** The ITBIS inside an amount that includes it: gross × rate / (100 + rate), half up to the cent. */
export function itbisIncludedCents(grossCents: number, rate: ItbisRate): number {
  assertCents(grossCents, "gross amount");
  assertRate(rate);
  if (rate === 0) return 0;
  return bigIntToSafeNumber(roundHalfUpDiv(BigInt(grossCents) * BigInt(rate), BigInt(100 + rate)), "ITBIS");
}

/**
 * Splits `amountCents` over `weights` in proportion, in whole cents that add up exactly (largest remainder; ties
 * go to the earlier weight). With amount ≤ the weights' sum, no share exceeds its weight.
 */
export function allocateCents(amountCents: number, weights: readonly number[]): number[] {
  assertCents(amountCents, "amount");
  for (const w of weights) assertCents(w, "weight");
  const total = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (amountCents === 0) return weights.map(() => 0);
  if (total === 0n) throw new RangeError("cannot split an amount over weights that are all zero");
  const amount = BigInt(amountCents);
  const shares = weights.map((w) => (amount * BigInt(w)) / total);
  const remainders = weights.map((w, i) => ({ i, r: (amount * BigInt(w)) % total }));
  let left = amount - shares.reduce((sum, s) => sum + s, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    shares[i] = shares[i]! + 1n;
    left -= 1n;
  }
  return shares.map((s) => Number(s));
}

export interface ItbisLineInput {
  /** The line's total after its own discount, ITBIS included (pricing's lineTotalCents, or its conversion). */
  totalCents: number;
  rate: ItbisRate;
  /** Whether the order's coupon applies to this line (a coupon may be limited to one product type). */
  couponApplies: boolean;
}

export interface ItbisLine {
  rate: ItbisRate;
  /** The line's part of the order's coupon discount. */
  discountCents: number;
  /** What the line finally costs: totalCents − discountCents, ITBIS included. */
  netCents: number;
  itbisCents: number;
  /** netCents − itbisCents: the taxed (or exempt) amount before ITBIS. */
  baseCents: number;
}

export interface ItbisByRate {
  rate: ItbisRate;
  /** Everything charged at this rate, ITBIS included. */
  grossCents: number;
  baseCents: number;
  itbisCents: number;
}

export interface OrderItbis {
  lines: ItbisLine[];
  shipping: ItbisLine;
  /** One entry per rate present in the order, highest rate first. */
  byRate: ItbisByRate[];
  itbisCents: number;
  /** subtotal − discount + shipping: the order's total, which includes the ITBIS. */
  totalCents: number;
}

/**
 * The ITBIS of an order, computed once from its lines after discounts, in one currency (call it with the order's
 * USD amounts, and again with its converted ones). The coupon's discount is shared over the lines it applies to in
 * proportion to their totals (the rest, if rounding left more discount than those lines, over the others); each
 * rate's ITBIS is taken once from everything charged at that rate (lines after discount, and the shipping at the
 * general rate), then shared over that rate's lines, so the parts always add up to the whole.
 */
export function orderItbis(input: {
  lines: readonly ItbisLineInput[];
  discountCents: number;
  shippingCents: number;
}): OrderItbis {
  const { lines } = input;
  for (const line of lines) {
    assertCents(line.totalCents, "line total");
    assertRate(line.rate);
  }
  assertCents(input.discountCents, "discount");
  assertCents(input.shippingCents, "shipping");
  const subtotal = lines.reduce((sum, l) => sum + l.totalCents, 0);
  if (input.discountCents > subtotal) {
    throw new RangeError(`discount ${input.discountCents} is more than the lines' total ${subtotal}`);
  }

  // The discount: first over the lines the coupon applies to, any excess over the others.
  const discounts = lines.map(() => 0);
  const applies = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.couponApplies);
  const others = lines.map((l, i) => ({ l, i })).filter(({ l }) => !l.couponApplies);
  const appliesTotal = applies.reduce((sum, { l }) => sum + l.totalCents, 0);
  const first = Math.min(input.discountCents, appliesTotal);
  const spread = (amount: number, group: { l: ItbisLineInput; i: number }[]) => {
    if (amount === 0) return;
    const shares = allocateCents(
      amount,
      group.map(({ l }) => l.totalCents),
    );
    group.forEach(({ i }, k) => {
      discounts[i] = discounts[i]! + shares[k]!;
    });
  };
  spread(first, applies);
  spread(input.discountCents - first, others);

  const nets = lines.map((l, i) => l.totalCents - discounts[i]!);
  const byRate: ItbisByRate[] = [];
  const itbisOfLine = lines.map(() => 0);
  let shippingItbis = 0;
  for (const rate of ITBIS_RATES) {
    const members = lines.map((l, i) => ({ l, i })).filter(({ l }) => l.rate === rate);
    const withShipping = rate === SHIPPING_ITBIS_RATE && input.shippingCents > 0;
    if (!members.length && !withShipping) continue;
    const weights = members.map(({ i }) => nets[i]!);
    if (withShipping) weights.push(input.shippingCents);
    const gross = weights.reduce((sum, w) => sum + w, 0);
    const itbis = itbisIncludedCents(gross, rate);
    const shares = itbis === 0 ? weights.map(() => 0) : allocateCents(itbis, weights);
    members.forEach(({ i }, k) => {
      itbisOfLine[i] = shares[k]!;
    });
    if (withShipping) shippingItbis = shares[shares.length - 1]!;
    byRate.push({ rate, grossCents: gross, baseCents: gross - itbis, itbisCents: itbis });
  }

  return {
    lines: lines.map((l, i) => ({
      rate: l.rate,
      discountCents: discounts[i]!,
      netCents: nets[i]!,
      itbisCents: itbisOfLine[i]!,
      baseCents: nets[i]! - itbisOfLine[i]!,
    })),
    shipping: {
      rate: SHIPPING_ITBIS_RATE,
      discountCents: 0,
      netCents: input.shippingCents,
      itbisCents: shippingItbis,
      baseCents: input.shippingCents - shippingItbis,
    },
    byRate,
    itbisCents: byRate.reduce((sum, r) => sum + r.itbisCents, 0),
    totalCents: subtotal - input.discountCents + input.shippingCents,
  };
}

/**
 * The ITBIS of an order priced by pricing's orderTotals: in US dollars and in the order's currency (its converted
 * totals), each computed from that currency's own cents so that each adds up to that currency's total.
 */
export function itbisOfOrder(input: {
  totals: OrderTotals;
  converted: ConvertedTotals;
  /** Each line's rate, in the order of totals.lines. */
  rates: readonly ItbisRate[];
  /** The coupon's product type when it is limited to one; null when it applies to every line (or there is none). */
  couponProductType: ProductType | null;
}): { usd: OrderItbis; inCurrency: OrderItbis } {
  const { totals, converted, rates, couponProductType } = input;
  if (rates.length !== totals.lines.length) throw new RangeError("one ITBIS rate per line is needed");
  const applies = totals.lines.map((l) => couponProductType === null || l.productType === couponProductType);
  const usd = orderItbis({
    lines: totals.lines.map((l, i) => ({
      totalCents: l.lineTotalCents,
      rate: rates[i]!,
      couponApplies: applies[i]!,
    })),
    discountCents: totals.discountCents,
    shippingCents: totals.shippingCents,
  });
  const inCurrency = orderItbis({
    lines: converted.lineTotalsCents.map((cents, i) => ({
      totalCents: cents,
      rate: rates[i]!,
      couponApplies: applies[i]!,
    })),
    discountCents: converted.discountCents,
    shippingCents: converted.shippingCents,
  });
  return { usd, inCurrency };
}
