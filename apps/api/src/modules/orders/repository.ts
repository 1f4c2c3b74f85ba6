/**
 * Orders: placed in one transaction that prices from the database, takes stock through the inventory and redeems
 * the coupon through the coupons module; status changes by the allowed transitions, a cancellation giving both back.
 */
import { isShippingCountry, ORDER_TRANSITIONS, type OrderStatus } from "@shop/domain/constants";
import { fromCents } from "@shop/domain/money";
import { type PaymentState, trackingUrl } from "@shop/domain/payments";
import { convertTotals, orderTotals } from "@shop/domain/pricing";
import type { Order, OrderBody } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { catalogueChanged } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import type { Issuer } from "../../env.ts";
import { badRequest, conflict, HttpError, notFound } from "../../http-errors.ts";
import type { ListRequest } from "../../lists.ts";
import { pgCode } from "../../plugins/errors.ts";
import * as coupons from "../coupons/redemptions.ts";
import * as exchange from "../exchange/rates.ts";
import * as inventory from "../inventory/stock.ts";
import { paymentFacts, paymentStateSql, paymentSummaries } from "../payments/summary.ts";
import { type LoadedLine, loadPricedLines } from "../products/priced-lines.ts";
import * as receiptIssuing from "../receipts/issue.ts";
import * as receipts from "../receipts/itbis.ts";
import { findShippingMethod, toShippingRule } from "../shipping/checkout.ts";
import * as customers from "../users/customers.ts";
import { orderItems, orderShipments, orderStatusChanges, orders, type ShippingAddressRow } from "./tables.ts";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export interface PlaceOrderInput {
  userId: string;
  body: Omit<OrderBody, "items"> & {
    items: {
      productId: string;
      variantId?: string | null;
      quantity: number;
      color?: string | null;
      size?: string | null;
    }[];
  };
  idempotencyKey?: string | undefined;
  now?: Date;
  /** The most units of one product the order may take (ORDER_MAX_QUANTITY); unlimited when absent. */
  maxQuantity?: number;
}

/**
 * Places an order, or refuses it whole. The inventory takes the stock of every line (their rows locked, so the
 * prices read next are the prices at the moment the stock was taken), the coupon is locked before its limits are
 * counted, and everything commits together or not at all.
 */
