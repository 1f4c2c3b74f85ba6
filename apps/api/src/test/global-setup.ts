/**
 * Runs once per test project. PGlite: migrates one PGlite and leaves its data folder as a tarball, then seeds it and
 * leaves another: every test shop starts from one of them. PostgreSQL: migrates (and seeds) two template databases,
 * which every test shop's database is created from (`create database … template …`, a file copy) instead of
 * migrating and seeding its own.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seedSampleShop } from "../seed/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: { seeded: string; empty: string; seededAt: string };
    postgresTemplates: { seeded: string; empty: string; seededAt: string };
  }
}

/**
 * How every test PGlite runs. A test shop holds a few megabytes, so its buffer pool is 8 MB, not PostgreSQL's
 * 128 MB, which every start of a test shop used to set up. With the template databases dropped too (below), a start
 * took 0.3 s of CPU instead of 0.6 s, and the API's suite on PGlite 65 to 74 s of CPU instead of 80 s.
 */
export const TEST_PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  postgresqlconf: "shared_buffers = 8MB",
} satisfies PGliteOptions;

/** The PGlite's data folder as a tarball in `dir`. */
async function dump(client: PGlite, dir: string, name: string) {
  const file = join(dir, `${name}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  return file;
}

/**
 * Both PGlite templates from one database, migrated and dumped, then seeded and dumped: one initdb, not two (1.8 s
 * of CPU each).
 */
async function pgliteTemplates(dir: string, seedAt: Date) {
  const client = await PGlite.create(TEST_PGLITE_OPTIONS);
  try {
    const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
    await database.migrate();
    // A test shop never makes a database, so the data folder each one unpacks leaves out the template databases
    // (15 of its 43 MB).
    for (const template of ["template0", "template1"]) {
      await client.exec(`alter database ${template} is_template false`);
      await client.exec(`drop database ${template}`);
    }
    const empty = await dump(client, dir, "empty");
    await seedSampleShop(database.db, { now: seedAt, demoAccounts: true });
    return { empty, seeded: await dump(client, dir, "seeded") };
  } finally {
    await client.close();
  }
}

/** Runs `sql` on the server's maintenance connection (TEST_DATABASE_URL's server, its own database). */
async function onServer(base: string, sql: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL template database, migrated (and seeded), with no connection left to it (a copy needs none). */
async function postgresTemplate(base: string, name: string, seedAt: Date | null) {
  await onServer(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "", poolSize: 4 });
  try {
    await database.migrate();
    if (seedAt) await seedSampleShop(database.db, { now: seedAt, demoAccounts: true });
  } finally {
    await database.close();
  }
  // A closed connection's server process can outlive the close by a moment.
  for (let i = 0; i < 100; i++) {
    const busy = await onServer(base, `select 1 from pg_stat_activity where datname = '${name}'`);
    if (!busy.rowCount) return name;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`template database ${name} still has connections`);
}

export default async function setup(project: TestProject) {
  const seededAt = new Date();
  if (project.name === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("the postgres project needs TEST_DATABASE_URL");
    const prefix = `shop_template_${randomBytes(4).toString("hex")}`;
    const [seeded, empty] = await Promise.all([
      postgresTemplate(base, `${prefix}_seeded`, seededAt),
      postgresTemplate(base, `${prefix}_empty`, null),
    ]);
    project.provide("postgresTemplates", { seeded, empty, seededAt: seededAt.toISOString() });
    return async () => {
      for (const name of [seeded, empty])
        await onServer(base, `drop database if exists ${name} with (force)`);
    };
  }
  if (project.name !== "pglite") return;
  const dir = await mkdtemp(join(tmpdir(), "shop-test-"));
  const { seeded, empty } = await pgliteTemplates(dir, seededAt);
  project.provide("pgliteTemplates", { seeded, empty, seededAt: seededAt.toISOString() });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
