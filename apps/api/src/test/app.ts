/** Test harness: the real app on a real database — in-memory PGlite, or a fresh PostgreSQL database when the project runs with TEST_DATABASE_URL. */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import type { AuthSession, Product } from "@shop/domain/schemas/public";
import { desc, eq } from "drizzle-orm";
import pg from "pg";
import { inject } from "vitest";
import { type App, buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { productVariants, shippingMethods } from "../db/schema.ts";
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

/** A mail that fails is tried again at once in tests, where the mail servers are on this machine. */
export const TEST_MAIL_RETRY_DELAYS_MS = [20, 50];

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
    const app = await buildApp({
      env,
      database,
      logger: false,
      mailRetryDelaysMs: TEST_MAIL_RETRY_DELAYS_MS,
    });
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
  const app = await buildApp({ env, database, logger: false, mailRetryDelaysMs: TEST_MAIL_RETRY_DELAYS_MS });
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

/** Another instance of the API on a test shop's PostgreSQL database, as a second process behind a load balancer. */
export interface SecondInstance {
  app: App;
  database: Database;
  close(): Promise<void>;
}

/**
 * A second instance of `shop`'s API (postgres engine only): its own pool of `poolSize` connections to the same
 * database and the same settings (the JWT secret instances share), with `env`'s changes.
 */
export async function secondInstance(
  shop: TestShop,
  options: { poolSize?: number; env?: Partial<App["env"]> } = {},
): Promise<SecondInstance> {
  if (!shop.url) throw new Error("a second instance needs the postgres engine");
  const database = await openDatabase({ url: shop.url, dataDir: "", poolSize: options.poolSize ?? 5 });
  const app = await buildApp({ env: { ...shop.app.env, ...options.env }, database, logger: false });
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

/**
 * An order of one unit of `productId` placed by the shopper `shopper` signs in, then moved by the admin `admin`
 * signs in through processing and shipped to delivered, all through the real routes. Answers the order's id.
 */
export async function deliveredOrder(
  app: App,
  headers: { shopper: Record<string, string>; admin: Record<string, string> },
  productId: string,
) {
  const [method] = await app.db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .limit(1);
  // Its best-stocked variant: a line names the variant it buys.
  const [variant] = await app.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(desc(productVariants.quantity))
    .limit(1);
  const placed = await app.inject({
    method: "POST",
    url: "/api/orders",
    headers: headers.shopper,
    payload: {
      items: [{ productId, variantId: variant?.id, quantity: 1 }],
      shippingAddress: { streetAddress: "Calle El Conde 12", country: "DO" },
      shippingMethodId: method!.id,
      currency: "USD",
      paymentMethod: "cash_on_delivery",
      phone: "8095550100",
    },
  });
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.statusCode} ${placed.body}`);
  const orderId = placed.json().id as string;
  for (const status of ["processing", "shipped", "delivered"]) {
    const moved = await app.inject({
      method: "PUT",
      url: `/api/orders/${orderId}`,
      headers: headers.admin,
      payload: status === "shipped" ? { status, carrier: "DHL", trackingNumber: "JD0146000012" } : { status },
    });
    if (moved.statusCode !== 200)
      throw new Error(`status ${status} failed: ${moved.statusCode} ${moved.body}`);
  }
  return orderId;
}

/**
 * Every product a listing query answers (`category=cameras`, or "" for all), page after page of 100, the most a page
 * holds: the sample shop has more products than one page.
 */
export async function allProducts(app: TestShop["app"], query = ""): Promise<Product[]> {
  const items: Product[] = [];
  for (let page = 1; ; page++) {
    const res = await app.inject({ method: "GET", url: `/api/product?${query}&pageSize=100&page=${page}` });
    if (res.statusCode !== 200) throw new Error(`/api/product?${query}: ${res.statusCode} ${res.body}`);
    const more = res.json() as Product[];
    items.push(...more);
    if (items.length >= Number(res.headers["x-total-count"]) || more.length === 0) return items;
  }
}