export async function placeOrder(
  db: Db,
  input: PlaceOrderInput,
): Promise<{ order: Order; replayed: boolean }> {
  const { userId, body, idempotencyKey } = input;
  const now = input.now ?? new Date();
  if (input.maxQuantity !== undefined) checkQuantities(body.items, input.maxQuantity);

  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, userId, idempotencyKey);
    if (existing) return { order: existing, replayed: true };
  }

  const shippingAddress = await resolveShippingAddress(db, userId, body);
  const method = await findShippingMethod(db, body.shippingMethodId);
  if (!method?.active) throw badRequest("Choose an available shipping method");

  try {
    const orderId = await db.transaction(async (tx) => {
      // Unknown products, colours and sizes are refused (400) before any stock is taken.
      const requested = await loadPricedLines(tx, body.items);
      await inventory.reserve(
        tx,
        requested.map((l) => ({ productId: l.productId, variantId: l.variantId, quantity: l.quantity })),
        now,
      );
      // Priced again from the rows the inventory has just locked: the price at the moment the stock was taken.
      const lines: LoadedLine[] = await loadPricedLines(tx, body.items);

      const coupon = body.couponCode ? await coupons.couponForOrder(tx, body.couponCode, userId) : null;

      const totals = orderTotals({
        lines,
        coupon: coupon?.rule ?? null,
        customerUses: coupon?.customerUses ?? 0,
        shipping: toShippingRule(method),
        now,
      });
      if (totals.coupon && !totals.coupon.ok) {
        const status =
          totals.coupon.reason === "used-up" || totals.coupon.reason === "customer-limit" ? 409 : 400;
        // An inactive coupon answers as an unknown one does, code and all.
        const reason =
          totals.coupon.reason === "not-found" ? "NOT_FOUND" : totals.coupon.reason.toUpperCase();
        throw new HttpError(status, totals.coupon.message, `COUPON_${reason}`);
      }

      const rate = exchange.unitsToDecimalText((await exchange.currentRate(tx)).units);
      const converted = convertTotals(totals, body.currency, rate);
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          status: "pending",
          currency: body.currency,
          rate,
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          shippingCents: totals.shippingCents,
          totalCents: totals.totalCents,
          currencySubtotalCents: converted.subtotalCents,
          currencyDiscountCents: converted.discountCents,
          currencyShippingCents: converted.shippingCents,
          currencyTotalCents: converted.totalCents,
          couponId: coupon?.id ?? null,
          couponCode: coupon?.rule.code ?? null,
          shippingMethodId: method.id,
          shippingMethodName: method.name,
          shippingAddress,
          paymentMethod: body.paymentMethod,
          phone: body.phone,
          note: body.note ?? null,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: orders.id });
      await tx
        .insert(orderStatusChanges)
        .values({ orderId: order!.id, at: now, fromStatus: null, toStatus: "pending" });

      await tx.insert(orderItems).values(
        totals.lines.map((line, i) => ({
          orderId: order!.id,
          position: i,
          productId: line.productId,
          title: line.title,
          sku: lines[i]!.variant.sku,
          img: lines[i]!.variant.img ?? lines[i]!.product.img,
          productType: line.productType,
          unitPriceCents: line.priceCents,
          discount: line.discountPercent,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
          color: lines[i]!.color,
          size: lines[i]!.size,
          variantId: lines[i]!.variantId,
          options: lines[i]!.variant.options,
        })),
      );

      // The order's ITBIS, computed once from its lines after discounts, and the buyer's fiscal data.
      await receipts.recordOrderFiscal(tx, {
        orderId: order!.id,
        lines: totals.lines,
        totals,
        converted,
        currency: body.currency,
        rate,
        couponProductType: coupon?.rule.productType ?? null,
        buyer: body.fiscal ?? null,
      });

      if (coupon) await coupons.redeem(tx, coupon, userId, order!.id);
      return order!.id;
    });
    catalogueChanged(db);
    return { order: (await getOrder(db, orderId))!, replayed: false };
  } catch (error) {
    // Two requests with the same key raced: the loser answers the winner's order.
    if (idempotencyKey && pgCode(error) === "23505") {
      const existing = await findByIdempotencyKey(db, userId, idempotencyKey);
      if (existing) return { order: existing, replayed: true };
    }
    throw error;
  }
}

/** One order may take at most `max` units of a product (its lines summed), so nobody holds a product's whole stock. */
function checkQuantities(items: PlaceOrderInput["body"]["items"], max: number) {
  const wanted = new Map<string, number>();
  for (const item of items) {
    const id = item.productId.toLowerCase();
    wanted.set(id, (wanted.get(id) ?? 0) + item.quantity);
  }
  for (const [productId, quantity] of wanted) {
    if (quantity > max) {
      throw badRequest(
        `body.items: at most ${max} units of one product per order; product ${productId} has ${quantity}`,
        "QUANTITY_LIMIT",
      );
    }
  }
}

async function resolveShippingAddress(
  db: Db,
  userId: string,
  body: PlaceOrderInput["body"],
): Promise<ShippingAddressRow> {
  if (body.addressId) {
    const row = await customers.savedAddress(db, userId, body.addressId);
    if (!row) throw badRequest("addressId is not one of your saved addresses");
    // Saved before the shop named the countries it delivers to: checked here as a new address is by its schema.
    if (!isShippingCountry(row.country)) {
      throw badRequest(
        `The shop does not deliver to ${row.country}: choose an address in a country it delivers to`,
      );
    }
    return {
      streetAddress: row.streetAddress,
      city: row.city,
      province: row.province,
      postalCode: row.postalCode,
      country: row.country,
      phone: row.phone,
    };
  }
  const a = body.shippingAddress!;
  return {
    streetAddress: a.streetAddress,
    city: a.city ?? null,
    province: a.province ?? null,
    postalCode: a.postalCode ?? null,
    country: a.country ?? "DO",
    phone: a.phone ?? null,
  };
}

