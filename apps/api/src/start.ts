/** What a start does to the database before listening: seed an empty shop when allowed, the first admin, and the checks on demo accounts. */
import { sql } from "drizzle-orm";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { passwordRefusal } from "./modules/users/passwords.ts";
import { DEMO_ACCOUNTS, ensureFirstAdmin, seedIfEmpty, workingDemoAccounts } from "./seed/index.ts";

export interface StartLog {
  info(message: string): void;
  warn(message: string): void;
}

export class StartRefused extends Error {}

const isLoopback = (host: string) => ["localhost", "127.0.0.1", "::1"].includes(host.toLowerCase());

export interface Prepared {
  seeded: boolean;
  admin: "exists" | "created" | "promoted" | null;
  demoAccounts: string[];
}

/** Whether the role the API runs as owns the audit trail's table (and so could disable its triggers). */
async function apiOwnsAuditTrail(database: Database): Promise<boolean> {
  const result = await database.db.execute(
    sql`select tableowner = current_user as own from pg_tables where tablename = 'audit_log'`,
  );
  return (result as unknown as { rows: { own: boolean }[] }).rows[0]?.own === true;
}

export async function prepareDatabase(
  database: Database,
  env: Env,
  log: StartLog,
  now = new Date(),
): Promise<Prepared> {
  const production = env.NODE_ENV === "production";

  let seeded = false;
  if (env.SEED) {
    seeded = await seedIfEmpty(database.db, { now, demoAccounts: !production });
    log.info(
      seeded
        ? `Sample shop seeded into the empty database${production ? " (no demo accounts, no sample coupons: NODE_ENV=production)" : ""}`
        : "Sample shop not seeded: the database already has accounts or products",
    );
  } else {
    log.info(
      production
        ? "Sample shop not seeded: NODE_ENV=production (SEED=true seeds an empty database)"
        : "Sample shop not seeded: SEED=false",
    );
  }

  let admin: Prepared["admin"] = null;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    // The first admin's password meets the rules a shopper's does.
    const refusal = passwordRefusal(env.ADMIN_PASSWORD, env.ADMIN_EMAIL);
    if (refusal) throw new StartRefused(`ADMIN_PASSWORD: ${refusal}`);
    admin = await ensureFirstAdmin(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD, {
      promoteExisting: env.ADMIN_PROMOTE_EXISTING,
    });
    if (admin === "created") log.info(`First admin created: ${env.ADMIN_EMAIL}`);
    if (admin === "promoted")
      log.warn(`Existing account ${env.ADMIN_EMAIL} promoted to admin; its sessions ended`);
  }

  if (database.kind === "postgres" && (await apiOwnsAuditTrail(database))) {
    log.warn(
      "The API's database role owns audit_log, so it could rewrite the audit trail: run the API as a role of its own and the migrations as the owner (DATABASE_OWNER_URL, docs/operations.md)",
    );
  }

  const demoAccounts = await workingDemoAccounts(database.db);
  if (demoAccounts.length && production) {
    throw new StartRefused(
      `Demo accounts with their published passwords exist in this database (${demoAccounts.join(", ")}); they must never exist where NODE_ENV=production. Delete them or change their passwords, then start again.`,
    );
  }
  if (demoAccounts.length) {
    const logins = Object.values(DEMO_ACCOUNTS)
      .filter((account) => demoAccounts.includes(account.email))
      .map((account) => `${account.email} / ${account.password}`)
      .join("; ");
    const reach = isLoopback(env.HOST)
      ? `only this machine can reach it (HOST=${env.HOST})`
      : `HOST=${env.HOST}: ANYONE WHO CAN REACH THIS MACHINE CAN LOG IN AS ADMIN`;
    log.warn(`DEMO ACCOUNTS EXIST, with public passwords (${logins}); ${reach}. Not for a real shop.`);
  }
  return { seeded, admin, demoAccounts };
}
