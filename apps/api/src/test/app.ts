/** Test harness: the real app on a real database — in-memory PGlite, or a fresh PostgreSQL database when the project runs with TEST_DATABASE_URL. */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { AuthSession } from "@shop/domain/schemas/public";
import pg from "pg";
import { inject } from "vitest";
import { type App, buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { loadEnv } from "../env.ts";
import { DEMO_ACCOUNTS } from "../seed/index.ts";
// The run-wide PGlite and PostgreSQL templates the global setup provides, and how a test PGlite runs.
import { TEST_PGLITE_OPTIONS } from "./global-setup.ts";

export const engine = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

export interface TestShop {
  app: App;
  database: Database;
  /** The PostgreSQL URL of this shop's database (postgres engine only), for a second app instance. */
  url?: string;
  /** When the run's template was seeded: the sample shop's "now" (its newest exchange rate, its dates). */
  seededAt: Date;
  close(): Promise<void>;
}

/** Starts a PGlite from the data folder the global setup migrated (and seeded) once for the whole run. */
async function pgliteFromTemplate(seed: boolean): Promise<PGlite> {
  const templates = inject("pgliteTemplates");
  const tarball = await readFile(seed ? templates.seeded : templates.empty);
  return PGlite.create({ ...TEST_PGLITE_OPTIONS, loadDataDir: new Blob([tarball]) });
}

async function postgresDatabase(
  seed: boolean,
): Promise<{ database: Database; url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `shop_test_${randomBytes(6).toString("hex")}`;
  const templates = inject("postgresTemplates");
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // A copy of the run's migrated (and seeded) template: milliseconds, where migrating and seeding took seconds.
  await admin.query(`create database ${name} template ${seed ? templates.seeded : templates.empty}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "", poolSize: 20 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const testEnv = (overrides: Record<string, string> = {}) =>
  // The catalogue cache is off in tests, which read right after writing to the database directly; its own test
  // turns it on. Test files place many orders from one account and address, and buy whole stocks: the order
  // limits' own tests set them.
  loadEnv({
    NODE_ENV: "test",
    DATABASE_URL: "memory:",
    LOG_LEVEL: "silent",
    CATALOGUE_CACHE_MS: "0",
    ORDER_MAX_QUANTITY: "999",
    ORDERS_PER_HOUR_PER_ACCOUNT: "10000",
    ORDERS_PER_HOUR_PER_ADDRESS: "10000",
    ...overrides,
  });

/**
 * The sample shop (seeded, with demo accounts) behind the real app. `seed: false` gives an empty, migrated shop;
 * `dataDir` points DATA_DIR (mail outbox) at a folder of the test's own, such as a mkdtemp one; `env` adds
 * settings; `mount` registers more on the app before it is ready (the one process's front ends).
 */
export async function createTestShop(
  options: {
    seed?: boolean;
    dataDir?: string;
    env?: Record<string, string>;
    mount?: (app: App) => Promise<void>;
  } = {},
): Promise<TestShop> {
  const seed = options.seed ?? true;
  const env = testEnv({ ...(options.dataDir ? { DATA_DIR: options.dataDir } : {}), ...options.env });
  if (engine === "postgres") {
    const { database, url, drop } = await postgresDatabase(seed);
    const app = await buildApp({ env, database, logger: false });
    await options.mount?.(app);
    await app.ready();
    return {
      app,
      database,
      url,
      seededAt: new Date(inject("postgresTemplates").seededAt),
      close: async () => {
        await app.close();
        await database.close();
        await drop();
      },
    };
  }
  const client = await pgliteFromTemplate(seed);
  const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
  const app = await buildApp({ env, database, logger: false });
  await options.mount?.(app);
  await app.ready();
  return {
    app,
    database,
    seededAt: new Date(inject("pgliteTemplates").seededAt),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Logs in through the real endpoint (from `remoteAddress`, 127.0.0.1 by default) and returns the bearer header. */
export async function login(
  app: App,
  who: keyof typeof DEMO_ACCOUNTS | { email: string; password: string },
  remoteAddress?: string,
) {
  const credentials = typeof who === "string" ? DEMO_ACCOUNTS[who] : who;
  const res = await app.inject({
    method: "POST",
    url: "/api/users/login",
    payload: { email: credentials.email, password: credentials.password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as AuthSession;
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}