async function findByIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ? getOrder(db, row.id) : undefined;
}

// ---------- Reading ----------

interface OrderExtras {
  payment: Order["payment"];
  history: (typeof orderStatusChanges.$inferSelect)[];
  shipment: typeof orderShipments.$inferSelect | undefined;
}

function toOrder(
  row: OrderRow,
  items: ItemRow[],
  customer: customers.Customer | undefined,
  extras: OrderExtras,
  fiscal: receipts.OrderFiscalView | undefined,
): Order {
  return {
    id: row.id,
    orderNumber: String(row.orderNumber),
    userId: row.userId,
    customerName: `${customer?.firstName ?? ""} ${customer?.lastName ?? ""}`.trim(),
    customerEmail: customer?.email ?? "",
    status: row.status as OrderStatus,
    items: items.map((i) => ({
      productId: i.productId,
      title: i.title,
      sku: i.sku,
      img: i.img,
      productType: i.productType as Order["items"][number]["productType"],
      unitPrice: fromCents(i.unitPriceCents),
      discount: i.discount,
      quantity: i.quantity,
      lineTotal: fromCents(i.lineTotalCents),
      color: i.color,
      size: i.size,
      variantId: i.variantId,
      options: i.options,
    })),
    subtotal: fromCents(row.subtotalCents),
    discount: fromCents(row.discountCents),
    shipping: fromCents(row.shippingCents),
    total: fromCents(row.totalCents),
    currency: row.currency as Order["currency"],
    rate: Number(row.rate),
    totalsInCurrency: {
      subtotal: fromCents(row.currencySubtotalCents),
      discount: fromCents(row.currencyDiscountCents),
      shipping: fromCents(row.currencyShippingCents),
      total: fromCents(row.currencyTotalCents),
    },
    couponCode: row.couponCode,
    shippingMethod: { id: row.shippingMethodId ?? "", name: row.shippingMethodName },
    shippingAddress: row.shippingAddress,
    paymentMethod: row.paymentMethod as Order["paymentMethod"],
    phone: row.phone,
    note: row.note,
    payment: extras.payment,
    history: extras.history.map((h) => ({
      at: h.at.toISOString(),
      by: h.byEmail,
      from: h.fromStatus as OrderStatus | null,
      to: h.toStatus as OrderStatus,
      note: h.note,
    })),
    shipment: extras.shipment
      ? {
          carrier: extras.shipment.carrier,
          trackingNumber: extras.shipment.trackingNumber,
          trackingUrl: trackingUrl(extras.shipment.carrier, extras.shipment.trackingNumber),
          shippedAt: extras.shipment.shippedAt.toISOString(),
        }
      : null,
    itbis: fiscal?.itbis ?? null,
    fiscal: fiscal?.fiscal ?? null,
    receipt: fiscal?.receipt ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Orders with their lines and customers, in the order given. */
async function withLines(db: Db | Tx, rows: OrderRow[]): Promise<Order[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [items, byId, payment, history, shipments, fiscal] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    customers.customersById(
      db,
      rows.map((r) => r.userId),
    ),
    paymentSummaries(db, rows),
    db
      .select()
      .from(orderStatusChanges)
      .where(inArray(orderStatusChanges.orderId, ids))
      .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id)),
    db.select().from(orderShipments).where(inArray(orderShipments.orderId, ids)),
    receipts.fiscalOfOrders(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  const historyOf = new Map<string, OrderExtras["history"]>();
  for (const h of history) historyOf.set(h.orderId, [...(historyOf.get(h.orderId) ?? []), h]);
  const byOrder = new Map<string, ItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((r) =>
    toOrder(
      r,
      byOrder.get(r.id) ?? [],
      byId.get(r.userId),
      {
        payment: payment.get(r.id)!,
        history: historyOf.get(r.id) ?? [],
        shipment: shipments.find((s) => s.orderId === r.id),
      },
      fiscal.get(r.id),
    ),
  );
}

export async function getOrder(db: Db | Tx, id: string): Promise<Order | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db.select().from(orders).where(eq(orders.id, id));
  return (await withLines(db, rows))[0];
}

