// Time left until an offer ends (offerDate.endDate), split into days, hours, minutes and seconds.

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
  expired: boolean;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const EXPIRED: Countdown = { days: 0, hours: 0, minutes: 0, seconds: 0, totalMs: 0, expired: true };

function timeOf(value: Date | string | number | null | undefined): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "string") return value.trim() === "" ? Number.NaN : Date.parse(value);
  if (typeof value === "number") return value;
  return Number.NaN;
}

/**
 * The countdown at `now` (the caller ticks it every COUNTDOWN_TICK_MS). Expired, with every part 0, when
 * now >= end or when the end (or now) is missing or not a valid time. Parts are whole units, rounded down.
 */
export function countdown(endDate: Date | string | number | null | undefined, now: Date | number): Countdown {
  const end = timeOf(endDate);
  const at = timeOf(now);
  if (!Number.isFinite(end) || !Number.isFinite(at) || at >= end) return { ...EXPIRED };
  const totalMs = end - at;
  return {
    days: Math.floor(totalMs / DAY_MS),
    hours: Math.floor((totalMs % DAY_MS) / HOUR_MS),
    minutes: Math.floor((totalMs % HOUR_MS) / MINUTE_MS),
    seconds: Math.floor((totalMs % MINUTE_MS) / SECOND_MS),
    totalMs,
    expired: false,
  };
}
