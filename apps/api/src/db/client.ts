/** Opens the shop's database: embedded PGlite (a folder or memory) or PostgreSQL through a pool, and migrates it. */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { FairQueue } from "./fair-queue.ts";
import * as schema from "./schema.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or a transaction: functions that only read or write take either. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /**
   * Applies the migrations; on PostgreSQL under an advisory lock, so several API processes can start at once;
   * on PGlite, which has no autovacuum, it also refreshes the listing's planner statistics.
   */
  migrate(): Promise<void>;
  /**
   * Calls `onMessage` with the payload of every NOTIFY on `channel`, from any process. `onState(false)` says
   * notifications may be missed from now on (the connection dropped; it is retried), `onState(true)` that they
   * arrive again; PGlite is one process and always connected. Answers a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** How long a request waits for a pooled connection before the database counts as unreachable. */
export const CONNECT_TIMEOUT_MS = 5000;

/** Waits between attempts to reconnect a PostgreSQL listener. */
export const LISTEN_RETRY_MS = 1000;

/**
 * Migrations live in apps/api/drizzle: two folders up from src/db, one up from the built dist, and beside the
 * one process's build (apps/server/dist) in apps/api.
 */
export const migrationsFolder = [
  fileURLToPath(new URL("../../drizzle", import.meta.url)),
  fileURLToPath(new URL("../drizzle", import.meta.url)),
  fileURLToPath(new URL("../../api/drizzle", import.meta.url)),
].find((dir) => existsSync(join(dir, "meta", "_journal.json"))) as string;

export interface OpenOptions {
  /** undefined: PGlite in dataDir; "memory:": in-memory PGlite; postgres://...: a pool. */
  url: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** An existing PGlite to use instead (tests clone a migrated template). */
  pglite?: PGlite;
  /**
   * PostgreSQL: the role that owns the tables (DATABASE_OWNER_URL). Migrations run as it, and the `url` role is then
   * granted what the API needs, and on audit_log insert and select only (decision 045).
   */
  ownerUrl?: string | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const { url } = options;
  if (url?.startsWith("postgres")) {
    // A request waits at most CONNECT_TIMEOUT_MS for a connection: a database that accepts none answers 503
    // (plugins/errors.ts) instead of holding the request.
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle client's error (the server restarted) must not crash the process; the pool replaces it.
    pool.on("error", () => {});
    // Nor one lost while checked out between two queries (a transaction waiting on the app): without a listener
    // its "error" event would end the process. Its next query fails instead, and the request answers 503.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      ping: () => ping(db),
      migrate: async () => {
        const owner = options.ownerUrl ? new pg.Client({ connectionString: options.ownerUrl }) : null;
        await owner?.connect();
        const client = owner ?? (await pool.connect());
        try {
          await client.query("select pg_advisory_lock(727274)");
          await migratePg(drizzlePg(client), { migrationsFolder });
          if (owner) {
            const { rows } = await pool.query<{ role: string }>("select current_user as role");
            await grantApiRole(owner, rows[0]!.role);
          }
        } finally {
          await client.query("select pg_advisory_unlock(727274)").catch(() => {});
          if (owner) await owner.end();
          else (client as pg.PoolClient).release();
        }
      },
      listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = url === "memory:" ? undefined : join(options.dataDir, "db");
    if (dir) mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions: { pg_trgm } });
  }
  const owned = client;
  // Every query and transaction of the app waits its turn, the event loop going round between two (fair-queue.ts).
  const db = drizzlePglite({ client: throughFairQueue(owned, new FairQueue()), schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: () => ping(db),
    migrate: async () => {
      await migratePglite(drizzlePglite(owned), { migrationsFolder });
      // PGlite has no autovacuum: without fresh statistics the planner cannot choose the listing's indexes.
      await owned.exec("analyze product_listing");
    },
    listen: async (channel, onMessage, onState) => {
      // Delivered when the notifying transaction commits, before its query returns.
      const stop = await owned.listen(channel, onMessage);
      onState(true);
      return async () => {
        if (!owned.closed) await stop();
      };
    },
    close: () => owned.close(),
  };
}

/**
 * What the API's role may do when another role owns the tables: read and write every table but the audit trail,
 * which it may only add to and read. Run by the owner after each migration, so new tables are covered too.
 */
async function grantApiRole(owner: pg.Client, apiRole: string) {
  const api = owner.escapeIdentifier(apiRole);
  await owner.query(`grant usage on schema public to ${api}`);
  await owner.query(`grant select, insert, update, delete on all tables in schema public to ${api}`);
  await owner.query(`grant usage, select on all sequences in schema public to ${api}`);
  await owner.query(`revoke update, delete, truncate, references, trigger on audit_log from ${api}`);
}

/**
 * The PGlite Drizzle is given: the two calls it makes, each in its turn. A transaction keeps its turn to the end,
 * its own queries going straight to PGlite, as PGlite itself holds every other query until it ends.
 */
function throughFairQueue(client: PGlite, turns: FairQueue): PGlite {
  const inTurn = {
    query: (...args: Parameters<PGlite["query"]>) => turns.run(() => client.query(...args)),
    transaction: (...args: Parameters<PGlite["transaction"]>) => turns.run(() => client.transaction(...args)),
  };
  return inTurn as unknown as PGlite;
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries): reconnects after any error,
 * reporting the gap through onState so the caller stops trusting what it kept.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url, application_name: `shop-listen-${channel}` });
    const lost = () => {
      if (current !== client) return;
      current = null;
      onState(false);
      if (!stopped) retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
    };
    client.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    client.on("error", lost);
    client.on("end", lost);
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      if (!stopped) onState(true);
      else {
        current = null;
        await client.end();
      }
    } catch {
      lost();
      await client.end().catch(() => {});
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
