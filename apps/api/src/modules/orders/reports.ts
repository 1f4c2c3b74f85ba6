/**
 * The orders' figures for the dashboard, aggregated in SQL over every order of a period (never a sample). Best
 * sellers name their products by the products' titles of today, read in the same query.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/** A period of whole UTC days: from midnight of the first to midnight after the last. */
export interface Period {
  from: Date;
  end: Date;
  firstDay: string;
  lastDay: string;
}

/** Raw query rows: both drivers answer { rows }. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const inPeriodOf = (period: Period) =>
  sql`o.created_at >= cast(${period.from.toISOString()} as timestamptz) and o.created_at < cast(${period.end.toISOString()} as timestamptz)`;

/**
 * A DOP order counts its DOP total as charged; a USD order its USD total at the rate the order recorded,
 * rounded half up to the centavo (round() on a positive numeric rounds half away from zero).
 */
const dopCentsOfOrder = sql`case when o.currency = 'DOP' then o.currency_total_cents else round(o.total_cents * o.rate) end`;

/** Each day of the period: its orders (cancelled ones aside) and their totals in USD and DOP cents, as text. */
export async function revenuePerDay(
  db: Db,
  period: Period,
): Promise<{ date: string; orders: number; usd_cents: string; dop_cents: string }[]> {
  const inPeriod = inPeriodOf(period);
  const result = await db.execute(sql`
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
    order by days.day`);
  return rowsOf<{ date: string; orders: number; usd_cents: string; dop_cents: string }>(result);
}

/** How many orders of the period are in each status. */
export async function ordersPerStatus(db: Db, period: Period): Promise<{ status: string; n: number }[]> {
  const inPeriod = inPeriodOf(period);
  const result = await db.execute(sql`
    select o.status, cast(count(*) as int) as n
    from orders o
    where ${inPeriod}
    group by o.status`);
  return rowsOf<{ status: string; n: number }>(result);
}

/** The period's `limit` best sellers by units (then revenue, then title), cancelled orders aside. */
export async function bestSellers(
  db: Db,
  period: Period,
  limit: number,
): Promise<{ product_id: string; title: string; quantity: number; revenue_cents: string }[]> {
  const inPeriod = inPeriodOf(period);
  const result = await db.execute(sql`
    select oi.product_id, p.title,
           cast(sum(oi.quantity) as int) as quantity,
           cast(sum(oi.line_total_cents) as text) as revenue_cents
    from order_items oi
    join orders o on o.id = oi.order_id
    join products p on p.id = oi.product_id
    where o.status <> 'cancelled' and ${inPeriod}
    group by oi.product_id, p.title
    order by sum(oi.quantity) desc, sum(oi.line_total_cents) desc, p.title asc
    limit ${limit}`);
  return rowsOf<{ product_id: string; title: string; quantity: number; revenue_cents: string }>(result);
}
