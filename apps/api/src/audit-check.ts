/**
 * `pnpm check:audit`: walks the audit trail's chain of hashes in the shop's database (DATABASE_URL, or the PGlite
 * in DATA_DIR, which only one process may open: stop the shop first) and says whether it holds; exits 1 when it
 * breaks, naming the first entry where it does (docs/decisions/045-audit-chain.md).
 */
import { pathToFileURL } from "node:url";
import { type Database, openDatabase } from "./db/client.ts";
import { type Env, loadEnv } from "./env.ts";
import { verifyChain } from "./modules/audit/chain.ts";
import { auditChainKey } from "./modules/audit/record.ts";

export async function auditCheck(database: Database, env: Env): Promise<{ code: 0 | 1; message: string }> {
  const report = await verifyChain(database.db, auditChainKey(env));
  if (report.intact) {
    return { code: 0, message: `The audit trail holds: ${report.entries} entries, every one in its place.` };
  }
  const at = report.broken!;
  return {
    code: 1,
    message: `The audit trail is broken at entry ${at.seq ?? "(before the chain)"} (id ${at.id}, ${at.at}): ${at.reason}. ${report.entries} entries before it hold.`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = loadEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    const { code, message } = await auditCheck(database, env);
    console[code ? "error" : "log"](message);
    process.exitCode = code;
  } finally {
    await database.close();
  }
}
