// A coupon's state from its switch, its dates and its uses: the one rule behind the back office's list, the storefront's
// /coupons and the checkout's coupon check.

/** Paused by staff, not started yet, usable, past its end, or every use taken. */
export const COUPON_STATES = ["paused", "scheduled", "active", "expired", "used-up"] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/** What the state is read from: the API's coupon (ISO dates) or the server's rule (Dates). */
export interface CouponTimes {
  active: boolean;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  usageLimit: number | null;
  timesUsed: number;
}

function timeOf(value: Date | string, what: string): number {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(time)) throw new RangeError(`${what} is not a valid date`);
  return time;
}

/**
 * The coupon's state at `now`, checked in this order: paused (its switch is off), scheduled (before startsAt),
 * expired (after endsAt), used up (timesUsed has reached usageLimit), else active. The window is inclusive: a
 * coupon is active at startsAt and at endsAt.
 */
export function couponState(coupon: CouponTimes, now: Date | number): CouponState {
  const at = typeof now === "number" ? now : timeOf(now, "now");
  if (!coupon.active) return "paused";
  if (coupon.startsAt !== null && at < timeOf(coupon.startsAt, "startsAt")) return "scheduled";
  if (coupon.endsAt !== null && at > timeOf(coupon.endsAt, "endsAt")) return "expired";
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return "used-up";
  return "active";
}

/** What shoppers may see on /coupons: the usable ones and those still to come (not paused, over or used up). */
export const shownToShoppers = (state: CouponState) => state === "active" || state === "scheduled";
