/**
 * Issuing receipts: a sale's (E31 with the buyer's RNC or cédula, E32 without) when the order is delivered, and a
 * refund's credit note (E34) naming the receipt it corrects. Each takes its e-NCF from a range inside the caller's
 * transaction, so the number and the receipt commit together or not at all.
 */
import { randomBytes } from "node:crypto";
import { saleReceiptType } from "@shop/domain/fiscal";
import { allocateCents, type ItbisRate, itbisIncludedCents } from "@shop/domain/itbis";
import { bigIntToSafeNumber, convertCents, roundHalfUpDiv } from "@shop/domain/money";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Conn, Tx } from "../../db/client.ts";
import type { Issuer } from "../../env.ts";
import { badRequest, conflict } from "../../http-errors.ts";
import type { ReceiptLine, StoredReceipt } from "./documents.ts";
import { ecfXml } from "./ecf.ts";
import { takeNumber } from "./ranges.ts";
import { type Certificate, securityCodeOf, signXml } from "./signing.ts";
import { orderFiscal, receipts } from "./tables.ts";

export type ReceiptRow = typeof receipts.$inferSelect;

/** The order's lines as its module hands them over, in the order's line order. */
export interface SaleInput {
  orderId: string;
  orderNumber: string;
  lines: readonly { title: string; sku: string; quantity: number }[];
  issuer: Issuer;
}

/**
 * Six characters the printed receipt and its QR link carry. The DGII takes them from the hash of the e-CF's
 * signature; while the shop signs nothing (no certificate configured), they are random.
 */
function securityCode(): string {
  return randomBytes(3).toString("hex").toUpperCase();
}

/**
 * The e-CF signed with the business's certificate, and the security code its signature gives; without a
 * certificate, no signed document and a random code.
 */
function signedFor(
  certificate: Certificate | undefined,
  number: { encf: string; expiresOn: string },
  document: StoredReceipt,
  now: Date,
): { xml: string | null; securityCode: string } {
  if (!certificate) return { xml: null, securityCode: securityCode() };
  const xml = signXml(
    ecfXml({ encf: number.encf, document, issuedAt: now, sequenceExpiresOn: number.expiresOn }),
    certificate,
  );
  return { xml, securityCode: securityCodeOf(xml) };
}

/**
 * Issues the order's sale receipt once; a second call answers the first receipt. An order placed before the shop
 * recorded ITBIS (before this module) has nothing to put on one: it gets none (null), and staff issue it by hand.
 */
export async function issueSaleReceipt(tx: Tx, input: SaleInput, now: Date): Promise<ReceiptRow | null> {
  const [existing] = await tx
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, input.orderId), inArray(receipts.type, ["E31", "E32"])));
  if (existing) return existing;
  const [fiscal] = await tx.select().from(orderFiscal).where(eq(orderFiscal.orderId, input.orderId));
  if (!fiscal) return null;
  const { dop } = fiscal.detail;
  const buyer = fiscal.buyerTaxId ? { taxId: fiscal.buyerTaxId, name: fiscal.buyerName ?? "" } : null;
  const type = saleReceiptType(buyer?.taxId ?? null);
  const lines: ReceiptLine[] = input.lines.map((line, i) => {
    const itbis = dop.lines[i]!;
    const totalCents = itbis.netCents + itbis.discountCents;
    return {
      title: line.title,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceCents: bigIntToSafeNumber(
        roundHalfUpDiv(BigInt(totalCents), BigInt(Math.max(line.quantity, 1))),
      ),
      lineTotalCents: totalCents,
      discountCents: itbis.discountCents,
      netCents: itbis.netCents,
      itbisRate: itbis.rate,
      itbisCents: itbis.itbisCents,
    };
  });
  const document: StoredReceipt = {
    type,
    // Who issued it, never the certificate's key.
    issuer: { rnc: input.issuer.rnc, name: input.issuer.name, address: input.issuer.address },
    orderNumber: input.orderNumber,
    buyer,
    lines,
    shipping: { netCents: dop.shipping.netCents, itbisCents: dop.shipping.itbisCents },
    byRate: dop.byRate,
    itbisCents: dop.itbisCents,
    totalCents: dop.totalCents,
    paidIn: {
      currency: fiscal.detail.currency,
      totalCents: fiscal.detail.inCurrency.totalCents,
      rate: fiscal.detail.rate,
    },
  };
  const number = await takeNumber(tx, type, now);
  const signed = signedFor(input.issuer.certificate, number, document, now);
  const [row] = await tx
    .insert(receipts)
    .values({
      orderId: input.orderId,
      type,
      encf: number.encf,
      rangeId: number.rangeId,
      document,
      securityCode: signed.securityCode,
      signedXml: signed.xml,
      accessKey: randomBytes(18).toString("base64url"),
      issuedAt: now,
    })
    .returning();
  return row!;
}

/**
 * Issues a credit note (E34) for a refund of `refundCents` (Dominican pesos cents, ITBIS included) against the
 * order's sale receipt: the amount is shared over the receipt's lines and shipping in proportion to what each cost,
 * and each rate's ITBIS is taken once from its part, as on the sale. Ready for the payments module's refunds.
 */
