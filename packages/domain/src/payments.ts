/**
 * Payments beside an order's progress: the payment state read from the records of money in and out, what may
 * still be refunded, and which status steps wait for the money. Pure: amounts in integer cents of the order's
 * currency, nothing read from a clock.
 */
import type { OrderStatus, PaymentMethod } from "./constants.ts";

export const PAYMENT_STATES = [
  "unpaid",
  "authorized",
  "paid",
  "partially_refunded",
  "refunded",
  "failed",
  "cancelled",
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** How the last attempt at the card gateway ended (null when nobody tried to pay by card). */
export type AttemptOutcome = "pending" | "approved" | "declined" | "failed" | "cancelled" | null;

export interface PaymentFacts {
  /** The order's total in its own currency. */
  totalCents: number;
  /** Money recorded as received for it, and given back. */
  paidCents: number;
  refundedCents: number;
  lastAttempt: AttemptOutcome;
  orderCancelled: boolean;
}

/**
 * The payment state, always derived from the records (never stored beside them, so it cannot disagree with them):
 * money given back wins, then money received in full, then an order cancelled unpaid, then a failed attempt.
 */
export function paymentState(f: PaymentFacts): PaymentState {
  if (f.refundedCents > 0) return f.refundedCents >= f.paidCents ? "refunded" : "partially_refunded";
  if (f.paidCents > 0 && f.paidCents >= f.totalCents) return "paid";
  if (f.orderCancelled) return "cancelled";
  if (f.lastAttempt === "declined" || f.lastAttempt === "failed") return "failed";
  return "unpaid";
}

/** What may still be refunded: never more than was received, less what was already given back. */
export function refundableCents(paidCents: number, refundedCents: number): number {
  return Math.max(0, paidCents - refundedCents);
}

/** Whether the money of this order has been received (and not all of it given back). */
export const isPaid = (state: PaymentState) => state === "paid" || state === "partially_refunded";

/** Methods whose money comes before the parcel: an order paid this way is not prepared or shipped unpaid. */
export const PAY_FIRST_METHODS: readonly PaymentMethod[] = ["bank_transfer", "card"];

/**
 * Why a status step must wait for the money, or null when it may go ahead: a transfer or card order is not
 * prepared or shipped before it is paid, unless staff say so explicitly (`unpaidAllowed`).
 */
export function stepWaitsForPayment(input: {
  to: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
  unpaidAllowed?: boolean;
}): string | null {
  if (input.to !== "processing" && input.to !== "shipped") return null;
  if (!PAY_FIRST_METHODS.includes(input.paymentMethod)) return null;
  if (isPaid(input.paymentState) || input.unpaidAllowed) return null;
  return `This order is ${input.paymentState.replace("_", " ")}: mark it as paid first, or confirm that it goes ahead unpaid`;
}

/** A shopper may (again) pay by card while the order is pending, unpaid and not cancelled. */
export function canPayNow(input: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentState: PaymentState;
}): boolean {
  return (
    input.paymentMethod === "card" &&
    input.status === "pending" &&
    (input.paymentState === "unpaid" || input.paymentState === "failed")
  );
}

/**
 * The cards the shop's test gateway answers to (outside production only): one approves, one is declined, one
 * fails as a processor error would. Any future expiry and any three-digit code.
 */
export const TEST_GATEWAY_CARDS = {
  approve: "4242424242424242",
  decline: "4000000000000002",
  fail: "4000000000000119",
} as const;

/** A tracking link for the carriers the shop names, or null (the number is then shown alone). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const n = encodeURIComponent(trackingNumber.trim());
  switch (carrier.trim().toLowerCase()) {
    case "dhl":
      return `https://www.dhl.com/do-en/home/tracking/tracking-express.html?tracking-id=${n}`;
    case "fedex":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "ups":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "usps":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    default:
      return null;
  }
}
