/**
 * Sending signed e-CFs to the DGII, after the receipt is issued and outside its transaction: every minute, in every
 * process, each receipt taken under its row lock (others skip it), then the state of those still in process asked.
 * On only when DGII_BASE_URL and the certificate are configured (decision 066).
 */
import { BUYER_ID_REQUIRED_FROM_DOP_CENTS } from "@shop/domain/fiscal";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.ts";
import { type DgiiClient, dgiiClient } from "./dgii.ts";
import { receipts } from "./tables.ts";

const IN_PROCESS = "En Proceso";
const SEND_EVERY_MS = 60 * 1000;

/**
 * A consumer invoice under RD$250,000 is not received one by one: it goes in the daily consumer-invoice summary
 * (RFCE), which the shop does not send yet. Every other receipt is sent.
 */
const sentOneByOne = or(
  sql`${receipts.type} <> 'E32'`,
  sql`(${receipts.document}->>'totalCents')::bigint >= ${BUYER_ID_REQUIRED_FROM_DOP_CENTS}`,
);

/** Sends what is waiting (a few at a time), then reads the states still in process. Answers how many of each. */
export async function sendPendingReceipts(
  db: Db,
  client: DgiiClient,
  now = new Date(),
  batch = 20,
): Promise<{ sent: number; checked: number }> {
  let sent = 0;
  for (let i = 0; i < batch; i++) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(receipts)
        .where(and(isNotNull(receipts.signedXml), isNull(receipts.dgiiTrackId), sentOneByOne))
        .orderBy(asc(receipts.issuedAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      const trackId = await client.send({
        issuerRnc: row.document.issuer.rnc,
        encf: row.encf,
        signedXml: row.signedXml!,
      });
      await tx
        .update(receipts)
        .set({ dgiiTrackId: trackId, dgiiStatus: IN_PROCESS, sentAt: now })
        .where(eq(receipts.id, row.id));
      return true;
    });
    if (!done) break;
    sent += 1;
  }
  const waiting = await db
    .select({ id: receipts.id, trackId: receipts.dgiiTrackId })
    .from(receipts)
    .where(and(isNotNull(receipts.dgiiTrackId), eq(receipts.dgiiStatus, IN_PROCESS)))
    .limit(batch);
  for (const row of waiting) {
    const status = await client.status(row.trackId!);
    await db.update(receipts).set({ dgiiStatus: status.estado }).where(eq(receipts.id, row.id));
  }
  return { sent, checked: waiting.length };
}

/** Starts sending in this process when the DGII is configured; nothing otherwise. */
export function sendReceipts(app: FastifyInstance): void {
  const settings = app.env.dgii;
  if (!settings) return;
  const client = dgiiClient({ baseUrl: settings.baseUrl, certificate: settings.certificate });
  const pass = async () => {
    try {
      const { sent, checked } = await sendPendingReceipts(app.db, client);
      if (sent || checked) app.log.info(`sent ${sent} e-CF to the DGII, read ${checked} states`);
    } catch (error) {
      app.log.error({ err: error }, "sending e-CF to the DGII failed; trying again in a minute");
    }
  };
  const timer = setInterval(pass, SEND_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  void pass();
}
