/**
 * What the payments and returns modules ask of orders: an order's amount, currency, method and owner, read alone or locked
 * for the length of a transaction (so a payment and a cancellation of one order happen one after the other), and its lines.
 */
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { orderItems, orders } from "./tables.ts";

export interface PayableOrder {
  id: string;
  orderNumber: string;
  userId: string;
  status: string;
  paymentMethod: string;
  currency: string;
  /** The total the shopper owes, in the order's currency at the order's rate. */
  currencyTotalCents: number;
  /** DOP per USD, as the order recorded it. */
  rate: string;
  createdAt: Date;
}

const columns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  currency: orders.currency,
  currencyTotalCents: orders.currencyTotalCents,
  rate: orders.rate,
  createdAt: orders.createdAt,
};

const payable = (row: { orderNumber: number | null } & Omit<PayableOrder, "orderNumber">): PayableOrder => ({
  ...row,
  orderNumber: String(row.orderNumber),
});

export async function payableOrder(db: Db | Tx, id: string): Promise<PayableOrder | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(columns).from(orders).where(eq(orders.id, id));
  return row && payable(row);
}

/** The order, its row locked until the transaction ends. */
export async function lockPayableOrder(tx: Tx, id: string): Promise<PayableOrder | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select(columns).from(orders).where(eq(orders.id, id)).for("update");
  return row && payable(row);
}

export interface ReturnableLine {
  id: string;
  /** The line's place in the order. */
  position: number;
  productId: string;
  /** The variant the line took stock from (null on lines from before variants). */
  variantId: string | null;
  title: string;
  color: string | null;
  size: string | null;
  quantity: number;
}

/** The order's lines, in their order, for a return to name. */
export async function orderLines(db: Db | Tx, orderId: string): Promise<ReturnableLine[]> {
  if (!isUuid(orderId)) return [];
  return db
    .select({
      id: orderItems.id,
      position: orderItems.position,
      productId: orderItems.productId,
      variantId: orderItems.variantId,
      title: orderItems.title,
      color: orderItems.color,
      size: orderItems.size,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
}
