/**
 * Payments: money received for an order and given back, recorded once each, whatever delivers the news (staff, a
 * signed redirect, the gateway's verification, the same news twice at once). The one place an order becomes paid
 * is `recordPayment`; `onOrderPaid` is how another module hears of it.
 */
import type { CurrencyCode, PaymentMethod } from "@shop/domain/constants";
import { canPayNow, isPaid, paymentState, refundableCents } from "@shop/domain/payments";
import { and, count, eq, lt } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import { pgCode } from "../../plugins/errors.ts";
import { lockPayableOrder, type PayableOrder, payableOrder } from "../orders/payable.ts";
import type { CardGateway, CheckoutForm, GatewayResult } from "./providers/provider.ts";
import { paymentFacts } from "./summary.ts";
import { paymentAttempts, payments } from "./tables.ts";

export interface Staff {
  id: string;
  email: string;
}

// ---------- Hearing that an order is paid ----------

export interface OrderPaid {
  orderId: string;
  paymentId: string;
  provider: string;
  amountCents: number;
  currency: string;
  at: Date;
}
type PaidListener = (event: OrderPaid) => void | Promise<void>;
const paidListeners = new WeakMap<object, Set<PaidListener>>();

/**
 * Calls `listener` each time an order of this database becomes paid (its payments reach its total), once per
 * order, after the payment has committed. Answers a function that stops listening. A listener that throws is
 * logged by the caller's `log` and changes nothing.
 */
export function onOrderPaid(db: Db, listener: PaidListener): () => void {
  const set = paidListeners.get(db) ?? new Set();
  set.add(listener);
  paidListeners.set(db, set);
  return () => set.delete(listener);
}

async function announcePaid(db: Db, event: OrderPaid, log: (error: unknown) => void) {
  for (const listener of paidListeners.get(db) ?? []) {
    try {
      await listener(event);
    } catch (error) {
      log(error);
    }
  }
}

// ---------- Recording money ----------

export interface PaymentInput {
  orderId: string;
  provider: string;
  reference: string;
  /** The same key twice records one payment. */
  key: string;
  amountCents: number;
  currency: string;
  at: Date;
  by?: Staff | undefined;
  attemptId?: string | undefined;
  note?: string | undefined;
}

export interface Recorded {
  paymentId: string;
  /** False when this key had already been recorded: nothing new happened. */
  created: boolean;
  /** The order was cancelled when the money arrived: it has to go back. */
  orderCancelled: boolean;
}

/**
 * Records money received, once per key, under the order's lock (a cancellation of the same order waits, or
 * is waited for). The order becomes paid here and nowhere else.
 */
export async function recordPayment(
  db: Db,
  input: PaymentInput,
  log: (error: unknown) => void = () => {},
): Promise<Recorded> {
  const outcome = await db.transaction(async (tx) => {
    const order = await lockPayableOrder(tx, input.orderId);
    if (!order) throw notFound("Order");
    if (input.currency !== order.currency) {
      throw badRequest(`This order is paid in ${order.currency}, not ${input.currency}`);
    }
    const before = await stateOf(tx, order);
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: "payment",
        provider: input.provider,
        reference: input.reference,
        key: input.key,
        amountCents: input.amountCents,
        currency: input.currency,
        rate: order.rate,
        at: input.at,
        byUserId: input.by?.id ?? null,
        byEmail: input.by?.email ?? null,
        attemptId: input.attemptId ?? null,
        note: input.note ?? null,
      })
      .onConflictDoNothing({ target: [payments.orderId, payments.kind, payments.key] })
      .returning({ id: payments.id });
    if (!row) {
      const [existing] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(eq(payments.orderId, order.id), eq(payments.kind, "payment"), eq(payments.key, input.key)),
        );
      return {
        paymentId: existing!.id,
        created: false,
        orderCancelled: order.status === "cancelled",
        paid: false,
      };
    }
    const after = await stateOf(tx, order);
    return {
      paymentId: row.id,
      created: true,
      orderCancelled: order.status === "cancelled",
      paid: !isPaid(before) && isPaid(after),
    };
  });
  if (outcome.paid) {
    await announcePaid(
      db,
      {
        orderId: input.orderId,
        paymentId: outcome.paymentId,
        provider: input.provider,
        amountCents: input.amountCents,
        currency: input.currency,
        at: input.at,
      },
      log,
    );
  }
  return { paymentId: outcome.paymentId, created: outcome.created, orderCancelled: outcome.orderCancelled };
}

