// Rounding rules for cents and rates, checked on examples and on generated inputs against exact references.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bigIntToSafeNumber,
  convertCents,
  fromCents,
  percentOfCents,
  percentToBasisPoints,
  rateToUnits,
  roundHalfUpDiv,
  toCents,
  unitsToRate,
} from "./money.ts";

/** Reference rounding written differently from roundHalfUpDiv: floor of (|n| + d/2) / d, sign restored. */
function referenceDivide(numerator: bigint, denominator: bigint): bigint {
  const magnitude = ((numerator < 0n ? -numerator : numerator) * 2n + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

const cents = fc.integer({ min: -(10 ** 12), max: 10 ** 12 });

describe("roundHalfUpDiv", () => {
  it("rounds halves up, and away from zero when negative", () => {
    expect(roundHalfUpDiv(5n, 2n)).toBe(3n);
    expect(roundHalfUpDiv(-5n, 2n)).toBe(-3n);
    expect(roundHalfUpDiv(5n, -2n)).toBe(-3n);
    expect(roundHalfUpDiv(-5n, -2n)).toBe(3n);
    expect(roundHalfUpDiv(7n, 3n)).toBe(2n);
    expect(roundHalfUpDiv(8n, 3n)).toBe(3n);
    expect(roundHalfUpDiv(0n, -7n)).toBe(0n);
  });

  it("refuses to divide by zero", () => {
    expect(() => roundHalfUpDiv(1n, 0n)).toThrow(RangeError);
  });

  it("is within half of the exact quotient, and a tie goes away from zero", () => {
    const nonZero = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }).filter((d) => d !== 0n);
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), nonZero, (n, d) => {
        const q = roundHalfUpDiv(n, d);
        const abs = (x: bigint) => (x < 0n ? -x : x);
        const error2 = 2n * abs(n - q * d);
        expect(error2 <= abs(d)).toBe(true);
        if (error2 === abs(d)) expect(abs(q * d) > abs(n)).toBe(true);
      }),
    );
  });
});

describe("bigIntToSafeNumber", () => {
  it("converts safe values and refuses larger ones", () => {
    expect(bigIntToSafeNumber(-42n)).toBe(-42);
    expect(bigIntToSafeNumber(BigInt(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => bigIntToSafeNumber(BigInt(Number.MAX_SAFE_INTEGER) + 1n)).toThrow(RangeError);
    expect(() => bigIntToSafeNumber(BigInt(Number.MIN_SAFE_INTEGER) - 1n)).toThrow(RangeError);
  });
});

describe("toCents", () => {
  it("reads decimal numbers and strings to the cent", () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents("19.99")).toBe(1999);
    expect(toCents(0)).toBe(0);
    expect(toCents(7)).toBe(700);
    expect(toCents(" 7 ")).toBe(700);
    expect(toCents("+3.5")).toBe(350);
    expect(toCents(".5")).toBe(50);
    expect(toCents("4.")).toBe(400);
    expect(toCents("1e2")).toBe(10000);
    expect(toCents(1e-7)).toBe(0);
  });

  it("rounds half up at the cent on the decimal digits, not on a float", () => {
    expect(toCents("12.345")).toBe(1235);
    expect(toCents("12.344999")).toBe(1234);
    // 1.005 is 1.00499999999999989… as a double; the decimal the number prints as is what counts.
    expect(toCents(1.005)).toBe(101);
    expect(toCents(1.255)).toBe(126);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it("rounds negative halves away from zero", () => {
    expect(toCents("-12.345")).toBe(-1235);
    expect(toCents(-0.005)).toBe(-1);
    expect(toCents("-0.004")).toBe(0);
    expect(Object.is(toCents("-0.004"), 0)).toBe(true);
  });

  it("throws RangeError on what is not a finite decimal", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => toCents(bad)).toThrow(RangeError);
    }
    for (const bad of [
      "",
      " ",
      "abc",
      "1,000",
      "12.3.4",
      "0x10",
      "NaN",
      "Infinity",
      ".",
      "-",
      "1e999999999",
    ]) {
      expect(() => toCents(bad)).toThrow(RangeError);
    }
    expect(() => toCents(undefined as unknown as number)).toThrow(RangeError);
    expect(() => toCents(1e300)).toThrow(RangeError);
  });

  it("matches a digit-by-digit reference on generated decimal strings", () => {
    const digits = (max: number) =>
      fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: max });
    fc.assert(
      fc.property(fc.boolean(), digits(10), digits(8), (negative, whole, fraction) => {
        const padded = fraction.padEnd(3, "0");
        const magnitude = Number(whole) * 100 + Number(padded.slice(0, 2)) + (Number(padded[2]) >= 5 ? 1 : 0);
        const expected = negative && magnitude !== 0 ? -magnitude : magnitude;
        expect(toCents(`${negative ? "-" : ""}${whole}.${fraction}`)).toBe(expected);
      }),
    );
  });

  it("round-trips with fromCents for every whole number of cents", () => {
    const wide = fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 });
    fc.assert(fc.property(wide, (c) => toCents(fromCents(c)) === c));
  });
});

describe("fromCents", () => {
  it("gives decimal dollars for the wire", () => {
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(5)).toBe(0.05);
    expect(fromCents(-5)).toBe(-0.05);
    expect(fromCents(0)).toBe(0);
    expect(fromCents(123456789)).toBe(1234567.89);
  });

  it("refuses fractions of a cent and unsafe integers", () => {
    expect(() => fromCents(1.5)).toThrow(RangeError);
    expect(() => fromCents(Number.NaN)).toThrow(RangeError);
    expect(() => fromCents(2 ** 53)).toThrow(RangeError);
  });
});