export async function issueCreditNote(
  tx: Tx,
  input: {
    orderId: string;
    refundCents: number;
    reason: string;
    /** The business's certificate, when sending to the DGII is configured: the note is signed as it is issued. */
    certificate?: Certificate | undefined;
  },
  now: Date,
): Promise<ReceiptRow> {
  const [sale] = await tx
    .select()
    .from(receipts)
    .where(and(eq(receipts.orderId, input.orderId), inArray(receipts.type, ["E31", "E32"])));
  if (!sale) throw conflict("This order has no receipt yet; a credit note corrects an issued receipt");
  const credited = await tx
    .select({ total: sql<string>`coalesce(sum((${receipts.document}->>'totalCents')::bigint), 0)` })
    .from(receipts)
    .where(and(eq(receipts.orderId, input.orderId), eq(receipts.type, "E34")));
  const already = Number(credited[0]?.total ?? 0);
  const doc = sale.document;
  if (!Number.isSafeInteger(input.refundCents) || input.refundCents <= 0) {
    throw badRequest("A refund is a positive amount of cents");
  }
  if (input.refundCents + already > doc.totalCents) {
    throw conflict(`Only ${doc.totalCents - already} cents of this receipt are left to credit`);
  }
  // What each line (and the shipping) is credited, in proportion to what it cost.
  const weights = [...doc.lines.map((l) => l.netCents), doc.shipping.netCents];
  const parts = allocateCents(input.refundCents, weights);
  const rates: ItbisRate[] = [...doc.lines.map((l) => l.itbisRate), 18];
  const byRate = ([18, 16, 0] as const)
    .map((rate) => {
      const gross = parts.reduce((sum, part, i) => (rates[i] === rate ? sum + part : sum), 0);
      const itbis = itbisIncludedCents(gross, rate);
      return { rate, grossCents: gross, baseCents: gross - itbis, itbisCents: itbis };
    })
    .filter((r) => r.grossCents > 0);
  const lineItbis = (i: number) => {
    const group = byRate.find((r) => r.rate === rates[i]);
    if (!group || group.grossCents === 0) return 0;
    const members = rates.map((r, k) => ({ r, k })).filter(({ r }) => r === rates[i]);
    const shares = allocateCents(
      group.itbisCents,
      members.map(({ k }) => parts[k]!),
    );
    return shares[members.findIndex(({ k }) => k === i)]!;
  };
  const lines: ReceiptLine[] = doc.lines
    .map((line, i) => ({
      ...line,
      unitPriceCents: parts[i]!,
      quantity: 1,
      lineTotalCents: parts[i]!,
      discountCents: 0,
      netCents: parts[i]!,
      itbisCents: lineItbis(i),
    }))
    .filter((line) => line.netCents > 0);
  const shippingIndex = doc.lines.length;
  const document: StoredReceipt = {
    ...doc,
    type: "E34",
    lines,
    shipping: { netCents: parts[shippingIndex]!, itbisCents: lineItbis(shippingIndex) },
    byRate,
    itbisCents: byRate.reduce((sum, r) => sum + r.itbisCents, 0),
    totalCents: input.refundCents,
    corrects: { encf: sale.encf, issuedAt: sale.issuedAt.toISOString(), reason: input.reason },
  };
  const number = await takeNumber(tx, "E34", now);
  const signed = signedFor(input.certificate, number, document, now);
  const [row] = await tx
    .insert(receipts)
    .values({
      orderId: input.orderId,
      type: "E34",
      encf: number.encf,
      rangeId: number.rangeId,
      correctsId: sale.id,
      document,
      securityCode: signed.securityCode,
      signedXml: signed.xml,
      accessKey: randomBytes(18).toString("base64url"),
      issuedAt: now,
    })
    .returning();
  return row!;
}

export async function receiptsOfOrders(db: Conn, orderIds: readonly string[]): Promise<ReceiptRow[]> {
  if (!orderIds.length) return [];
  return db
    .select()
    .from(receipts)
    .where(inArray(receipts.orderId, [...orderIds]));
}

/** A refund as the payments module records it: in the order's currency, at the order's rate (DOP per USD). */
export interface SettledRefund {
  orderId: string;
  amountCents: number;
  currency: string;
  rate: string | number;
  reason: string;
}

/**
 * The E34 that follows a refund of an order that has its receipt (decision 066): the refund in pesos at the order's
 * rate, never more than what is left of the receipt to credit. Null when the order has no receipt yet (a refund
 * before delivery: the receipt, when issued, is for what was sold).
 */
export async function creditRefund(tx: Tx, refund: SettledRefund, now: Date): Promise<ReceiptRow | null> {
  const [sale] = await tx
    .select({ totalCents: sql<string>`(${receipts.document}->>'totalCents')::bigint` })
    .from(receipts)
    .where(and(eq(receipts.orderId, refund.orderId), inArray(receipts.type, ["E31", "E32"])));
  if (!sale) return null;
  const [credited] = await tx
    .select({ total: sql<string>`coalesce(sum((${receipts.document}->>'totalCents')::bigint), 0)` })
    .from(receipts)
    .where(and(eq(receipts.orderId, refund.orderId), eq(receipts.type, "E34")));
  const left = Number(sale.totalCents) - Number(credited?.total ?? 0);
  const pesos =
    refund.currency === "DOP" ? refund.amountCents : convertCents(refund.amountCents, refund.rate);
  const cents = Math.min(pesos, left);
  if (cents <= 0) return null;
  return issueCreditNote(tx, { orderId: refund.orderId, refundCents: cents, reason: refund.reason }, now);
}