async function stateOf(tx: Tx, order: PayableOrder) {
  const f = (await paymentFacts(tx, [order.id])).get(order.id)!;
  return paymentState({
    totalCents: order.currencyTotalCents,
    paidCents: f.paidCents,
    refundedCents: f.refundedCents,
    lastAttempt: f.lastAttempt,
    orderCancelled: order.status === "cancelled",
  });
}

/** Staff record that a transfer arrived (or cash was handed over): the rest of the order's total, once per bank reference. */
export async function markPaid(
  db: Db,
  input: { orderId: string; paidOn: string; reference: string; note?: string | undefined; by: Staff },
  log?: (error: unknown) => void,
): Promise<Recorded> {
  const order = await payableOrder(db, input.orderId);
  if (!order) throw notFound("Order");
  if (order.paymentMethod === "card") {
    throw conflict("A card order is paid through the card gateway, not marked by hand", "CARD_ORDER");
  }
  if (order.status === "cancelled")
    throw conflict("This order is cancelled; nothing is owed for it", "CANCELLED");
  const f = (await paymentFacts(db, [order.id])).get(order.id)!;
  const key = `manual:${input.reference.trim().toLowerCase()}`;
  const owed = order.currencyTotalCents - f.paidCents;
  if (owed <= 0) {
    // The same reference again is a replay; another one for a paid order is a mistake.
    if (f.rows.some((r) => r.kind === "payment" && r.key === key)) {
      return { paymentId: f.rows.find((r) => r.key === key)!.id, created: false, orderCancelled: false };
    }
    throw conflict("This order is already paid", "ALREADY_PAID");
  }
  return recordPayment(
    db,
    {
      orderId: order.id,
      provider: order.paymentMethod === "bank_transfer" ? "bank_transfer" : "cash",
      reference: input.reference.trim(),
      key,
      amountCents: owed,
      currency: order.currency,
      // The day the money arrived, at noon in Santo Domingo (UTC-4), so the date reads the same everywhere.
      at: new Date(`${input.paidOn}T16:00:00.000Z`),
      by: input.by,
      note: input.note,
    },
    log,
  );
}

// ---------- Refunds ----------

export interface RefundInput {
  orderId: string;
  amountCents: number;
  reason: string;
  key: string;
  by?: Staff | undefined;
}

/**
 * Gives money back, whole or in part, never more than was received: the refund is reserved under the order's
 * lock (a second refund racing it sees it), asked of the gateway outside any transaction for card payments, then
 * settled or failed. The same key twice refunds once.
 */
export async function refund(db: Db, gateway: CardGateway | null, input: RefundInput) {
  const reserved = await db.transaction(async (tx) => {
    const order = await lockPayableOrder(tx, input.orderId);
    if (!order) throw notFound("Order");
    const rows = await tx.select().from(payments).where(eq(payments.orderId, order.id));
    const same = rows.find((r) => r.kind === "refund" && r.key === input.key && r.status !== "failed");
    if (same) return { row: same, order, replayed: true };
    const paid = rows.filter((r) => r.kind === "payment" && r.status === "settled");
    const paidCents = paid.reduce((s, r) => s + r.amountCents, 0);
    const refundedCents = rows
      .filter((r) => r.kind === "refund" && r.status !== "failed")
      .reduce((s, r) => s + r.amountCents, 0);
    const left = refundableCents(paidCents, refundedCents);
    if (input.amountCents > left) {
      throw conflict(
        left === 0
          ? "Nothing is left to refund on this order"
          : `At most ${(left / 100).toFixed(2)} ${order.currency} is left to refund on this order`,
        "REFUND_TOO_LARGE",
      );
    }
    const card = paid.find((r) => r.attemptId !== null);
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: "refund",
        provider: card ? card.provider : paid[0]!.provider,
        reference: card ? "" : `refund ${input.key}`,
        key: input.key,
        amountCents: input.amountCents,
        currency: order.currency,
        rate: order.rate,
        status: card ? "pending" : "settled",
        at: new Date(),
        byUserId: input.by?.id ?? null,
        byEmail: input.by?.email ?? null,
        attemptId: card?.attemptId ?? null,
        note: input.reason,
      })
      .returning();
    return { row: row!, order, replayed: false };
  });
  if (reserved.replayed || reserved.row.status !== "pending") return reserved;

  // A card payment goes back through the gateway that took it.
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, reserved.row.attemptId!));
  let answer: Awaited<ReturnType<CardGateway["refund"]>>;
  if (!gateway || gateway.name !== reserved.row.provider) {
    answer = { ok: false, message: `The card gateway ${reserved.row.provider} is not configured here` };
  } else {
    try {
      answer = await gateway.refund({
        reference: attempt!.reference,
        gatewayOrderId: attempt!.gatewayOrderId,
        amountCents: reserved.row.amountCents,
        currency: reserved.order.currency as CurrencyCode,
        key: reserved.row.id,
      });
    } catch (error) {
      answer = { ok: false, message: `The card gateway did not answer: ${(error as Error).message}` };
    }
  }
  const [settled] = await db
    .update(payments)
    .set(
      answer.ok ? { status: "settled", reference: answer.reference, at: new Date() } : { status: "failed" },
    )
    .where(eq(payments.id, reserved.row.id))
    .returning();
  if (!answer.ok) throw conflict(`The refund was refused: ${answer.message}`, "REFUND_FAILED");
  return { row: settled!, order: reserved.order, replayed: false };
}

