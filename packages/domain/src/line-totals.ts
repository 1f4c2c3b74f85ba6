// One line of an order or a cart in integer cents: the discounted unit price and the line total, the rules every
// price a shopper sees goes through (orderTotals in pricing.ts builds on them).
import { bigIntToSafeNumber, percentToBasisPoints, roundHalfUpDiv } from "./money.ts";

export interface LineAmounts {
  priceCents: number;
  discountPercent: number;
  quantity: number;
}

export function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
  }
}

/** A discount as basis points; anything outside 0..100 % is bad data, never a price to charge. */
function discountBasisPoints(discountPercent: number): number {
  const basisPoints = percentToBasisPoints(discountPercent);
  if (basisPoints < 0 || basisPoints > 10_000) {
    throw new RangeError(`discount must be between 0 and 100 percent, got ${discountPercent}`);
  }
  return basisPoints;
}

/**
 * price × (1 − discount/100) × quantity, rounded half up once for the whole line (not per unit),
 * so a line total is not always unitPrice × quantity. The discount is taken at 2 decimals.
 */
export function lineTotalCents(line: LineAmounts): number {
  assertCount(line.priceCents, "priceCents");
  assertCount(line.quantity, "quantity");
  const keptBasisPoints = BigInt(10_000 - discountBasisPoints(line.discountPercent));
  const exact = BigInt(line.priceCents) * keptBasisPoints * BigInt(line.quantity);
  return bigIntToSafeNumber(roundHalfUpDiv(exact, 10_000n), "line total");
}

/** The price minus the discount percent, half up: the unit price a shopper sees. */
export function discountedPriceCents(priceCents: number, discountPercent: number): number {
  return lineTotalCents({ priceCents, discountPercent, quantity: 1 });
}
