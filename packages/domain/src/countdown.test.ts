// The offer countdown: its parts, expiry and bad input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countdown } from "./countdown.ts";

const NOW = new Date("2026-01-15T12:00:00Z");
const EXPIRED = { days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0, expired: true };

describe("countdown", () => {
  it("splits the time left into days, hours, minutes and seconds", () => {
    expect(countdown("2026-01-17T15:04:05Z", NOW)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      totalMs: ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000,
      expired: false,
    });
  });

  it("accepts the end as a Date, an ISO string or milliseconds, and now as a Date or milliseconds", () => {
    const end = new Date("2026-01-15T12:01:30Z");
    const expected = { days: 0, hours: 0, minutes: 1, seconds: 30, totalMs: 90000, expired: false };
    expect(countdown(end, NOW)).toEqual(expected);
    expect(countdown(end.toISOString(), NOW)).toEqual(expected);
    expect(countdown(end.getTime(), NOW.getTime())).toEqual(expected);
  });

  it("rounds parts down, so the last part-second still counts as running", () => {
    expect(countdown(NOW.getTime() + 1999, NOW)).toMatchObject({ seconds: 1, totalMs: 1999, expired: false });
    expect(countdown(NOW.getTime() + 1, NOW)).toMatchObject({ seconds: 0, totalMs: 1, expired: false });
  });

  it("is expired from the end on", () => {
    expect(countdown(NOW, NOW)).toEqual(EXPIRED);
    expect(countdown("2026-01-01T00:00:00Z", NOW)).toEqual(EXPIRED);
  });

  it("is expired when the end or now is missing or invalid", () => {
    for (const end of [
      null,
      undefined,
      "",
      "not a date",
      new Date(Number.NaN),
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(countdown(end, NOW)).toEqual(EXPIRED);
    }
    expect(countdown("2030-01-01T00:00:00Z", Number.NaN)).toEqual(EXPIRED);
  });

  it("puts the parts back together to the whole seconds left", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86_400_000 }), (left) => {
        const c = countdown(NOW.getTime() + left, NOW);
        expect(c.expired).toBe(false);
        expect(c.totalMs).toBe(left);
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.seconds).toBeLessThan(60);
        expect(((c.days * 24 + c.hours) * 60 + c.minutes) * 60 + c.seconds).toBe(Math.floor(left / 1000));
      }),
    );
  });
});
