/** Test harness: the real app on a real database — in-memory PGlite, or a fresh PostgreSQL database when the project runs with TEST_DATABASE_URL. */
import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { AuthSession } from "@shop/domain/schemas";
import pg from "pg";
import { type App, buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { DEMO_ACCOUNTS, seedSampleShop } from "../seed/index.ts";

export const engine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

export interface TestShop {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/** A PGlite migrated and seeded once per test file, cloned for each shop the file asks for. */
let template: Promise<PGlite> | undefined;
const NOW = new Date();

async function pgliteTemplate(seed: boolean): Promise<PGlite> {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
  await database.migrate();
  if (seed) await seedSampleShop(database.db, { now: NOW, demoAccounts: true });
  return client;
}

async function postgresDatabase(seed: boolean): Promise<{ database: Database; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "", poolSize: 20 });
  await database.migrate();
  if (seed) await seedSampleShop(database.db, { now: NOW, demoAccounts: true });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const testEnv = (overrides: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: "test", DATABASE_URL: "memory:", LOG_LEVEL: "silent", ...overrides });

/** The sample shop (seeded, with demo accounts) behind the real app. `seed: false` gives an empty, migrated shop. */
export async function createTestShop(options: { seed?: boolean } = {}): Promise<TestShop> {
  const seed = options.seed ?? true;
  const env = testEnv();
  if (engine === "postgres") {
    const { database, drop } = await postgresDatabase(seed);
    const app = await buildApp({ env, database, logger: false });
    await app.ready();
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
        await drop();
      },
    };
  }
  let client: PGlite;
  if (seed) {
    template ??= pgliteTemplate(true);
    client = (await (await template).clone()) as PGlite;
  } else {
    client = await pgliteTemplate(false);
  }
  const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Logs in through the real endpoint and returns the bearer header. */
export async function login(app: App, who: keyof typeof DEMO_ACCOUNTS | { email: string; password: string }) {
  const credentials = typeof who === "string" ? DEMO_ACCOUNTS[who] : who;
  const res = await app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email: credentials.email, password: credentials.password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthSession;
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}
