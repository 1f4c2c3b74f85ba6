/** Orders: placed in one transaction that prices from the database, takes stock conditionally and redeems the coupon; status changes by the allowed transitions. */
import {
  FALLBACK_DOP_RATE,
  isShippingCountry,
  ORDER_TRANSITIONS,
  type OrderStatus,
} from "@shop/domain/constants";
import { cartMessages } from "@shop/domain/messages";
import { fromCents, rateToUnits, unitsToRate } from "@shop/domain/money";
import { convertTotals, orderTotals, type PricedLine } from "@shop/domain/pricing";
import type { Order, OrderBody } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import {
  addresses,
  couponRedemptions,
  coupons,
  exchangeRates,
  orderItems,
  orders,
  products,
  type ShippingAddressRow,
  users,
} from "../../db/schema.ts";
import { badRequest, conflict, HttpError, notFound } from "../../http-errors.ts";
import type { ListRequest } from "../../lists.ts";
import { pgCode } from "../../plugins/errors.ts";
import { customerCouponUses, findCouponByCode, toCouponRule } from "../coupons/repository.ts";
import { catalogueChanged } from "../products/catalogue-cache.ts";
import { type LoadedLine, loadPricedLines } from "../products/priced-lines.ts";
import { findShippingMethod, toShippingRule } from "../shipping/repository.ts";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The current USD to DOP rate from the rate history, or the fallback when there is none. */
export async function currentDopRate(db: Db | Tx): Promise<string> {
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.fromCurrency, "USD"), eq(exchangeRates.toCurrency, "DOP")))
    .orderBy(desc(exchangeRates.createdAt))
    .limit(1);
  return row?.rate ?? String(FALLBACK_DOP_RATE);
}

export interface PlaceOrderInput {
  userId: string;
  body: Omit<OrderBody, "items"> & {
    items: { productId: string; quantity: number; color?: string | null; size?: string | null }[];
  };
  idempotencyKey?: string | undefined;
  now?: Date;
  /** The most units of one product the order may take (ORDER_MAX_QUANTITY); unlimited when absent. */
  maxQuantity?: number;
}

