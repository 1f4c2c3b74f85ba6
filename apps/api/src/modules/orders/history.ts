/**
 * What other modules ask of the order history: whether an account or a product has orders that must be kept,
 * whether a product reached a shopper (reviews take only those), and orders' numbers (the audit trail names them).
 */
import { and, count, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { orderItems, orders } from "./tables.ts";

/** Whether the account has placed any order (it cannot then be deleted). */
export async function hasOrders(tx: Tx, userId: string): Promise<boolean> {
  const [placed] = await tx.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return (placed?.n ?? 0) > 0;
}

/** Whether any order holds the product (it cannot then be deleted). */
export async function productOrdered(tx: Tx, productId: string): Promise<boolean> {
  const [ordered] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return ordered !== undefined;
}

/** Whether an order of this product by this shopper has been delivered. */
export async function deliveredTo(db: Db | Tx, userId: string, productId: string): Promise<boolean> {
  const [delivered] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.status, "delivered")),
    )
    .limit(1);
  return delivered !== undefined;
}

/** The numbers of the orders with these ids ("1058"), for naming them elsewhere (the audit trail). */
export async function orderNumbersOf(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, wanted));
  return new Map(rows.map((row) => [row.id, String(row.orderNumber)]));
}
