/**
 * A fresh PostgreSQL database for a benchmark run, shared by the API benchmark (`bench/run.ts`) and the pages
 * benchmark (`bench/web/pages.ts`): created on the server BENCH_DATABASE_URL names (else the local default),
 * dropped by `drop()` at the end.
 */
import pg from "pg";

export const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/postgres";

export interface BenchDatabase {
  /** The new database's connection string. */
  url: string;
  /** The server's version, e.g. "15.20 (Debian 15.20-0+deb12u1)". */
  version: string;
  drop(): Promise<void>;
}

/**
 * Creates `{prefix}_{timestamp}` on the server; undefined, with the reason printed, when nothing answers at the
 * local default. A BENCH_DATABASE_URL that does not answer is an error: it was asked for.
 */
export async function freshDatabase(prefix = "shop_bench"): Promise<BenchDatabase | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL || DEFAULT_PG;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    if (process.env.BENCH_DATABASE_URL) throw new Error(`BENCH_DATABASE_URL does not answer: ${why}`);
    console.log(
      `\nPostgreSQL: nothing answers at ${DEFAULT_PG} (${why}); skipping it (set BENCH_DATABASE_URL).`,
    );
    return undefined;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `${prefix}_${stamp}`;
  let version = "?";
  try {
    version =
      (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? "?";
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
