/**
 * The back office's dashboard figures, aggregated in SQL over every order of the period (never a sample): the
 * orders' figures from the orders module, low stock from the inventory, new customers from the users module.
 */
import { ORDER_STATUSES, type OrderStatus } from "@shop/domain/constants";
import { fromCents, roundHalfUpDiv } from "@shop/domain/money";
import type { Dashboard } from "@shop/domain/schemas/admin";
import type { Db } from "../../db/client.ts";
import { lowStock } from "../inventory/stock.ts";
import * as orderFigures from "../orders/reports.ts";
import { refundsPerDay } from "../payments/reports.ts";
import { newCustomers } from "../users/customers.ts";

const DAY = 24 * 60 * 60 * 1000;
const LOW_STOCK_ROWS = 10;
const RECENT_CUSTOMERS = 5;
const BEST_SELLERS = 5;

/** Sums travel as text (a bigint or numeric would come back as a string from one driver and not the other). */
const cents = (value: string | number | null): number => {
  const n = Number(value ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Not a whole number of cents: ${String(value)}`);
  return n;
};
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The period: `days` calendar days in UTC ending today, from midnight of the first one to now. */
export function dashboardPeriod(days: number, now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY;
  return { from: new Date(from), firstDay: isoDay(from), lastDay: isoDay(today), end: new Date(today + DAY) };
}

export async function dashboard(db: Db, { days, now }: { days: number; now: Date }): Promise<Dashboard> {
  const period = dashboardPeriod(days, now);
  const from = period.from.toISOString();

  const [perDay, perStatus, lowStockRows, customers, bestSellers, refunds] = await Promise.all([
    orderFigures.revenuePerDay(db, period),
    orderFigures.ordersPerStatus(db, period),
    lowStock(db, LOW_STOCK_ROWS),
    newCustomers(db, period.from, period.end, RECENT_CUSTOMERS),
    orderFigures.bestSellers(db, period, BEST_SELLERS),
    refundsPerDay(db, period),
  ]);
  // Money given back leaves the revenue of the day it went back.
  const refunded = new Map(refunds.map((r) => [r.date, r]));

  const revenuePerDay = perDay.map((row) => ({
    date: row.date,
    orders: Number(row.orders),
    usdCents: cents(row.usd_cents) - cents(refunded.get(row.date)?.usd_cents ?? 0),
    dopCents: cents(row.dop_cents) - cents(refunded.get(row.date)?.dop_cents ?? 0),
  }));
  const orderCount = revenuePerDay.reduce((sum, day) => sum + day.orders, 0);
  const usdCents = revenuePerDay.reduce((sum, day) => sum + day.usdCents, 0);
  const dopCents = revenuePerDay.reduce((sum, day) => sum + day.dopCents, 0);
  const statusCounts = new Map(perStatus.map((row) => [row.status, Number(row.n)]));

  return {
    from,
    to: now.toISOString(),
    revenuePerDay: revenuePerDay.map((day) => ({
      date: day.date,
      orders: day.orders,
      usd: fromCents(day.usdCents),
      dop: fromCents(day.dopCents),
    })),
    totals: {
      orders: orderCount,
      usd: fromCents(usdCents),
      dop: fromCents(dopCents),
      averageOrderUsd: orderCount
        ? fromCents(Number(roundHalfUpDiv(BigInt(usdCents), BigInt(orderCount))))
        : 0,
    },
    ordersPerStatus: ORDER_STATUSES.map((status: OrderStatus) => ({
      status,
      count: statusCounts.get(status) ?? 0,
    })),
    lowStock: lowStockRows,
    newCustomers: customers,
    bestSellers: bestSellers.map((row) => ({
      productId: row.product_id,
      title: row.title,
      quantity: Number(row.quantity),
      revenue: fromCents(cents(row.revenue_cents)),
    })),
  };
}