// ---------- Card payments ----------

/** Where the gateway sends the shopper back: the API's return routes on the shop's origin. */
export interface ReturnUrls {
  approvedUrl: string;
  declinedUrl: string;
  cancelUrl: string;
}

/**
 * Starts a trip to the card gateway for the shopper's own order: a new attempt for the order's total in its
 * currency (never an amount from the browser), and the signed form their browser posts to the hosted page.
 */
export async function startCardPayment(
  db: Db,
  gateway: CardGateway,
  input: { orderId: string; userId: string; urls: (attemptId: string) => ReturnUrls },
): Promise<CheckoutForm> {
  const order = await payableOrder(db, input.orderId);
  if (!order || order.userId !== input.userId) throw notFound("Order");
  const f = (await paymentFacts(db, [order.id])).get(order.id)!;
  const state = paymentState({
    totalCents: order.currencyTotalCents,
    paidCents: f.paidCents,
    refundedCents: f.refundedCents,
    lastAttempt: f.lastAttempt,
    orderCancelled: order.status === "cancelled",
  });
  if (
    !canPayNow({
      status: order.status as never,
      paymentMethod: order.paymentMethod as PaymentMethod,
      paymentState: state,
    })
  ) {
    throw conflict(
      order.paymentMethod !== "card"
        ? "This order is not paid by card"
        : state === "paid"
          ? "This order is already paid"
          : `This order is ${order.status}; it cannot be paid now`,
      "CANNOT_PAY",
    );
  }
  if (!gateway.currencies.includes(order.currency as CurrencyCode)) {
    throw conflict(`Card payments are taken in ${gateway.currencies.join(" or ")} only`, "CARD_CURRENCY");
  }
  for (let tries = 0; ; tries += 1) {
    const [n] = await db
      .select({ n: count() })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id));
    // The order's number and the attempt's: digits only, as AZUL's OrderNumber (N(15)) wants.
    const reference = `${order.orderNumber}${String((n?.n ?? 0) + 1).padStart(2, "0")}`;
    try {
      const [attempt] = await db
        .insert(paymentAttempts)
        .values({
          orderId: order.id,
          provider: gateway.name,
          reference,
          amountCents: order.currencyTotalCents,
          currency: order.currency,
        })
        .returning({ id: paymentAttempts.id });
      return gateway.checkoutForm({
        reference,
        amountCents: order.currencyTotalCents,
        currency: order.currency as CurrencyCode,
        ...input.urls(attempt!.id),
      });
    } catch (error) {
      // Two clicks at once took the same number: take the next one.
      if (pgCode(error) === "23505" && tries < 5) continue;
      throw error;
    }
  }
}

export interface Settled {
  orderId: string;
  outcome: GatewayResult["outcome"] | "cancelled";
  /** The money arrived for an order already cancelled and was sent back. */
  refundedBecauseCancelled: boolean;
}

/**
 * Applies a result the gateway vouched for (a verified signature, or its own answer to VerifyPayment) to its
 * attempt: an approval records the payment once; a decline or failure marks an attempt still pending. A result
 * whose amount is not the attempt's is refused.
 */
