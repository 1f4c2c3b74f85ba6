// Order totals in integer cents, the one computation shared by the checkout preview and the server's order.
import type { CouponKind, CurrencyCode, ProductType } from "./constants.ts";
import { couponState } from "./coupons.ts";
import { assertCount, discountedPriceCents, type LineAmounts, lineTotalCents } from "./line-totals.ts";
import { couponMessages } from "./messages.ts";
import { convertCents, percentOfCents, percentToBasisPoints, rateToUnits, unitsToRate } from "./money.ts";

// The line rules live apart so that a page showing prices loads them without the coupons and the order's totals.
export { discountedPriceCents, lineTotalCents } from "./line-totals.ts";

export interface PricedLine {
  productId: string;
  title: string;
  productType: ProductType;
  priceCents: number;
  discountPercent: number;
  quantity: number;
}

export function cartSubtotalCents(lines: readonly LineAmounts[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

export interface CouponRule {
  code: string;
  kind: CouponKind;
  /** Percent 0..100 for "percent", cents for "fixed". */
  value: number;
  minOrderCents: number;
  /** When set, the discount applies only to lines of this product type. */
  productType: ProductType | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  timesUsed: number;
  active: boolean;
}

export type CouponRefusal =
  /** Unknown, or switched off by staff: one answer for both, so a paused code cannot be told from a guess. */
  | "not-found"
  | "not-started"
  | "expired"
  | "below-minimum"
  | "wrong-product-type"
  | "used-up"
  | "customer-limit";

export type CouponCheck =
  | { ok: true; discountCents: number; eligibleSubtotalCents: number }
  | { ok: false; reason: CouponRefusal; message: string };

function timeOf(date: Date, what: string): number {
  const time = date instanceof Date ? date.getTime() : Number.NaN;
  if (Number.isNaN(time)) throw new RangeError(`${what} is not a valid date`);
  return time;
}

function couponDiscountCents(coupon: CouponRule, eligibleSubtotalCents: number): number {
  if (coupon.kind === "percent") {
    const basisPoints = percentToBasisPoints(coupon.value);
    if (basisPoints < 0 || basisPoints > 10_000) {
      throw new RangeError(`Coupon ${coupon.code}: a percent coupon must be 0..100, got ${coupon.value}`);
    }
    return percentOfCents(eligibleSubtotalCents, coupon.value);
  }
  if (coupon.kind === "fixed") {
    assertCount(coupon.value, `Coupon ${coupon.code}: a fixed coupon's cents`);
    return Math.min(coupon.value, eligibleSubtotalCents);
  }
  throw new RangeError(`Coupon ${coupon.code}: unknown kind ${String(coupon.kind)}`);
}

/**
 * Whether a coupon applies now and how much it takes off. Checks run in a fixed order so the shopper
 * hears the most basic reason first: not-found (inactive), not-started, expired, used-up, customer-limit,
 * wrong-product-type, below-minimum. The window is inclusive: a coupon works at startsAt and at endsAt.
 */
export function checkCoupon(
  coupon: CouponRule,
  input: { lines: readonly PricedLine[]; now: Date; customerUses: number },
): CouponCheck {
  const now = timeOf(input.now, "now");
  const refuse = (reason: CouponRefusal, message: string): CouponCheck => ({ ok: false, reason, message });
  const { code } = coupon;

  // The coupon's own state first (couponState, the rule the back office and /coupons show), then the basket's.
  switch (couponState(coupon, now)) {
    // Switched off by staff: answered as an unknown code, so a paused code cannot be told from a guess.
    case "paused":
      return refuse("not-found", couponMessages.notFound(code));
    case "scheduled":
      return refuse("not-started", couponMessages.notStarted(code, coupon.startsAt!));
    case "expired":
      return refuse("expired", couponMessages.expired(code, coupon.endsAt!));
    case "used-up":
      return refuse("used-up", couponMessages.usedUp(code));
  }
  if (coupon.perCustomerLimit !== null && input.customerUses >= coupon.perCustomerLimit) {
    return refuse("customer-limit", couponMessages.customerLimit(code));
  }
  const { productType } = coupon;
  const eligible =
    productType === null ? input.lines : input.lines.filter((l) => l.productType === productType);
  if (productType !== null && eligible.length === 0) {
    return refuse("wrong-product-type", couponMessages.wrongProductType(code, productType));
  }
  // The minimum is on the whole cart, not just the eligible lines.
  if (cartSubtotalCents(input.lines) < coupon.minOrderCents) {
    return refuse("below-minimum", couponMessages.belowMinimum(code, coupon.minOrderCents));
  }
  const eligibleSubtotalCents = cartSubtotalCents(eligible);
  return {
    ok: true,
    discountCents: couponDiscountCents(coupon, eligibleSubtotalCents),
    eligibleSubtotalCents,
  };
}

export interface ShippingRule {
  priceCents: number;
  freeOverCents: number | null;
}

/** Free when the subtotal after discount reaches freeOverCents (inclusive). */
export function shippingCents(rule: ShippingRule, subtotalAfterDiscountCents: number): number {
  if (rule.freeOverCents !== null && subtotalAfterDiscountCents >= rule.freeOverCents) return 0;
  assertCount(rule.priceCents, "shipping priceCents");
  return rule.priceCents;
}

export interface OrderTotals {
  lines: (PricedLine & { unitPriceCents: number; lineTotalCents: number })[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  coupon: CouponCheck | null;
}

/**
 * The order's totals. A refused coupon gives discount 0 and is returned in `coupon` for the caller to
 * show or reject. A discount already granted (the server checked a coupon against these lines and answered its
 * amount: the storefront's summary) is taken off as it is, never more than the subtotal. total = subtotal −
 * discount + shipping, never below 0.
 */
export function orderTotals(input: {
  lines: readonly PricedLine[];
  coupon?: CouponRule | null;
  /** Cents a checked coupon takes off, when the rule itself stays on the server; ignored with `coupon`. */
  grantedDiscountCents?: number;
  customerUses?: number;
  shipping?: ShippingRule | null;
  now: Date;
}): OrderTotals {
  const lines = input.lines.map((line) => ({
    ...line,
    unitPriceCents: discountedPriceCents(line.priceCents, line.discountPercent),
    lineTotalCents: lineTotalCents(line),
  }));
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const coupon = input.coupon
    ? checkCoupon(input.coupon, { lines: input.lines, now: input.now, customerUses: input.customerUses ?? 0 })
    : null;
  const granted = input.grantedDiscountCents ?? 0;
  if (granted) assertCount(granted, "grantedDiscountCents");
  const discount = coupon ? (coupon.ok ? coupon.discountCents : 0) : Math.min(granted, subtotal);
  const shipping = input.shipping ? shippingCents(input.shipping, subtotal - discount) : 0;
  return {
    lines,
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: shipping,
    totalCents: Math.max(0, subtotal - discount + shipping),
    coupon,
  };
}

export interface ConvertedTotals {
  currency: CurrencyCode;
  /** The rate actually used, at 4 decimals (1 for USD). */
  rate: number;
  lineTotalsCents: number[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * Totals in the display currency. DOP: each line converted half up to the cent, subtotal = their sum,
 * discount and shipping converted on their own, total = subtotal − discount + shipping.
 */
export function convertTotals(
  totals: OrderTotals,
  currency: CurrencyCode,
  rate: number | string,
): ConvertedTotals {
  const lineTotalsUsd = totals.lines.map((line) => line.lineTotalCents);
  if (currency === "USD") {
    return {
      currency,
      rate: 1,
      lineTotalsCents: lineTotalsUsd,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
    };
  }
  const lineTotalsCents = lineTotalsUsd.map((cents) => convertCents(cents, rate));
  const subtotalCents = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  // Per-line rounding can leave the converted subtotal a few cents under the converted discount; a discount
  // that covers the whole subtotal must still cover it exactly after conversion.
  const discountCents =
    totals.discountCents >= totals.subtotalCents
      ? subtotalCents
      : Math.min(convertCents(totals.discountCents, rate), subtotalCents);
  const shipping = convertCents(totals.shippingCents, rate);
  return {
    currency,
    rate: unitsToRate(rateToUnits(rate)),
    lineTotalsCents,
    subtotalCents,
    discountCents,
    shippingCents: shipping,
    totalCents: subtotalCents - discountCents + shipping,
  };
}
