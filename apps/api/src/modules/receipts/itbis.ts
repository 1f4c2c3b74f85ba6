/**
 * ITBIS in the API: each product's rate, and each order's ITBIS computed once (by @shop/domain) and recorded with
 * the order, in its transaction, with the buyer's fiscal data. The orders module calls recordOrderFiscal and
 * fiscalOfOrders; nothing else of it reaches into these tables.
 */
import type { CurrencyCode, ProductType } from "@shop/domain/constants";
import { BUYER_ID_REQUIRED_FROM_DOP_CENTS, fiscalMessages } from "@shop/domain/fiscal";
import {
  DEFAULT_ITBIS_RATE,
  type ItbisRate,
  isItbisRate,
  itbisOfOrder,
  type OrderItbis,
} from "@shop/domain/itbis";
import { fromCents } from "@shop/domain/money";
import { type ConvertedTotals, convertTotals, type OrderTotals } from "@shop/domain/pricing";
import type { OrderItbisSummary } from "@shop/domain/schemas/public";
import { and, inArray } from "drizzle-orm";
import type { Conn, Tx } from "../../db/client.ts";
import { badRequest } from "../../http-errors.ts";
import type { StoredOrderItbis } from "./documents.ts";
import { orderFiscal, productItbisRates, receipts } from "./tables.ts";

/** Each product's rate; products without one are at the general rate. */
export async function ratesOf(db: Conn, productIds: readonly string[]): Promise<Map<string, ItbisRate>> {
  const ids = [...new Set(productIds)];
  const rows = ids.length
    ? await db.select().from(productItbisRates).where(inArray(productItbisRates.productId, ids))
    : [];
  const known = new Map(rows.map((r) => [r.productId, r.rate]));
  return new Map(
    ids.map((id) => {
      const rate = known.get(id);
      return [id, isItbisRate(rate) ? rate : DEFAULT_ITBIS_RATE];
    }),
  );
}

export interface OrderFiscalInput {
  orderId: string;
  lines: readonly { productId: string; productType: ProductType }[];
  totals: OrderTotals;
  converted: ConvertedTotals;
  currency: CurrencyCode;
  /** The order's exchange rate as 4-decimal text. */
  rate: string;
  couponProductType: ProductType | null;
  buyer: { taxId: string; name: string } | null;
}

/**
 * Computes the order's ITBIS once and records it beside the order with the buyer, inside the order's transaction.
 * Refuses (400, the whole order with it) a sale of RD$250,000 or more that names no buyer.
 */
export async function recordOrderFiscal(tx: Tx, input: OrderFiscalInput): Promise<void> {
  const rates = await ratesOf(
    tx,
    input.lines.map((l) => l.productId),
  );
  const lineRates = input.lines.map((l) => rates.get(l.productId)!);
  const { usd, inCurrency } = itbisOfOrder({
    totals: input.totals,
    converted: input.converted,
    rates: lineRates,
    couponProductType: input.couponProductType,
  });
  const dop =
    input.currency === "DOP"
      ? inCurrency
      : itbisOfOrder({
          totals: input.totals,
          converted: convertTotals(input.totals, "DOP", input.rate),
          rates: lineRates,
          couponProductType: input.couponProductType,
        }).inCurrency;
  if (!input.buyer && dop.totalCents >= BUYER_ID_REQUIRED_FROM_DOP_CENTS) {
    throw badRequest(`body.fiscal: ${fiscalMessages.buyerIdRequired}`, "BUYER_ID_REQUIRED");
  }
  const detail: StoredOrderItbis = {
    currency: input.currency,
    rate: input.rate,
    rates: lineRates,
    usd,
    inCurrency,
    dop,
  };
  await tx.insert(orderFiscal).values({
    orderId: input.orderId,
    itbisCents: usd.itbisCents,
    currencyItbisCents: inCurrency.itbisCents,
    detail,
    buyerTaxId: input.buyer?.taxId ?? null,
    buyerName: input.buyer?.name ?? null,
  });
}

function summary(usd: OrderItbis, inCurrency: OrderItbis): OrderItbisSummary {
  return {
    total: fromCents(usd.itbisCents),
    totalInCurrency: fromCents(inCurrency.itbisCents),
    byRate: inCurrency.byRate.map((r) => ({
      rate: r.rate,
      gross: fromCents(r.grossCents),
      base: fromCents(r.baseCents),
      itbis: fromCents(r.itbisCents),
    })),
  };
}

export interface OrderFiscalView {
  itbis: OrderItbisSummary;
  fiscal: { taxId: string; name: string } | null;
  /** The sale's receipt once issued, with its printable page's link and its PDF's. */
  receipt: { type: string; encf: string; url: string; pdfUrl: string } | null;
}

/** The printable page of a receipt: its id and its unguessable key (docs/security.md). */
export const receiptPageUrl = (receipt: { id: string; accessKey: string }) =>
  `/api/receipts/${receipt.id}/print?key=${receipt.accessKey}`;

/** The same receipt as a PDF to download, behind the same key. */
export const receiptPdfUrl = (receipt: { id: string; accessKey: string }) =>
  `/api/receipts/${receipt.id}/pdf?key=${receipt.accessKey}`;

/** The ITBIS and buyer of each order that has them (orders placed before the shop recorded ITBIS have none). */
export async function fiscalOfOrders(
  db: Conn,
  orderIds: readonly string[],
): Promise<Map<string, OrderFiscalView>> {
  if (!orderIds.length) return new Map();
  const [rows, issued] = await Promise.all([
    db
      .select()
      .from(orderFiscal)
      .where(inArray(orderFiscal.orderId, [...orderIds])),
    db
      .select({
        id: receipts.id,
        orderId: receipts.orderId,
        type: receipts.type,
        encf: receipts.encf,
        accessKey: receipts.accessKey,
      })
      .from(receipts)
      .where(and(inArray(receipts.orderId, [...orderIds]), inArray(receipts.type, ["E31", "E32"]))),
  ]);
  const sale = new Map(issued.map((r) => [r.orderId, r]));
  return new Map(
    rows.map((r) => [
      r.orderId,
      {
        itbis: summary(r.detail.usd, r.detail.inCurrency),
        fiscal: r.buyerTaxId ? { taxId: r.buyerTaxId, name: r.buyerName ?? "" } : null,
        receipt: (() => {
          const receipt = sale.get(r.orderId);
          return receipt
            ? {
                type: receipt.type,
                encf: receipt.encf,
                url: receiptPageUrl(receipt),
                pdfUrl: receiptPdfUrl(receipt),
              }
            : null;
        })(),
      },
    ]),
  );
}
