// Money in integer cents and exact decimals: no amount ever goes through floating-point arithmetic.

/**
 * Rounding rule for every function here: half up, and for negative values half away from zero
 * (-12.345 -> -12.35), so that rounding a negated amount gives the negated rounding.
 */

/** A decimal number held exactly: value = units / 10^scale. */
interface ExactDecimal {
  units: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
// Larger exponents cannot give a safe integer anyway; the cap stops "1e999999999" from hanging BigInt.
const MAX_EXPONENT = 400;

/** Reads a decimal number or string exactly, digit by digit. */
function parseDecimal(value: number | string, what: string): ExactDecimal {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${value}`);
    // String() gives the shortest decimal that round-trips, so 0.1 reads as "0.1", not 0.1000000000000000055…
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new RangeError(`${what} must be a number or a decimal string`);
  }
  const match = DECIMAL_PATTERN.exec(text);
  const integerDigits = match?.[2] ?? "";
  const fractionDigits = match?.[3] ?? "";
  if (!match || (integerDigits === "" && fractionDigits === "")) {
    throw new RangeError(`${what} is not a number: ${JSON.stringify(value)}`);
  }
  const exponent = Number(match[4] ?? "0");
  if (Math.abs(exponent) > MAX_EXPONENT) throw new RangeError(`${what} is out of range: ${text}`);
  let units = BigInt(`${integerDigits}${fractionDigits}` || "0");
  let scale = fractionDigits.length - exponent;
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: match[1] === "-" ? -units : units, scale };
}

/** The decimal as an integer count of 10^-targetScale, rounded half up. */
function toScale(decimal: ExactDecimal, targetScale: number): bigint {
  if (decimal.scale <= targetScale) return decimal.units * 10n ** BigInt(targetScale - decimal.scale);
  return roundHalfUpDiv(decimal.units, 10n ** BigInt(decimal.scale - targetScale));
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
}

/** Writes `units / 10^scale` as a decimal string and reads it back as the nearest double. */
function unitsToNumber(units: number, scale: number): number {
  const digits = String(Math.abs(units)).padStart(scale + 1, "0");
  const sign = units < 0 ? "-" : "";
  return Number(`${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`);
}

/** Division of integers rounded half up (half away from zero for negative quotients). */
export function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** A BigInt result as a number, refusing anything beyond Number.MAX_SAFE_INTEGER. */
export function bigIntToSafeNumber(value: bigint, what = "amount"): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} is too large: ${value}`);
  }
  return Number(value);
}

/** Decimal USD (number or string) to integer cents, half up at the cent: "12.345" -> 1235. */
export function toCents(amount: number | string): number {
  return bigIntToSafeNumber(toScale(parseDecimal(amount, "amount"), 2), "cents");
}

/**
 * Integer cents to decimal USD for the wire: 1999 -> 19.99.
 * toCents(fromCents(c)) === c for every |c| < 10^15; beyond that a double cannot hold every cent.
 */
export function fromCents(cents: number): number {
  assertSafeInteger(cents, "cents");
  return unitsToNumber(cents, 2);
}

/** An exchange rate at 4 decimals as integer ten-thousandths, half up: 78.5 -> 785000. Must be positive. */
export function rateToUnits(rate: number | string): number {
  const units = bigIntToSafeNumber(toScale(parseDecimal(rate, "exchange rate"), 4), "exchange rate");
  // A zero or negative rate would show every price as nothing; it is always a bug upstream.
  if (units <= 0) throw new RangeError(`exchange rate must be positive, got ${String(rate)}`);
  return units;
}

/** Ten-thousandths back to a rate: 785000 -> 78.5. */
export function unitsToRate(units: number): number {
  assertSafeInteger(units, "exchange rate units");
  return unitsToNumber(units, 4);
}

/** USD cents times a rate (first rounded to 4 decimals), rounded half up to the target currency's cent. */
export function convertCents(cents: number, rate: number | string): number {
  assertSafeInteger(cents, "cents");
  const product = BigInt(cents) * BigInt(rateToUnits(rate));
  return bigIntToSafeNumber(roundHalfUpDiv(product, 10_000n), "converted cents");
}

/** A percentage as integer hundredths of a percent (basis points), half up: 12.5 -> 1250, 7.125 -> 713. */
export function percentToBasisPoints(percent: number | string): number {
  return bigIntToSafeNumber(toScale(parseDecimal(percent, "percent"), 2), "percent");
}

/** `percent`% of an amount in cents, half up; the percent is first rounded to 2 decimals. */
export function percentOfCents(cents: number, percent: number): number {
  assertSafeInteger(cents, "cents");
  const product = BigInt(cents) * BigInt(percentToBasisPoints(percent));
  return bigIntToSafeNumber(roundHalfUpDiv(product, 10_000n), "cents");
}