export async function settleAttempt(
  db: Db,
  gateway: CardGateway,
  result: GatewayResult,
  log: (error: unknown) => void = () => {},
): Promise<Settled> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.provider, gateway.name), eq(paymentAttempts.reference, result.reference)));
  if (!attempt) throw badRequest("No payment is waiting for this result");
  if (result.amountCents !== attempt.amountCents) {
    throw badRequest("The result's amount is not the amount asked; it is refused");
  }
  const now = new Date();
  if (result.outcome !== "approved") {
    await db
      .update(paymentAttempts)
      .set({ status: result.outcome, message: result.message, settledAt: now, updatedAt: now })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, "pending")));
    return { orderId: attempt.orderId, outcome: result.outcome, refundedBecauseCancelled: false };
  }
  await db
    .update(paymentAttempts)
    .set({
      status: "approved",
      authorizationCode: result.authorizationCode,
      rrn: result.rrn,
      gatewayOrderId: result.gatewayOrderId ?? attempt.gatewayOrderId,
      message: result.message,
      settledAt: now,
      updatedAt: now,
    })
    .where(eq(paymentAttempts.id, attempt.id));
  const recorded = await recordPayment(
    db,
    {
      orderId: attempt.orderId,
      provider: gateway.name,
      reference: result.authorizationCode ?? result.rrn ?? result.reference,
      key: `attempt:${attempt.id}`,
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      at: now,
      attemptId: attempt.id,
    },
    log,
  );
  let refundedBecauseCancelled = false;
  if (recorded.orderCancelled) {
    // Money taken for an order nobody will ship: it goes back at once, once (the key is the payment's).
    try {
      await refund(db, gateway, {
        orderId: attempt.orderId,
        amountCents: attempt.amountCents,
        reason: "The order was cancelled before its payment arrived",
        key: `cancelled-order:${recorded.paymentId}`,
      });
      refundedBecauseCancelled = true;
    } catch (error) {
      log(error);
    }
  }
  return { orderId: attempt.orderId, outcome: "approved", refundedBecauseCancelled };
}

/** A shopper came back through the cancel link: the gateway is asked, and an attempt it does not know is cancelled. */
export async function reconcileAttempt(
  db: Db,
  gateway: CardGateway,
  attemptId: string,
  options: { cancelUnknown: boolean; log?: (error: unknown) => void },
): Promise<Settled | null> {
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (!attempt || attempt.provider !== gateway.name) return null;
  if (attempt.status !== "pending") {
    return {
      orderId: attempt.orderId,
      outcome: attempt.status as Settled["outcome"],
      refundedBecauseCancelled: false,
    };
  }
  const result = await gateway.verify(attempt.reference);
  if (result) return settleAttempt(db, gateway, result, options.log);
  if (options.cancelUnknown) {
    const now = new Date();
    await db
      .update(paymentAttempts)
      .set({ status: "cancelled", settledAt: now, updatedAt: now })
      .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, "pending")));
    return { orderId: attempt.orderId, outcome: "cancelled", refundedBecauseCancelled: false };
  }
  return { orderId: attempt.orderId, outcome: "cancelled", refundedBecauseCancelled: false };
}

/** The pending attempts of one order, for the order page's "check again". */
export async function pendingAttemptsOf(db: Db, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, "pending")));
  return rows.map((r) => r.id);
}

/**
 * Asks the gateway about every attempt left pending between `olderThan` and `notBefore` (a shopper who closed the
 * tab after paying): safe in every process at once, each answer being recorded once. Attempts still unknown to
 * the gateway after `giveUpBefore` are cancelled. Answers how many became paid.
 */
export async function reconcilePending(
  db: Db,
  gateway: CardGateway,
  window: { olderThan: Date; giveUpBefore: Date },
  log: (error: unknown) => void = () => {},
): Promise<number> {
  const rows = await db
    .select({ id: paymentAttempts.id, createdAt: paymentAttempts.createdAt })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, "pending"),
        eq(paymentAttempts.provider, gateway.name),
        lt(paymentAttempts.createdAt, window.olderThan),
      ),
    )
    .limit(100);
  let paid = 0;
  for (const row of rows) {
    try {
      const settled = await reconcileAttempt(db, gateway, row.id, {
        cancelUnknown: row.createdAt < window.giveUpBefore,
        log,
      });
      if (settled?.outcome === "approved") paid += 1;
    } catch (error) {
      log(error);
    }
  }
  return paid;
}
