/**
 * The audit trail as a chain (docs/decisions/045-audit-chain.md): each entry carries its place (`seq`) and an
 * HMAC-SHA-256, keyed by a secret the database never holds, over the previous entry's hash and its own content in
 * RFC 8785 canonical JSON. Whoever owns the database can still change a row, but cannot make the chain agree again:
 * a changed, inserted or removed entry shows where the chain breaks, in the back office and in `pnpm check:audit`.
 * Entries written before the chain existed are sealed as one digest into the first chained entry.
 */
import { createHash, createHmac } from "node:crypto";
import canonicalize from "canonicalize";
import { asc, desc, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { auditLog } from "./tables.ts";

/** Serialises writers of the chain across processes, for the length of their transaction. */
const CHAIN_LOCK = 727_275;
const BATCH = 1000;

type AuditRow = typeof auditLog.$inferSelect;
export type NewEntry = Omit<AuditRow, "id" | "seq" | "hash">;

/** The key of the chain's hashes, derived from AUDIT_SECRET (or JWT_SECRET): never stored in the database. */
export function chainKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("shop audit chain v1").digest();
}

/** What an entry's hash covers, the same whether read back from the database or about to be written. */
function content(entry: NewEntry & { seq: number | null }): string {
  return canonicalize({
    seq: entry.seq,
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })!;
}

export function entryHash(key: Buffer, previous: string, entry: NewEntry & { seq: number }): string {
  return createHmac("sha256", key).update(previous).update("\n").update(content(entry)).digest("hex");
}

/** The entries from before the chain, as one SHA-256 digest ("" when there are none): the first entry's "previous". */
async function sealOfEarlierEntries(db: Db | Tx): Promise<string> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(isNull(auditLog.seq))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  if (!rows.length) return "";
  const digest = createHash("sha256");
  for (const row of rows) digest.update(content(row)).update("\n");
  return digest.digest("hex");
}

/** Appends an entry at the chain's end: one writer at a time, in every process, so the chain never forks. */
export async function appendEntry(db: Db | Tx, key: Buffer, entry: NewEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [head] = await tx
      .select({ seq: auditLog.seq, hash: auditLog.hash })
      .from(auditLog)
      .where(isNotNull(auditLog.seq))
      .orderBy(desc(auditLog.seq))
      .limit(1);
    const seq = (head?.seq ?? 0) + 1;
    const previous = head?.hash ?? (await sealOfEarlierEntries(tx));
    await tx.insert(auditLog).values({ ...entry, seq, hash: entryHash(key, previous, { ...entry, seq }) });
  });
}

export interface ChainReport {
  intact: boolean;
  /** Entries checked (those before the chain included). */
  entries: number;
  /** The first entry where the chain breaks, and why; null when it holds. */
  broken: { seq: number | null; id: string; at: string; reason: string } | null;
}

/** Walks the whole chain, a thousand entries at a time, and says whether it holds and where it first breaks. */
export async function verifyChain(db: Db, key: Buffer): Promise<ChainReport> {
  const [earlier] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(isNull(auditLog.seq));
  let previous = await sealOfEarlierEntries(db);
  let entries = earlier?.n ?? 0;
  let expected = 1;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.seq, expected - 1))
      .orderBy(asc(auditLog.seq))
      .limit(BATCH);
    for (const row of rows) {
      const at = { seq: row.seq, id: row.id, at: row.at.toISOString() };
      if (row.seq !== expected) {
        return { intact: false, entries, broken: { ...at, reason: `entry ${expected} is missing` } };
      }
      if (row.hash !== entryHash(key, previous, { ...row, seq: row.seq })) {
        const reason =
          row.seq === 1 && entries > 0
            ? "this entry, or one written before the chain, was changed, added or removed"
            : "this entry was changed, or one was added before it";
        return { intact: false, entries, broken: { ...at, reason } };
      }
      previous = row.hash;
      expected += 1;
      entries += 1;
    }
    if (rows.length < BATCH) return { intact: true, entries, broken: null };
  }
}
