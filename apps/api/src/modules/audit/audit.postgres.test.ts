// PostgreSQL only. The audit trail's table owned by another role than the API's: the API may add to it and read
// it, never alter its triggers nor rewrite an entry (the two roles as docs/operations.md sets them up, made here in
// a database of the test's own); and staff changes made at once, from two processes, keep one unbroken chain.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";
import { seedSampleShop } from "../../seed/index.ts";
import {
  createTestShop,
  engine,
  login,
  type SecondInstance,
  secondInstance,
  type TestShop,
  testEnv,
} from "../../test/app.ts";

const base = process.env.TEST_DATABASE_URL;

/** SQL on the test server's own database (TEST_DATABASE_URL), as its superuser. */
async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
const as = (role: string, database: string) => {
  const url = new URL(base!);
  url.username = role;
  url.password = "";
  url.pathname = `/${database}`;
  return url.toString();
};

describe.runIf(engine === "postgres")("two roles: the owner of the tables and the API's", () => {
  const suffix = randomBytes(4).toString("hex");
  const owner = `shop_owner_${suffix}`;
  const api = `shop_api_${suffix}`;
  const name = `shop_roles_${suffix}`;
  let database: Database;
  let app: App;

  beforeAll(async () => {
    // docs/operations.md: two login roles, the database owned by the first.
    await onServer(`create role ${owner} login`);
    await onServer(`create role ${api} login`);
    await onServer(`create database ${name} owner ${owner}`);
    database = await openDatabase({
      url: as(api, name),
      ownerUrl: as(owner, name),
      dataDir: "",
      poolSize: 4,
    });
    await database.migrate();
    await seedSampleShop(database.db, { now: new Date(), demoAccounts: true });
    app = await buildApp({ env: testEnv({ DATABASE_URL: as(api, name) }), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await onServer(`drop database if exists ${name} with (force)`);
    await onServer(`drop role if exists ${api}`);
    await onServer(`drop role if exists ${owner}`);
  });

  it("runs the shop as the API's role, which writes the audit trail and reads it", async () => {
    const admin = await login(app, "admin");
    const res = await app.inject({
      method: "POST",
      url: "/api/exchange-admin/update-rate",
      headers: admin.headers,
      payload: { rate: 60.25 },
    });
    expect(res.statusCode).toBe(200);
    const chain = await app.inject({ method: "GET", url: "/api/audit/chain", headers: admin.headers });
    expect(chain.json()).toMatchObject({ intact: true, entries: 1 });
    const owners = await database.db.execute(
      sql`select tableowner from pg_tables where tablename = 'audit_log'`,
    );
    const [row] = (owners as unknown as { rows: { tableowner: string }[] }).rows;
    expect(row!.tableowner).toBe(owner);
  });

  it("cannot set the triggers aside, rewrite, delete or empty an entry, nor drop the table", async () => {
    const db = database.db;
    for (const statement of [
      sql`alter table audit_log disable trigger audit_log_no_update`,
      sql`drop trigger audit_log_no_update on audit_log`,
      sql`update audit_log set actor_email = 'someone@else.example'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
      sql`drop table audit_log`,
      sql`alter table audit_log owner to current_user`,
    ]) {
      await expect(db.execute(statement)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: expect.stringMatching(/^42501$/) }),
      });
    }
    const [entry] = await db.select().from(auditLog);
    expect(entry!.actorEmail).toBe("admin@shop.test");
  });
});

describe.runIf(engine === "postgres")("staff changes made at once from two processes", () => {
  let shop: TestShop;
  let second: SecondInstance;
  beforeAll(async () => {
    shop = await createTestShop();
    second = await secondInstance(shop);
  });
  afterAll(async () => {
    await second.close();
    await shop.close();
  });

  it("keep one chain: every entry in its place, each hash on the one before", async () => {
    const admin = await login(shop.app, "admin");
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        (i % 2 ? shop.app : second.app).inject({
          method: "POST",
          url: "/api/exchange-admin/update-rate",
          headers: admin.headers,
          payload: { rate: 58 + i / 100 },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const seqs = (await shop.app.db.select({ seq: auditLog.seq }).from(auditLog))
      .map((r) => r.seq)
      .sort((a, b) => a! - b!);
    expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    const chain = await shop.app.inject({ method: "GET", url: "/api/audit/chain", headers: admin.headers });
    expect(chain.json()).toEqual({ intact: true, entries: 24, broken: null });
  });
});