/**
 * Places an order, or refuses it whole. Stock is taken by a conditional update per product (quantities of
 * the same product summed first, products in id order so concurrent orders lock in the same order), the
 * coupon row is locked before its limits are counted, and everything commits together or not at all.
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
      const requested = await loadPricedLines(tx, body.items);
      const locked = await takeStock(tx, requested);
      // Price from the rows just locked, so the price charged is the price at the moment the stock was taken.
      const lines: (LoadedLine & PricedLine)[] = requested.map((line) => {
        const row = locked.get(line.productId)!;
        return {
          ...line,
          product: row,
          priceCents: row.priceCents,
          discountPercent: row.discount,
          title: row.title,
        };
      });

      let couponId: string | null = null;
      let couponRule = null;
      let customerUses = 0;
      if (body.couponCode) {
        const found = await findCouponByCode(tx, body.couponCode);
        if (!found)
          throw badRequest(`Coupon ${body.couponCode.toUpperCase()} does not exist`, "COUPON_NOT_FOUND");
        // Lock the coupon so its usage counts cannot be raced by a concurrent order.
        await tx.execute(sql`select id from ${coupons} where ${coupons.id} = ${found.id} for update`);
        const [fresh] = await tx.select().from(coupons).where(eq(coupons.id, found.id));
        couponId = fresh!.id;
        couponRule = toCouponRule(fresh!);
        customerUses = await customerCouponUses(tx, fresh!.id, userId);
      }

      const totals = orderTotals({
        lines,
        coupon: couponRule,
        customerUses,
        shipping: toShippingRule(method),
        now,
      });
      if (totals.coupon && !totals.coupon.ok) {
        const status =
          totals.coupon.reason === "used-up" || totals.coupon.reason === "customer-limit" ? 409 : 400;
        throw new HttpError(status, totals.coupon.message, `COUPON_${totals.coupon.reason.toUpperCase()}`);
      }

      const rate = await currentDopRate(tx);
      const converted = convertTotals(totals, body.currency, rate);
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          status: "pending",
          currency: body.currency,
          rate: unitsToRate(rateToUnits(rate)).toFixed(4),
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          shippingCents: totals.shippingCents,
          totalCents: totals.totalCents,
          currencySubtotalCents: converted.subtotalCents,
          currencyDiscountCents: converted.discountCents,
          currencyShippingCents: converted.shippingCents,
          currencyTotalCents: converted.totalCents,
          couponId,
          couponCode: couponRule?.code ?? null,
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

      await tx.insert(orderItems).values(
        totals.lines.map((line, i) => ({
          orderId: order!.id,
          position: i,
          productId: line.productId,
          title: line.title,
          sku: lines[i]!.product.sku,
          img: lines[i]!.product.img,
          productType: line.productType,
          unitPriceCents: line.priceCents,
          discount: line.discountPercent,
          quantity: line.quantity,
          lineTotalCents: line.lineTotalCents,
          color: lines[i]!.color,
          size: lines[i]!.size,
        })),
      );

      if (couponId) {
        const [used] = await tx
          .update(coupons)
          .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
          .where(
            and(
              eq(coupons.id, couponId),
              sql`(${coupons.usageLimit} is null or ${coupons.timesUsed} < ${coupons.usageLimit})`,
            ),
          )
          .returning({ id: coupons.id });
        if (!used) throw conflict(`Coupon ${couponRule!.code} has been used up`, "COUPON_USED-UP");
        await tx.insert(couponRedemptions).values({ couponId, userId, orderId: order!.id });
      }
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

/** Takes the stock of every line or throws 409 with the spec's message; answers the locked product rows. */
async function takeStock(tx: Tx, lines: readonly LoadedLine[]) {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const locked = new Map<string, typeof products.$inferSelect>();
  for (const productId of [...wanted.keys()].sort()) {
    const quantity = wanted.get(productId)!;
    const [row] = await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} - ${quantity}`,
        sellCount: sql`${products.sellCount} + ${quantity}`,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, productId), gte(products.quantity, quantity)))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ title: products.title, quantity: products.quantity })
        .from(products)
        .where(eq(products.id, productId));
      const available = current?.quantity ?? 0;
      throw conflict(
        available === 0
          ? cartMessages.outOfStock(current?.title ?? productId)
          : cartMessages.insufficientStock(available),
        available === 0 ? "OUT_OF_STOCK" : "INSUFFICIENT_STOCK",
        { productId, available },
      );
    }
    locked.set(productId, row);
  }
  return locked;
}

async function resolveShippingAddress(
  db: Db,
  userId: string,
  body: PlaceOrderInput["body"],
): Promise<ShippingAddressRow> {
  if (body.addressId) {
    if (!isUuid(body.addressId)) throw badRequest("addressId is not one of your saved addresses");
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, body.addressId), eq(addresses.userId, userId)));
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

function toOrder(
  row: OrderRow,
  items: ItemRow[],
  customer: { firstName: string; lastName: string; email: string },
): Order {
  return {
    id: row.id,
    orderNumber: String(row.orderNumber),
    userId: row.userId,
    customerName: `${customer.firstName} ${customer.lastName}`.trim(),
    customerEmail: customer.email,
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function hydrate(
  db: Db | Tx,
  rows: { order: OrderRow; firstName: string; lastName: string; email: string }[],
) {
  if (!rows.length) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.order.id),
      ),
    )
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  const byOrder = new Map<string, ItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((r) => toOrder(r.order, byOrder.get(r.order.id) ?? [], r));
}

const withCustomer = {
  order: orders,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export async function getOrder(db: Db | Tx, id: string): Promise<Order | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db
    .select(withCustomer)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return (await hydrate(db, rows))[0];
}

const orderSortColumns = {
  createdAt: orders.createdAt,
  orderNumber: orders.orderNumber,
  total: orders.totalCents,
  status: orders.status,
  currency: orders.currency,
  customerEmail: users.email,
  id: orders.id,
} as const;
export const ORDER_SORT_FIELDS = Object.keys(orderSortColumns);

export interface OrderFilters {
  userId?: string | undefined;
  status?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  q?: string | undefined;
  ids?: string[] | undefined;
}

export async function listOrders(db: Db, list: ListRequest, filters: OrderFilters) {
  const where: SQL[] = [];
  if (filters.userId) where.push(eq(orders.userId, filters.userId));
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.from) where.push(gte(orders.createdAt, filters.from));
  if (filters.to) where.push(lt(orders.createdAt, filters.to));
  if (filters.ids) where.push(inArray(orders.id, filters.ids.filter(isUuid)));
  if (filters.q) {
    const term = containing(filters.q);
    const number = /^\d{1,15}$/.test(filters.q.trim()) ? Number(filters.q.trim()) : null;
    where.push(
      or(
        ilike(users.email, term),
        ilike(users.firstName, term),
        ilike(users.lastName, term),
        ...(number !== null ? [eq(orders.orderNumber, number)] : []),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const sort = list.sort ?? { field: "createdAt", order: "desc" as const };
  const column = orderSortColumns[sort.field as keyof typeof orderSortColumns];
  const rows = await db
    .select(withCustomer)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(condition)
    .orderBy(sort.order === "asc" ? asc(column) : desc(column), desc(orders.id))
    .limit(list.pageSize)
    .offset(list.offset);
  const [total] = await db
    .select({ n: count() })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(condition);
  return { items: await hydrate(db, rows), total: total?.n ?? 0 };
}

// ---------- Status changes ----------

/**
 * Moves an order along an allowed transition. Cancelling puts the stock back and releases the coupon, once:
 * the status update is conditional on the status read, and stock_restored_at marks the restock. With `onlyFrom`,
 * an order found in another status is left as it is (and answered as it is).
 */
export async function changeOrderStatus(
  db: Db,
  id: string,
  next: OrderStatus,
  options: { now?: Date; onlyFrom?: OrderStatus } = {},
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
  options: { now?: Date; onlyFrom?: OrderStatus },
): Promise<boolean> {
  const now = options.now ?? new Date();
  const moved = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
    if (!current) throw notFound("Order");
    const from = current.status as OrderStatus;
    if (from === next) return false;
    if (options.onlyFrom && from !== options.onlyFrom) return false;
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
    if (restock) {
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, id));
      const back = new Map<string, number>();
      for (const item of items) back.set(item.productId, (back.get(item.productId) ?? 0) + item.quantity);
      for (const productId of [...back.keys()].sort()) {
        const n = back.get(productId)!;
        await tx
          .update(products)
          .set({
            quantity: sql`${products.quantity} + ${n}`,
            sellCount: sql`greatest(${products.sellCount} - ${n}, 0)`,
            updatedAt: now,
          })
          .where(eq(products.id, productId));
      }
      if (current.couponId) {
        const released = await tx
          .delete(couponRedemptions)
          .where(eq(couponRedemptions.orderId, id))
          .returning({ id: couponRedemptions.id });
        if (released.length) {
          await tx
            .update(coupons)
            .set({ timesUsed: sql`greatest(${coupons.timesUsed} - ${released.length}, 0)` })
            .where(eq(coupons.id, current.couponId));
        }
      }
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
export async function cancelUnpaidOrders(db: Db, olderThan: Date, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, olderThan)))
    .orderBy(asc(orders.createdAt))
    .limit(100);
  let cancelled = 0;
  for (const { id } of stale) {
    if (await moveOrder(db, id, "cancelled", { now, onlyFrom: "pending" })) cancelled += 1;
  }
  return cancelled;
}