const orderSortColumns = {
  createdAt: orders.createdAt,
  orderNumber: orders.orderNumber,
  total: orders.totalCents,
  status: orders.status,
  currency: orders.currency,
  customerEmail: customers.customerEmailOf(orders.userId),
  id: orders.id,
} as const;
export const ORDER_SORT_FIELDS = Object.keys(orderSortColumns);

export interface OrderFilters {
  userId?: string | undefined;
  status?: string | undefined;
  /** The payment state, derived from the payments' records as the order's `payment.state` is. */
  paymentState?: PaymentState | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
  ids?: string[] | undefined;
}

export async function listOrders(db: Db, list: ListRequest, filters: OrderFilters) {
  const where: SQL[] = [];
  if (filters.userId) where.push(eq(orders.userId, filters.userId));
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.paymentState) where.push(sql`${paymentStateSql(orders)} = ${filters.paymentState}`);
  if (filters.from) where.push(gte(orders.createdAt, filters.from));
  if (filters.to) where.push(lt(orders.createdAt, filters.to));
  if (filters.ids) where.push(inArray(orders.id, filters.ids.filter(isUuid)));
  if (filters.q) {
    const term = containing(filters.q);
    const number = /^\d{1,15}$/.test(filters.q.trim()) ? Number(filters.q.trim()) : null;
    where.push(
      or(
        inArray(orders.userId, customers.customersLike(db, term)),
        ...(number !== null ? [eq(orders.orderNumber, number)] : []),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const sort = list.sort ?? { field: "createdAt", order: "desc" as const };
  const column = orderSortColumns[sort.field as keyof typeof orderSortColumns];
  const rows = await db
    .select()
    .from(orders)
    .where(condition)
    .orderBy(sort.order === "asc" ? asc(column) : desc(column), desc(orders.id))
    .limit(list.pageSize)
    .offset(list.offset);
  const [total] = await db.select({ n: count() }).from(orders).where(condition);
  return { items: await withLines(db, rows), total: total?.n ?? 0 };
}

// ---------- Status changes ----------

/**
 * Moves an order along an allowed transition. Cancelling puts the stock back and releases the coupon, once:
 * the status update is conditional on the status read, and stock_restored_at marks the restock. With `onlyFrom`,
 * an order found in another status is left as it is (and answered as it is).
 */
/** Who asks for a status change, what they add, and where the parcel went (shipping). */
export interface StatusChangeOptions {
  now?: Date;
  onlyFrom?: OrderStatus;
  /** Staff making the change; absent: the shopper or the shop itself. */
  actor?: { id: string; email: string };
  note?: string | undefined;
  shipment?: { carrier: string; trackingNumber: string } | undefined;
  /** Leave the order as it is when money has been received for it (checked under the order's lock). */
  unlessPaid?: boolean;
  /**
   * Who issues the receipt of an order delivered, read in the delivery's transaction; none, or an answer of null:
   * receipts are off (no ISSUER_RNC).
   */
  issuer?: (tx: Tx) => Promise<Issuer | null>;
}

export async function changeOrderStatus(
  db: Db,
  id: string,
  next: OrderStatus,
  options: StatusChangeOptions = {},
): Promise<Order> {
  if (!isUuid(id)) throw notFound("Order");
  await moveOrder(db, id, next, options);
  return (await getOrder(db, id))!;
}

/** changeOrderStatus's work; answers whether the order moved. */
async function moveOrder(
  db: Db,
  id: string,
  next: OrderStatus,
  options: StatusChangeOptions,
): Promise<boolean> {
  const now = options.now ?? new Date();
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!current) throw notFound("Order");
    const from = current.status as OrderStatus;
    if (from === next) return false;
    if (options.onlyFrom && from !== options.onlyFrom) return false;
    if (options.unlessPaid && ((await paymentFacts(tx, [id])).get(id)?.paidCents ?? 0) > 0) return false;
    if (!ORDER_TRANSITIONS[from].includes(next)) {
      const allowed = ORDER_TRANSITIONS[from];
      throw conflict(
        allowed.length
          ? `An order that is ${from} can become ${allowed.join(" or ")}, not ${next}`
          : `An order that is ${from} cannot change any more`,
        "BAD_TRANSITION",
      );
    }
    const restock = next === "cancelled" && current.stockRestoredAt === null;
    const [updated] = await tx
      .update(orders)
      .set({ status: next, updatedAt: now, ...(restock ? { stockRestoredAt: now } : {}) })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (!updated) throw conflict("The order changed meanwhile; reload it and try again");
    await tx.insert(orderStatusChanges).values({
      orderId: id,
      at: now,
      fromStatus: from,
      toStatus: next,
      byUserId: options.actor?.id ?? null,
      byEmail: options.actor?.email ?? null,
      note: options.note ?? null,
    });
    if (next === "shipped" && options.shipment) {
      await tx
        .insert(orderShipments)
        .values({ orderId: id, ...options.shipment, shippedAt: now })
        .onConflictDoUpdate({ target: orderShipments.orderId, set: { ...options.shipment, shippedAt: now } });
    }
    if (restock) {
      const items = await tx
        .select({
          productId: orderItems.productId,
          variantId: orderItems.variantId,
          quantity: orderItems.quantity,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, id));
      // A line whose variant an admin removed since gives back nothing: there is nothing to put it on.
      await inventory.release(
        tx,
        items.flatMap((i) => (i.variantId ? [{ ...i, variantId: i.variantId }] : [])),
        now,
      );
      if (current.couponId) await coupons.release(tx, id, current.couponId);
    }
    // A delivered order is a sale paid (cash on delivery at the latest): its fiscal receipt is issued with the
    // change, or the change is refused (no usable e-NCF range). Decision 066.
    const issuer = next === "delivered" ? await options.issuer?.(tx) : null;
    if (issuer) {
      const lines = await tx
        .select({ title: orderItems.title, sku: orderItems.sku, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.position));
      await receiptIssuing.issueSaleReceipt(
        tx,
        { orderId: id, orderNumber: String(current.orderNumber), lines, issuer },
        now,
      );
    }
    return true;
  });
  if (moved) catalogueChanged(db);
  return moved;
}

/**
 * Cancels pending orders placed before `olderThan`, putting their stock back: an order nobody paid or confirmed
 * must not hold stock forever. Safe in every process at once: each order is cancelled only from pending, under
 * its row lock. Answers how many were cancelled.
 */
export async function cancelUnpaidOrders(
  db: Db,
  olderThan: Date,
  now = new Date(),
  /** Told each order cancelled, after it is (the shopper's mail). */
  onCancelled: (orderId: string) => void = () => {},
): Promise<number> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, olderThan)))
    .orderBy(asc(orders.createdAt))
    .limit(100);
  let cancelled = 0;
  for (const { id } of stale) {
    if (
      await moveOrder(db, id, "cancelled", {
        now,
        onlyFrom: "pending",
        unlessPaid: true,
        note: "Not paid in time",
      })
    ) {
      cancelled += 1;
      onCancelled(id);
    }
  }
  return cancelled;
}