describe("rateToUnits and unitsToRate", () => {
  it("keeps a rate at 4 decimals, half up", () => {
    expect(rateToUnits(78.5)).toBe(785000);
    expect(rateToUnits("58.12345")).toBe(581235);
    expect(rateToUnits("58.12344")).toBe(581234);
    expect(rateToUnits(1)).toBe(10000);
    expect(unitsToRate(785000)).toBe(78.5);
    expect(unitsToRate(581235)).toBe(58.1235);
    expect(unitsToRate(1)).toBe(0.0001);
  });

  it("refuses a rate that is not positive at 4 decimals", () => {
    expect(() => rateToUnits(0)).toThrow(RangeError);
    expect(() => rateToUnits(-1)).toThrow(RangeError);
    expect(() => rateToUnits("0.00004")).toThrow(RangeError);
    expect(() => rateToUnits("abc")).toThrow(RangeError);
    expect(() => unitsToRate(1.5)).toThrow(RangeError);
  });

  it("round-trips", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 10 }),
        (units) => rateToUnits(unitsToRate(units)) === units,
      ),
    );
  });
});

describe("convertCents", () => {
  it("converts and rounds half up to the cent", () => {
    expect(convertCents(1999, 78.5)).toBe(156922); // 156921.5
    expect(convertCents(100, "58.12345")).toBe(5812); // rate 58.1235 -> 5812.35
    expect(convertCents(1, 58.5)).toBe(59);
    expect(convertCents(-1, 58.5)).toBe(-59);
    expect(convertCents(0, 78.5)).toBe(0);
    expect(convertCents(123456, 1)).toBe(123456);
  });

  it("rounds the rate to 4 decimals before multiplying", () => {
    // 10000 * 1.00004 would be 10000.4 -> 10000; the rounded rate 1.0000 gives the same, 1.00005 -> 1.0001 gives 10001.
    expect(convertCents(10000, "1.00005")).toBe(10001);
    expect(convertCents(10000, "1.00004")).toBe(10000);
  });

  it("refuses fractional cents and bad rates", () => {
    expect(() => convertCents(1.5, 78.5)).toThrow(RangeError);
    expect(() => convertCents(100, 0)).toThrow(RangeError);
    expect(() => convertCents(100, Number.NaN)).toThrow(RangeError);
  });

  const rateString = fc
    .integer({ min: 1, max: 2_000_00000000 })
    .map((r8) => `${Math.floor(r8 / 1e8)}.${String(r8 % 1e8).padStart(8, "0")}`)
    .filter((rate) => rateToUnitsReference(rate) > 0n);

  function rateToUnitsReference(rate: string): bigint {
    const [whole = "0", fraction = ""] = rate.split(".");
    const r8 = BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(8, "0"));
    return (r8 + 5000n) / 10000n;
  }

  it("matches an exact rational reference", () => {
    fc.assert(
      fc.property(cents, rateString, (c, rate) => {
        const expected = referenceDivide(BigInt(c) * rateToUnitsReference(rate), 10000n);
        expect(convertCents(c, rate)).toBe(Number(expected));
      }),
    );
  });

  it("gives the same result for a rate as number or string", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 10 ** 7 }), (c, units) => {
        const rate = unitsToRate(units);
        expect(convertCents(c, rate)).toBe(convertCents(c, String(rate)));
        expect(convertCents(c, rate)).toBe(Number(referenceDivide(BigInt(c) * BigInt(units), 10000n)));
      }),
    );
  });

  it("is monotonic in cents", () => {
    fc.assert(
      fc.property(cents, cents, rateString, (a, b, rate) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(convertCents(low, rate)).toBeLessThanOrEqual(convertCents(high, rate));
      }),
    );
  });

  it("is odd: converting a negated amount negates the result", () => {
    fc.assert(fc.property(cents, rateString, (c, rate) => convertCents(-c, rate) === -convertCents(c, rate)));
  });
});

describe("percentToBasisPoints and percentOfCents", () => {
  it("takes a percent at 2 decimals", () => {
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints("7.125")).toBe(713);
    expect(percentToBasisPoints(100)).toBe(10000);
  });

  it("rounds half up", () => {
    expect(percentOfCents(1999, 15)).toBe(300); // 299.85
    expect(percentOfCents(1000, 12.5)).toBe(125);
    expect(percentOfCents(333, 33.33)).toBe(111); // 110.9889
    expect(percentOfCents(1, 50)).toBe(1); // 0.5
    expect(percentOfCents(-1, 50)).toBe(-1);
    expect(percentOfCents(100000, 12.345)).toBe(12350); // percent taken as 12.35
  });

  it("gives all at 100 % and nothing at 0 %", () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(percentOfCents(c, 100)).toBe(c);
        expect(percentOfCents(c, 0)).toBe(0);
      }),
    );
  });

  it("matches an exact rational reference", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 10000 }), (c, basisPoints) => {
        const percent = basisPoints / 100;
        expect(percentOfCents(c, percent)).toBe(
          Number(referenceDivide(BigInt(c) * BigInt(basisPoints), 10000n)),
        );
      }),
    );
  });

  it("refuses fractional cents", () => {
    expect(() => percentOfCents(10.5, 10)).toThrow(RangeError);
    expect(() => percentOfCents(10, Number.NaN)).toThrow(RangeError);
  });
});
