/** The month's receipts in figures for the ITBIS return: sales and credit notes by type, and ITBIS by rate, net. */
import { sql } from "drizzle-orm";
import type { Conn } from "../../db/client.ts";

export interface MonthSummary {
  month: string;
  /** Per type: how many, their totals and ITBIS (pesos cents). */
  byType: { type: string; count: number; totalCents: number; itbisCents: number }[];
  /** Per rate, sales less credit notes (pesos cents). */
  byRate: { rate: number; baseCents: number; itbisCents: number; grossCents: number }[];
  /** Sales less credit notes. */
  totalCents: number;
  itbisCents: number;
}

/** The month (YYYY-MM) in Santo Domingo's calendar: from its first day's 04:00 UTC to the next month's. */
export async function monthSummary(db: Conn, month: string): Promise<MonthSummary> {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const from = new Date(Date.UTC(year, m - 1, 1, 4));
  const to = new Date(Date.UTC(year, m, 1, 4));
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const fromAt = from.toISOString();
  const toAt = to.toISOString();
  const types = rowsOf<{ type: string; n: number; total: string; itbis: string }>(
    await db.execute(sql`
    select type, count(*)::int as n,
      coalesce(sum((document->>'totalCents')::bigint), 0)::text as total,
      coalesce(sum((document->>'itbisCents')::bigint), 0)::text as itbis
    from receipts where issued_at >= ${fromAt}::timestamptz and issued_at < ${toAt}::timestamptz
    group by type order by type`),
  );
  const rates = rowsOf<{ rate: number; sign: number; gross: string; base: string; itbis: string }>(
    await db.execute(sql`
    select (e->>'rate')::int as rate, case when r.type = 'E34' then -1 else 1 end as sign,
      sum((e->>'grossCents')::bigint)::text as gross, sum((e->>'baseCents')::bigint)::text as base,
      sum((e->>'itbisCents')::bigint)::text as itbis
    from receipts r, jsonb_array_elements(r.document->'byRate') e
    where r.issued_at >= ${fromAt}::timestamptz and r.issued_at < ${toAt}::timestamptz
    group by 1, 2`),
  );
  const byType = types.map((r) => ({
    type: r.type,
    count: Number(r.n),
    totalCents: Number(r.total),
    itbisCents: Number(r.itbis),
  }));
  const net = new Map<number, { rate: number; baseCents: number; itbisCents: number; grossCents: number }>();
  for (const r of rates) {
    const entry = net.get(r.rate) ?? { rate: r.rate, baseCents: 0, itbisCents: 0, grossCents: 0 };
    entry.baseCents += Number(r.sign) * Number(r.base);
    entry.itbisCents += Number(r.sign) * Number(r.itbis);
    entry.grossCents += Number(r.sign) * Number(r.gross);
    net.set(r.rate, entry);
  }
  const signed = (
    t: { type: string; totalCents: number; itbisCents: number },
    key: "totalCents" | "itbisCents",
  ) => (t.type === "E34" ? -1 : 1) * t[key];
  return {
    month,
    byType,
    byRate: [...net.values()].sort((a, b) => b.rate - a.rate),
    totalCents: byType.reduce((s, t) => s + signed(t, "totalCents"), 0),
    itbisCents: byType.reduce((s, t) => s + signed(t, "itbisCents"), 0),
  };
}
