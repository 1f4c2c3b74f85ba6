/** Runs once per test run: migrates (and seeds) one PGlite, and leaves its data folder as a tarball every test file starts from. */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seedSampleShop } from "../seed/index.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: { seeded: string; empty: string; seededAt: string };
  }
}

async function dump(dir: string, name: string, seedAt: Date | null) {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const database = await openDatabase({ url: "memory:", dataDir: "", pglite: client });
  await database.migrate();
  if (seedAt) await seedSampleShop(database.db, { now: seedAt, demoAccounts: true });
  const file = join(dir, `${name}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  return file;
}

export default async function setup(project: TestProject) {
  if (project.name !== "pglite") return;
  const dir = await mkdtemp(join(tmpdir(), "shop-test-"));
  const seededAt = new Date();
  const [seeded, empty] = await Promise.all([dump(dir, "seeded", seededAt), dump(dir, "empty", null)]);
  project.provide("pgliteTemplates", { seeded, empty, seededAt: seededAt.toISOString() });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
