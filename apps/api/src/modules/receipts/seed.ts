/** The sample shop's e-NCF ranges (not DGII-authorised: a demo's numbers), so its delivered orders show receipts. */
import { dominicanDate } from "@shop/domain/fiscal";
import type { Db, Tx } from "../../db/client.ts";
import { receiptRanges } from "./tables.ts";

export async function seedSampleRanges(db: Db | Tx, now: Date): Promise<void> {
  // e-NCF sequences the DGII authorises expire at the end of the following year; the sample's do too.
  const expiresOn = `${Number(dominicanDate(now).slice(0, 4)) + 1}-12-31`;
  await db.insert(receiptRanges).values(
    (
      [
        ["E31", 1, 500],
        ["E32", 1, 10_000],
        ["E34", 1, 500],
      ] as const
    ).map(([type, firstNumber, lastNumber]) => ({
      type,
      firstNumber,
      lastNumber,
      nextNumber: firstNumber,
      expiresOn,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
