// The audit trail as a chain of keyed hashes: every staff change extends it; a change made by whoever owns the
// database (triggers set aside, an entry rewritten, removed or slipped in) shows where the chain breaks, through
// GET /api/audit/chain (the back office's notice) and verifyChain (`pnpm check:audit`). Both engines.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditCheck } from "../../audit-check.ts";
import { auditLog } from "../../db/schema.ts";
import { createTestShop, login, type TestShop } from "../../test/app.ts";
import { verifyChain } from "./chain.ts";
import { auditChainKey } from "./record.ts";

let shop: TestShop;
let admin: Awaited<ReturnType<typeof login>>;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await login(shop.app, "admin");
});
afterAll(async () => {
  await shop.close();
});

/** A staff change the trail records: the exchange rate, set to `rate`. */
const change = async (rate: number) => {
  const res = await shop.app.inject({
    method: "POST",
    url: "/api/exchange-admin/update-rate",
    headers: admin.headers,
    payload: { rate },
  });
  expect(res.statusCode).toBe(200);
};
const chain = async () => {
  const res = await shop.app.inject({ method: "GET", url: "/api/audit/chain", headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    intact: boolean;
    entries: number;
    broken: { seq: number | null; reason: string } | null;
  };
};
/** SQL as the database's owner may run it: the triggers that refuse changes set aside for one statement. */
async function asOwner(statement: ReturnType<typeof sql>) {
  const db = shop.database.db;
  await db.execute(sql`alter table audit_log disable trigger audit_log_no_update`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_update`);
  }
}

describe("the audit chain", () => {
  it("seals entries written before it into its first entry, and holds through staff changes", async () => {
    // Two entries as the trail kept them before the chain (no place, no hash), as an existing shop has them.
    for (const [i, at] of ["2026-01-02T10:00:00.123Z", "2026-01-03T11:30:00.456Z"].entries()) {
      await shop.database.db.insert(auditLog).values({
        at: new Date(at),
        actorId: admin.user.userId,
        actorEmail: "admin@shop.test",
        action: "coupon.update",
        entity: "coupon",
        entityId: randomUUID(),
        before: { active: true, value: i },
        after: { active: false, value: i, note: "é ñ 中" },
      });
    }
    for (const rate of [59.1, 59.2, 59.3]) await change(rate);
    expect(await chain()).toEqual({ intact: true, entries: 5, broken: null });
    const rows = await shop.database.db.select({ seq: auditLog.seq, hash: auditLog.hash }).from(auditLog);
    expect(rows.map((r) => r.seq).sort()).toEqual([1, 2, 3, null, null].sort());
    expect(rows.filter((r) => r.seq !== null).every((r) => /^[0-9a-f]{64}$/.test(r.hash!))).toBe(true);
  });

  it("breaks where an owner rewrote an entry, and the check command's verification says the same", async () => {
    await asOwner(sql`update audit_log set actor_email = 'someone@else.example' where seq = 2`);
    const report = await chain();
    expect(report).toMatchObject({
      intact: false,
      broken: { seq: 2, reason: "this entry was changed, or one was added before it" },
    });
    expect(await verifyChain(shop.database.db, auditChainKey(shop.app.env))).toMatchObject({
      intact: false,
      broken: { seq: 2 },
    });
    // Put back exactly as it was, the chain holds again: the hash is over the content, nothing else.
    await asOwner(sql`update audit_log set actor_email = 'admin@shop.test' where seq = 2`);
    expect((await chain()).intact).toBe(true);
    expect(await auditCheck(shop.database, shop.app.env)).toEqual({
      code: 0,
      message: "The audit trail holds: 5 entries, every one in its place.",
    });
  });

  it("breaks where an entry was removed, where one was slipped in, and at the start when an earlier one changed", async () => {
    await change(59.4);
    await change(59.5);
    const [entry] = await shop.database.db.select().from(auditLog).where(sql`seq = 4`);
    await asOwner(sql`delete from audit_log where seq = 4`);
    expect(await chain()).toMatchObject({ intact: false, broken: { seq: 5, reason: "entry 4 is missing" } });
    await shop.database.db.insert(auditLog).values(entry!);
    expect((await chain()).intact).toBe(true);

    // An entry the API's own role could insert (it may insert), with a hash it cannot make.
    await shop.database.db.insert(auditLog).values({
      ...entry!,
      id: randomUUID(),
      seq: 6,
      actorEmail: "forger@example.com",
      hash: "0".repeat(64),
    });
    expect(await chain()).toMatchObject({ intact: false, broken: { seq: 6 } });
    await asOwner(sql`delete from audit_log where seq = 6`);

    await asOwner(
      sql`update audit_log set before = '{"active": true, "value": 7}' where seq is null and before->>'value' = '0'`,
    );
    expect(await chain()).toMatchObject({
      intact: false,
      broken: {
        seq: 1,
        reason: "this entry, or one written before the chain, was changed, added or removed",
      },
    });
  });

  it("is checked by admins only", async () => {
    expect((await shop.app.inject({ method: "GET", url: "/api/audit/chain" })).statusCode).toBe(401);
    const shopper = await login(shop.app, "shopper");
    const res = await shop.app.inject({ method: "GET", url: "/api/audit/chain", headers: shopper.headers });
    expect(res.statusCode).toBe(403);
  });
});
