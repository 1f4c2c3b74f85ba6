/**
 * e-NCF ranges: loaded by staff as the DGII authorised them (type, first and last number, expiry), and numbers
 * taken from them one at a time, under the range row's lock, inside the transaction that issues the receipt. A
 * number is used only if that transaction commits (a rollback gives it back), and two transactions can never take
 * the same one: none is skipped, none used twice, whatever the number of processes.
 */
import {
  dominicanDate,
  formatEncf,
  MAX_RECEIPT_SEQUENCE,
  numbersLeft,
  type RangeWarning,
  type ReceiptType,
  rangeWarning,
} from "@shop/domain/fiscal";
import { and, asc, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Conn, Db, Tx } from "../../db/client.ts";
import { badRequest, conflict } from "../../http-errors.ts";
import { receiptRanges } from "./tables.ts";

type RangeRow = typeof receiptRanges.$inferSelect;

export interface ReceiptRange {
  id: string;
  type: ReceiptType;
  firstNumber: number;
  lastNumber: number;
  nextNumber: number;
  expiresOn: string;
  numbersLeft: number;
  /** The first and last e-NCF of the range, as printed. */
  from: string;
  to: string;
  warning: RangeWarning | null;
  createdAt: string;
}

export function toRange(row: RangeRow, today: string): ReceiptRange {
  const state = { ...row, type: row.type as ReceiptType };
  return {
    id: row.id,
    type: state.type,
    firstNumber: row.firstNumber,
    lastNumber: row.lastNumber,
    nextNumber: row.nextNumber,
    expiresOn: row.expiresOn,
    numbersLeft: numbersLeft(state),
    from: formatEncf(state.type, row.firstNumber),
    to: formatEncf(state.type, row.lastNumber),
    warning: rangeWarning(state, today),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface RangeInput {
  type: ReceiptType;
  firstNumber: number;
  lastNumber: number;
  expiresOn: string;
}

/**
 * Loads a range. Refused (400) when it is back to front, past ten digits or already expired, and (409) when it
 * overlaps a range of the same type: every e-NCF is issued once. Ranges of one type are loaded one at a time.
 */
export async function loadRange(db: Db, input: RangeInput, now: Date): Promise<ReceiptRange> {
  const today = dominicanDate(now);
  if (input.firstNumber < 1 || input.lastNumber > MAX_RECEIPT_SEQUENCE) {
    throw badRequest(`The numbers of a range are 1 to ${MAX_RECEIPT_SEQUENCE} (ten digits)`);
  }
  if (input.firstNumber > input.lastNumber) {
    throw badRequest("lastNumber: the range must end at or after its first number");
  }
  if (input.expiresOn < today) throw badRequest(`expiresOn: the range expired on ${input.expiresOn}`);
  return db.transaction(async (tx) => {
    // One loader per type at a time, so two overlapping ranges cannot both pass the check below.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`receipt_ranges:${input.type}`}))`);
    const [overlap] = await tx
      .select()
      .from(receiptRanges)
      .where(
        and(
          eq(receiptRanges.type, input.type),
          lte(receiptRanges.firstNumber, input.lastNumber),
          gte(receiptRanges.lastNumber, input.firstNumber),
        ),
      )
      .limit(1);
    if (overlap) {
      throw conflict(
        `This range overlaps the loaded range ${formatEncf(input.type, overlap.firstNumber)} to ${formatEncf(input.type, overlap.lastNumber)}`,
        "RANGE_OVERLAP",
      );
    }
    const [row] = await tx
      .insert(receiptRanges)
      .values({ ...input, nextNumber: input.firstNumber, createdAt: now, updatedAt: now })
      .returning();
    return toRange(row!, today);
  });
}

export async function listRanges(db: Conn, now: Date, type?: ReceiptType): Promise<ReceiptRange[]> {
  const rows = await db
    .select()
    .from(receiptRanges)
    .where(type ? eq(receiptRanges.type, type) : undefined)
    .orderBy(asc(receiptRanges.type), desc(receiptRanges.expiresOn), desc(receiptRanges.firstNumber));
  const today = dominicanDate(now);
  return rows.map((r) => toRange(r, today));
}

export async function findRange(db: Conn, id: string, now: Date): Promise<ReceiptRange | undefined> {
  const [row] = await db.select().from(receiptRanges).where(eq(receiptRanges.id, id));
  return row ? toRange(row, dominicanDate(now)) : undefined;
}

/**
 * Takes the next number of a usable range of the type (numbers left, not expired; the one that expires first),
 * inside `tx`. The UPDATE locks the range's row: a second transaction waits for the first to commit or roll back,
 * then takes the number after the one taken (or this one again, after a rollback).
 */
export async function takeNumber(
  tx: Tx,
  type: ReceiptType,
  now: Date,
): Promise<{ rangeId: string; sequence: number; encf: string; expiresOn: string }> {
  const today = dominicanDate(now);
  // A range used up by the transaction we waited for: look again for the next one, a few times.
  for (let attempt = 0; attempt < 5; attempt++) {
    const [usable] = await tx
      .select({ id: receiptRanges.id, expiresOn: receiptRanges.expiresOn })
      .from(receiptRanges)
      .where(
        and(
          eq(receiptRanges.type, type),
          lte(receiptRanges.nextNumber, receiptRanges.lastNumber),
          gte(receiptRanges.expiresOn, today),
        ),
      )
      .orderBy(asc(receiptRanges.expiresOn), asc(receiptRanges.firstNumber))
      .limit(1);
    if (!usable) break;
    const [taken] = await tx
      .update(receiptRanges)
      .set({ nextNumber: sql`${receiptRanges.nextNumber} + 1`, updatedAt: now })
      .where(and(eq(receiptRanges.id, usable.id), lte(receiptRanges.nextNumber, receiptRanges.lastNumber)))
      .returning({ next: receiptRanges.nextNumber });
    if (taken) {
      const sequence = taken.next - 1;
      return { rangeId: usable.id, sequence, encf: formatEncf(type, sequence), expiresOn: usable.expiresOn };
    }
  }
  throw conflict(
    `No usable e-NCF range of type ${type}: load the range the DGII authorised in the back office (Receipt ranges)`,
    "NO_RECEIPT_RANGE",
  );
}
