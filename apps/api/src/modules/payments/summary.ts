/**
 * What the orders module asks of payments when it reads orders: each order's payment state and records. Reads the
 * payments module's tables only; the state is derived from the records by @shop/domain's rule.
 */
import type { OrderStatus, PaymentMethod } from "@shop/domain/constants";
import { fromCents } from "@shop/domain/money";
import { type AttemptOutcome, canPayNow, paymentState } from "@shop/domain/payments";
import type { Order, OrderPayment } from "@shop/domain/schemas/public";
import { type AnyColumn, asc, desc, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { paymentAttempts, payments } from "./tables.ts";

export interface PayableFacts {
  id: string;
  status: string;
  paymentMethod: string;
  currency: string;
  currencyTotalCents: number;
}

/** Each order's money in and out (cents in its currency), and how its last card attempt ended. */
export async function paymentFacts(db: Db | Tx, orderIds: readonly string[]) {
  const facts = new Map<
    string,
    {
      paidCents: number;
      refundedCents: number;
      lastAttempt: AttemptOutcome;
      rows: (typeof payments.$inferSelect)[];
    }
  >();
  if (!orderIds.length) return facts;
  const ids = [...new Set(orderIds)];
  const [rows, attempts] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(asc(payments.at), asc(payments.createdAt)),
    db
      .select({ orderId: paymentAttempts.orderId, status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(inArray(paymentAttempts.orderId, ids))
      .orderBy(desc(paymentAttempts.createdAt)),
  ]);
  for (const id of ids) facts.set(id, { paidCents: 0, refundedCents: 0, lastAttempt: null, rows: [] });
  for (const row of rows) {
    if (row.status !== "settled") continue;
    const f = facts.get(row.orderId)!;
    f.rows.push(row);
    if (row.kind === "payment") f.paidCents += row.amountCents;
    else f.refundedCents += row.amountCents;
  }
  for (const a of attempts) {
    const f = facts.get(a.orderId)!;
    if (f.lastAttempt === null) f.lastAttempt = a.status as AttemptOutcome;
  }
  return facts;
}

/** The payment part of each order as the API answers it. */
export async function paymentSummaries(
  db: Db | Tx,
  orders: readonly PayableFacts[],
): Promise<Map<string, OrderPayment>> {
  const facts = await paymentFacts(
    db,
    orders.map((o) => o.id),
  );
  const out = new Map<string, OrderPayment>();
  for (const o of orders) {
    const f = facts.get(o.id)!;
    const state = paymentState({
      totalCents: o.currencyTotalCents,
      paidCents: f.paidCents,
      refundedCents: f.refundedCents,
      lastAttempt: f.lastAttempt,
      orderCancelled: o.status === "cancelled",
    });
    out.set(o.id, {
      state,
      paid: fromCents(f.paidCents),
      refunded: fromCents(f.refundedCents),
      records: f.rows.map((r) => ({
        id: r.id,
        kind: r.kind as "payment" | "refund",
        provider: r.provider,
        reference: r.reference,
        amount: fromCents(r.amountCents),
        currency: r.currency as Order["currency"],
        at: r.at.toISOString(),
        by: r.byEmail,
        note: r.note,
      })),
      canPayNow: canPayNow({
        status: o.status as OrderStatus,
        paymentMethod: o.paymentMethod as PaymentMethod,
        paymentState: state,
      }),
    });
  }
  return out;
}

/**
 * Each order's payment state as SQL, by the rule of @shop/domain's `paymentState` (refunds first, then money in
 * reaching the total, then an order cancelled unpaid, then a last card attempt declined or failed), so that a list
 * can filter by it without reading every order. `payments.test.ts` holds the two to the same answers.
 */
export function paymentStateSql(order: {
  id: AnyColumn;
  status: AnyColumn;
  currencyTotalCents: AnyColumn;
}): SQL<string> {
  const settled = (kind: "payment" | "refund") =>
    sql`(select coalesce(sum(${payments.amountCents}), 0) from ${payments} where ${payments.orderId} = ${order.id} and ${payments.kind} = ${kind} and ${payments.status} = 'settled')`;
  const lastAttempt = sql`(select ${paymentAttempts.status} from ${paymentAttempts} where ${paymentAttempts.orderId} = ${order.id} order by ${paymentAttempts.createdAt} desc limit 1)`;
  return sql<string>`(select case
    when f.refunded > 0 then case when f.refunded >= f.paid then 'refunded' else 'partially_refunded' end
    when f.paid > 0 and f.paid >= ${order.currencyTotalCents} then 'paid'
    when ${order.status} = 'cancelled' then 'cancelled'
    when f.last_attempt in ('declined', 'failed') then 'failed'
    else 'unpaid' end
  from (select ${settled("payment")} as paid, ${settled("refund")} as refunded, ${lastAttempt} as last_attempt) f)`;
}
