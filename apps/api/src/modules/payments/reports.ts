/** The payments' figures for the dashboard: money given back per day, in USD and DOP cents as the orders priced. */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Refunds settled on each day of the period (UTC), in USD and DOP cents as text: a DOP refund counts its amount in
 * DOP and its amount over the order's rate in USD, a USD one the other way, each rounded half up.
 */
export async function refundsPerDay(
  db: Db,
  period: { from: Date; end: Date },
): Promise<{ date: string; usd_cents: string; dop_cents: string }[]> {
  const result = await db.execute(sql`
    select to_char(date_trunc('day', p.at at time zone 'UTC'), 'YYYY-MM-DD') as date,
           cast(sum(case when p.currency = 'USD' then p.amount_cents else round(p.amount_cents / p.rate) end) as text) as usd_cents,
           cast(sum(case when p.currency = 'DOP' then p.amount_cents else round(p.amount_cents * p.rate) end) as text) as dop_cents
    from payments p
    where p.kind = 'refund' and p.status = 'settled'
      and p.at >= cast(${period.from.toISOString()} as timestamptz) and p.at < cast(${period.end.toISOString()} as timestamptz)
    group by 1`);
  return rowsOf<{ date: string; usd_cents: string; dop_cents: string }>(result);
}
