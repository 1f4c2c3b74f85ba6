/**
 * Returns: staff open one on a shipped or delivered order (lines, quantities, a reason), never for more units than
 * the order holds less those already in another return; marking it received puts the units in good condition back
 * in stock through the inventory, once, and keeps the damaged ones out. Money goes back through payments' refunds.
 */
import type { OrderReturn } from "@shop/domain/schemas/public";
import { and, asc, eq, inArray } from "drizzle-orm";
import { catalogueChanged } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import * as inventory from "../inventory/stock.ts";
import { lockPayableOrder, orderLines, type ReturnableLine } from "../orders/payable.ts";
import { returnLines, returns } from "./tables.ts";

const RETURNABLE = new Set(["shipped", "delivered"]);

/** Every return of these orders, newest last, with their lines named as the order names them. */
export async function returnsOf(db: Db | Tx, orderId: string): Promise<OrderReturn[]> {
  const rows = await db
    .select()
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(asc(returns.openedAt));
  if (!rows.length) return [];
  const [lines, items] = await Promise.all([
    db
      .select()
      .from(returnLines)
      .where(
        inArray(
          returnLines.returnId,
          rows.map((r) => r.id),
        ),
      ),
    orderLines(db, orderId),
  ]);
  const byId = new Map(items.map((i) => [i.id, i]));
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    status: r.status as OrderReturn["status"],
    reason: r.reason,
    openedAt: r.openedAt.toISOString(),
    receivedAt: r.receivedAt?.toISOString() ?? null,
    lines: lines
      .filter((l) => l.returnId === r.id)
      .map((l) => {
        const item = byId.get(l.orderItemId)!;
        return {
          line: item.position,
          productId: item.productId,
          title: item.title,
          color: item.color,
          size: item.size,
          quantity: l.quantity,
          good: l.goodQuantity,
          damaged: l.damagedQuantity,
        };
      })
      .sort((a, b) => a.line - b.line),
  }));
}

/** Units of each order line already in a return. */
async function alreadyReturned(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ orderItemId: returnLines.orderItemId, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(eq(returns.orderId, orderId));
  const out = new Map<string, number>();
  for (const r of rows) out.set(r.orderItemId, (out.get(r.orderItemId) ?? 0) + r.quantity);
  return out;
}

function lineAt(items: ReturnableLine[], position: number): ReturnableLine {
  const item = items.find((i) => i.position === position);
  if (!item) throw badRequest(`body.lines: the order has no line ${position}`);
  return item;
}

export async function openReturn(
  db: Db,
  input: {
    orderId: string;
    reason: string;
    lines: { line: number; quantity: number }[];
    by: string;
    now?: Date;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    // The order's lock: two returns opened at once cannot both take the last units.
    const order = await lockPayableOrder(tx, input.orderId);
    if (!order) throw notFound("Order");
    if (!RETURNABLE.has(order.status)) {
      throw conflict(`An order that is ${order.status} has nothing to return yet`, "NOT_RETURNABLE");
    }
    const items = await orderLines(tx, order.id);
    const taken = await alreadyReturned(tx, order.id);
    const lines = input.lines.map((l) => {
      const item = lineAt(items, l.line);
      const left = item.quantity - (taken.get(item.id) ?? 0);
      if (l.quantity > left) {
        throw conflict(
          `Line ${l.line} (${item.title}): ${left} of ${item.quantity} units are left to return, not ${l.quantity}`,
          "RETURN_TOO_LARGE",
        );
      }
      return { item, quantity: l.quantity };
    });
    const [row] = await tx
      .insert(returns)
      .values({
        orderId: order.id,
        reason: input.reason,
        openedAt: input.now ?? new Date(),
        openedBy: input.by,
      })
      .returning({ id: returns.id });
    await tx
      .insert(returnLines)
      .values(lines.map((l) => ({ returnId: row!.id, orderItemId: l.item.id, quantity: l.quantity })));
    return row!.id;
  });
}

/**
 * Marks a return received, once: per line the units in good condition go back in stock, the damaged ones stay out;
 * together they are at most the units the return named. A second receipt of the same return is refused.
 */
export async function receiveReturn(
  db: Db,
  input: {
    orderId: string;
    returnId: string;
    lines: { line: number; good: number; damaged: number }[];
    by: string;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(returns)
      .set({ status: "received", receivedAt: now, receivedBy: input.by })
      .where(
        and(
          eq(returns.id, input.returnId),
          eq(returns.orderId, input.orderId),
          eq(returns.status, "requested"),
        ),
      )
      .returning({ id: returns.id });
    if (!done) {
      const [exists] = await tx
        .select({ id: returns.id })
        .from(returns)
        .where(and(eq(returns.id, input.returnId), eq(returns.orderId, input.orderId)));
      if (!exists) throw notFound("Return");
      throw conflict("This return has already been received", "ALREADY_RECEIVED");
    }
    const items = await orderLines(tx, input.orderId);
    const named = await tx.select().from(returnLines).where(eq(returnLines.returnId, input.returnId));
    const restock: inventory.StockLine[] = [];
    for (const line of named) {
      const item = items.find((i) => i.id === line.orderItemId)!;
      const got = input.lines.find((l) => l.line === item.position) ?? { good: 0, damaged: 0 };
      if (got.good + got.damaged > line.quantity) {
        throw badRequest(
          `body.lines: line ${item.position} (${item.title}) comes back with ${line.quantity} units at most, not ${got.good + got.damaged}`,
        );
      }
      await tx
        .update(returnLines)
        .set({ goodQuantity: got.good, damagedQuantity: got.damaged })
        .where(eq(returnLines.id, line.id));
      // Good units go back to the variant the line took them from (a line from before variants has none to take).
      if (got.good > 0 && item.variantId) {
        restock.push({ productId: item.productId, variantId: item.variantId, quantity: got.good });
      }
    }
    for (const extra of input.lines) {
      const item = items.find((i) => i.position === extra.line);
      if (!item || !named.some((n) => n.orderItemId === item.id)) {
        throw badRequest(`body.lines: line ${extra.line} is not in this return`);
      }
    }
    await inventory.release(tx, restock, now);
  });
  catalogueChanged(db);
}
