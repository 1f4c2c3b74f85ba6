import { describe, expect, it } from "vitest";
import { type CouponTimes, couponState, shownToShoppers } from "./coupons.ts";

const NOW = new Date("2026-11-30T12:00:00Z");
const coupon = (overrides: Partial<CouponTimes> = {}): CouponTimes => ({
  active: true,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  timesUsed: 0,
  ...overrides,
});

describe("couponState", () => {
  it("says active for a switched-on coupon without dates or limit", () => {
    expect(couponState(coupon(), NOW)).toBe("active");
  });

  it("says expired once the end has passed (SUMMER25, which ended on 2026-10-29), active at its last instant", () => {
    const summer = coupon({ startsAt: "2026-07-01T00:00:00.000Z", endsAt: "2026-10-29T23:59:59.000Z" });
    expect(couponState(summer, NOW)).toBe("expired");
    expect(couponState(summer, new Date("2026-10-29T23:59:59.000Z"))).toBe("active");
    expect(couponState(summer, new Date("2026-10-30T00:00:00.000Z"))).toBe("expired");
  });

  it("says scheduled before the start, active from its first instant", () => {
    const navidad = coupon({ startsAt: new Date("2026-12-20T00:00:00Z"), endsAt: "2027-01-06T00:00:00Z" });
    expect(couponState(navidad, NOW)).toBe("scheduled");
    expect(couponState(navidad, new Date("2026-12-20T00:00:00Z"))).toBe("active");
  });

  it("says used up once the uses reach the limit", () => {
    expect(couponState(coupon({ usageLimit: 3, timesUsed: 2 }), NOW)).toBe("active");
    expect(couponState(coupon({ usageLimit: 3, timesUsed: 3 }), NOW)).toBe("used-up");
  });

  it("says paused when staff switched it off, whatever its dates and uses", () => {
    expect(couponState(coupon({ active: false, endsAt: "2026-01-01T00:00:00Z" }), NOW)).toBe("paused");
  });

  it("reads the time as a parameter: epoch milliseconds work as a Date does", () => {
    const ends = coupon({ endsAt: "2026-11-30T12:00:00.000Z" });
    expect(couponState(ends, NOW.getTime())).toBe("active");
    expect(couponState(ends, NOW.getTime() + 1)).toBe("expired");
  });

  it("refuses a date it cannot read rather than guess", () => {
    expect(() => couponState(coupon({ endsAt: "soon" }), NOW)).toThrow(/endsAt/);
  });

  it("shows shoppers the active and the scheduled ones only", () => {
    expect(
      ["paused", "scheduled", "active", "expired", "used-up"].filter((s) => shownToShoppers(s as never)),
    ).toEqual(["scheduled", "active"]);
  });
});
