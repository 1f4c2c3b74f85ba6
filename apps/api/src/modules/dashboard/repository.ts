/** The back office's dashboard figures, aggregated in SQL over every order of the period (never a sample). */
import { LOW_STOCK_THRESHOLD, ORDER_STATUSES, type OrderStatus } from "@shop/domain/constants";
import { fromCents, roundHalfUpDiv } from "@shop/domain/money";
import type { Dashboard } from "@shop/domain/schemas/admin";
import { and, asc, count, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, users } from "../../db/schema.ts";
import { toUser } from "../users/repository.ts";

const DAY = 24 * 60 * 60 * 1000;
const LOW_STOCK_ROWS = 10;
const RECENT_CUSTOMERS = 5;
const BEST_SELLERS = 5;

/** Raw query rows: both drivers answer { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
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

/**
 * A DOP order counts its DOP total as charged; a USD order its USD total at the rate the order recorded,
 * rounded half up to the centavo (round() on a positive numeric rounds half away from zero).
 */
const dopCentsOfOrder = sql`case when o.currency = 'DOP' then o.currency_total_cents else round(o.total_cents * o.rate) end`;

export async function dashboard(db: Db, { days, now }: { days: number; now: Date }): Promise<Dashboard> {
  const period = dashboardPeriod(days, now);
  const from = period.from.toISOString();
  const end = period.end.toISOString();
  const inPeriod = sql`o.created_at >= cast(${from} as timestamptz) and o.created_at < cast(${end} as timestamptz)`;

  const [perDay, perStatus, lowStock, [customerCount], recentCustomers, bestSellers] = await Promise.all([
    db.execute(sql`
      with days as (
        select cast(g.d as date) as day
        from generate_series(cast(${period.firstDay} as timestamp), cast(${period.lastDay} as timestamp), interval '1 day') as g(d)
      ),
      revenue as (
        select cast(date_trunc('day', o.created_at at time zone 'UTC') as date) as day,
               count(*) as orders,
               sum(o.total_cents) as usd_cents,
               sum(${dopCentsOfOrder}) as dop_cents
        from orders o
        where o.status <> 'cancelled' and ${inPeriod}
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as date,
             cast(coalesce(r.orders, 0) as int) as orders,
             cast(coalesce(r.usd_cents, 0) as text) as usd_cents,
             cast(coalesce(r.dop_cents, 0) as text) as dop_cents
      from days left join revenue r on r.day = days.day
      order by days.day`),
    db.execute(sql`
      select o.status, cast(count(*) as int) as n
      from orders o
      where ${inPeriod}
      group by o.status`),
    db
      .select({ id: products.id, title: products.title, sku: products.sku, quantity: products.quantity })
      .from(products)
      .where(lte(products.quantity, LOW_STOCK_THRESHOLD))
      .orderBy(asc(products.quantity), asc(products.title), asc(products.id))
      .limit(LOW_STOCK_ROWS),
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(eq(users.role, "customer"), gte(users.createdAt, period.from), lt(users.createdAt, period.end)),
      ),
    db
      .select()
      .from(users)
      .where(
        and(eq(users.role, "customer"), gte(users.createdAt, period.from), lt(users.createdAt, period.end)),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(RECENT_CUSTOMERS),
    db.execute(sql`
      select oi.product_id, p.title,
             cast(sum(oi.quantity) as int) as quantity,
             cast(sum(oi.line_total_cents) as text) as revenue_cents
      from order_items oi
      join orders o on o.id = oi.order_id
      join products p on p.id = oi.product_id
      where o.status <> 'cancelled' and ${inPeriod}
      group by oi.product_id, p.title
      order by sum(oi.quantity) desc, sum(oi.line_total_cents) desc, p.title asc
      limit ${BEST_SELLERS}`),
  ]);

  const revenuePerDay = rowsOf<{ date: string; orders: number; usd_cents: string; dop_cents: string }>(
    perDay,
  ).map((row) => ({
    date: row.date,
    orders: Number(row.orders),
    usdCents: cents(row.usd_cents),
    dopCents: cents(row.dop_cents),
  }));
  const orderCount = revenuePerDay.reduce((sum, day) => sum + day.orders, 0);
  const usdCents = revenuePerDay.reduce((sum, day) => sum + day.usdCents, 0);
  const dopCents = revenuePerDay.reduce((sum, day) => sum + day.dopCents, 0);
  const statusCounts = new Map(
    rowsOf<{ status: string; n: number }>(perStatus).map((row) => [row.status, Number(row.n)]),
  );

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
    lowStock,
    newCustomers: { count: customerCount?.n ?? 0, recent: recentCustomers.map((row) => toUser(row)) },
    bestSellers: rowsOf<{ product_id: string; title: string; quantity: number; revenue_cents: string }>(
      bestSellers,
    ).map((row) => ({
      productId: row.product_id,
      title: row.title,
      quantity: Number(row.quantity),
      revenue: fromCents(cents(row.revenue_cents)),
    })),
  };
}
