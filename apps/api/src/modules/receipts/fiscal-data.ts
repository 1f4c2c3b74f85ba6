/**
 * The business's fiscal data (RNC, legal name, address) that new receipts name: as an admin saved it in the back
 * office, or else the ISSUER_* settings (the sample issuer outside production). A receipt copies it into its
 * document when issued, so a later change leaves the receipts already issued as they were.
 */
import { eq } from "drizzle-orm";
import type { Conn, Tx } from "../../db/client.ts";
import { type Env, type Issuer, SAMPLE_ISSUER } from "../../env.ts";
import { fiscalData } from "./tables.ts";

/** Where the data new receipts carry comes from: the back office, the settings, the sample shop, or nowhere. */
export type FiscalDataSource = "saved" | "settings" | "sample" | "none";

export interface FiscalDataView {
  rnc: string;
  name: string;
  address: string;
  source: FiscalDataSource;
  /** When an admin last saved it; null while the settings stand. */
  updatedAt: string | null;
}

export interface FiscalDataInput {
  rnc: string;
  name: string;
  address: string;
}

type IssuerSettings = Pick<Env, "issuer" | "dgii" | "ISSUER_RNC">;

/** The saved row, if any; `share` holds it against a save until the caller's transaction ends. */
async function saved(db: Conn, lock?: "share") {
  const query = db.select().from(fiscalData).where(eq(fiscalData.id, 1));
  const [row] = await (lock ? query.for(lock) : query);
  return row ?? null;
}

/** The fiscal data as the back office shows it: the saved record, or the settings that stand in for it. */
export async function readFiscalData(db: Conn, env: IssuerSettings): Promise<FiscalDataView> {
  const row = await saved(db);
  if (row) {
    return {
      rnc: row.rnc,
      name: row.name,
      address: row.address,
      source: "saved",
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const issuer = env.issuer;
  return {
    rnc: issuer?.rnc ?? "",
    name: issuer?.name ?? "",
    address: issuer?.address ?? "",
    source: env.ISSUER_RNC ? "settings" : issuer === SAMPLE_ISSUER ? "sample" : "none",
    updatedAt: null,
  };
}

/**
 * Who issues the receipt of an order delivered now: the saved data, with the settings' certificate when sending
 * is configured; or the settings' issuer; null when neither is there (receipts are off). Read in the delivery's
 * transaction, under a share lock: a save of the fiscal data under way is waited for, so the receipt names what is
 * saved when it is issued, and the data cannot change until the receipt is in (decision 069).
 */
export async function currentIssuer(tx: Tx, env: IssuerSettings): Promise<Issuer | null> {
  const row = await saved(tx, "share");
  if (!row) return env.issuer;
  const certificate = env.issuer?.certificate ?? env.dgii?.certificate;
  return { rnc: row.rnc, name: row.name, address: row.address, ...(certificate ? { certificate } : {}) };
}

/** Saves the fiscal data (the one row) and answers what it was before, for the audit trail. */
export async function saveFiscalData(
  tx: Tx,
  input: FiscalDataInput,
  env: IssuerSettings,
  now: Date,
): Promise<{ before: FiscalDataView; after: FiscalDataView }> {
  const before = await readFiscalData(tx, env);
  await tx
    .insert(fiscalData)
    .values({ id: 1, ...input, updatedAt: now })
    .onConflictDoUpdate({ target: fiscalData.id, set: { ...input, updatedAt: now } });
  return { before, after: await readFiscalData(tx, env) };
}
