/**
 * Receipts: each product's ITBIS rate, the e-NCF ranges and the receipts issued (admin); a receipt's printable page
 * and PDF for whoever holds its link (the shopper's order page and mails, staff).
 */

import { timingSafeEqual } from "node:crypto";
import { dominicanDate, RECEIPT_TYPES, type ReceiptType, receiptQrUrl } from "@shop/domain/fiscal";
import { ITBIS_RATES } from "@shop/domain/itbis";
import { fromCents } from "@shop/domain/money";
import { idParamsSchema, taxIdSchema } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, gte, like, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http-errors.ts";
import { filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { pgCode } from "../../plugins/errors.ts";
import { recordAudit } from "../audit/record.ts";
import { ecfXml } from "./ecf.ts";
import { readFiscalData, saveFiscalData } from "./fiscal-data.ts";
import { ratesOf, receiptPageUrl, receiptPdfUrl } from "./itbis.ts";
import { receiptPdf } from "./pdf.ts";
import { type PrintableReceipt, receiptPage } from "./print.ts";
import { findRange, listRanges, loadRange } from "./ranges.ts";
import { monthSummary } from "./summary.ts";
import { productItbisRates, receiptRanges, receipts } from "./tables.ts";

const bearer = [{ bearer: [] }];
const itbisRateSchema = z.object({ id: z.string(), rate: z.number().int() });
const itbisRateBody = z.object({
  rate: z.union(
    ITBIS_RATES.map((r) => z.literal(r)),
    { error: `must be one of ${ITBIS_RATES.join(", ")} (percent; 0 is exempt)` },
  ),
});

const receiptType = z.enum(RECEIPT_TYPES, "must be E31, E32 or E34");
const rangeWarningSchema = z
  .object({
    kind: z.enum(["used-up", "expired", "running-out", "expiring"]),
    numbersLeft: z.number().int().optional(),
    daysLeft: z.number().int().optional(),
  })
  .nullable();
const rangeSchema = z.object({
  id: z.string(),
  type: z.string(),
  firstNumber: z.number().int(),
  lastNumber: z.number().int(),
  nextNumber: z.number().int(),
  expiresOn: z.string(),
  numbersLeft: z.number().int(),
  from: z.string(),
  to: z.string(),
  warning: rangeWarningSchema,
  createdAt: z.string(),
});
const rangeBody = z.object({
  type: receiptType,
  firstNumber: z.number().int().min(1).max(9_999_999_999),
  lastNumber: z.number().int().min(1).max(9_999_999_999),
  expiresOn: z.iso.date("must be a date such as 2027-12-31"),
});
const receiptListItem = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  type: z.string(),
  encf: z.string(),
  buyerTaxId: z.string().nullable(),
  buyerName: z.string().nullable(),
  /** In Dominican pesos, ITBIS included; the ITBIS inside. */
  total: z.number(),
  itbis: z.number(),
  corrects: z.string().nullable(),
  issuedAt: z.string(),
  url: z.string(),
  /** The same receipt as a PDF to download. */
  pdfUrl: z.string(),
  /** The DGII's state once sent ("Aceptado", "Rechazado"…); null while not sent. */
  dgiiStatus: z.string().nullable(),
});

const fiscalDataSchema = z.object({
  /** "issuer": the one record, so that the back office can read and save it as any other. */
  id: z.literal("issuer"),
  rnc: z.string(),
  name: z.string(),
  address: z.string(),
  /** saved: an admin saved it; settings: the ISSUER_* settings stand; sample: the sample shop's; none: receipts off. */
  source: z.enum(["saved", "settings", "sample", "none"]),
  updatedAt: z.string().nullable(),
});
// The e-CF's RazonSocialEmisor holds 150 characters and its DireccionEmisor 100: what is saved fits the receipt.
const fiscalDataBody = z.object({
  rnc: taxIdSchema,
  name: z
    .string()
    .trim()
    .min(2, "Give the business's legal name as the DGII knows it")
    .max(150, "The legal name holds at most 150 characters"),
  address: z
    .string()
    .trim()
    .min(5, "Give the business's address as the DGII knows it")
    .max(100, "The address holds at most 100 characters"),
});

/** Two keys compared in constant time, so a receipt's key cannot be guessed a character at a time. */
function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export default async function receiptRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/receipt-ranges",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "The e-NCF ranges loaded, with the numbers left and a warning before one runs out or expires",
        security: bearer,
        querystring: listQuerySchema.extend({ type: receiptType.optional() }),
        response: { 200: z.array(rangeSchema) },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: ["type", "expiresOn"], defaultPageSize: 50 });
      const type = request.query.type ?? filterValue(list.filter, "type", receiptType);
      const all = await listRanges(app.db, new Date(), type as ReceiptType | undefined);
      return sendList(reply, all.slice(list.offset, list.offset + list.pageSize), all.length, list);
    },
  );

  r.get(
    "/receipt-ranges/:id",
    {
      schema: {
        tags: ["receipts"],
        security: bearer,
        params: idParamsSchema,
        response: { 200: rangeSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const range = await findRange(app.db, request.params.id, new Date());
      if (!range) throw notFound("Receipt range");
      return range;
    },
  );

  r.post(
    "/receipt-ranges",
    {
      schema: {
        tags: ["receipts"],
        summary: "Load an e-NCF range the DGII authorised: its type, first and last number, and expiry date",
        security: bearer,
        body: rangeBody,
        response: { 201: rangeSchema },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const range = await loadRange(app.db, request.body, new Date());
      await recordAudit(app.db, request, {
        action: "receipt-range.create",
        entity: "receipt-range",
        entityId: range.id,
        before: null,
        after: {
          type: range.type,
          firstNumber: range.firstNumber,
          lastNumber: range.lastNumber,
          nextNumber: range.nextNumber,
          expiresOn: range.expiresOn,
        },
      });
      reply.status(201);
      return range;
    },
  );

  r.get(
    "/fiscal-data",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "The business's fiscal data new receipts name (RNC, legal name, address): as saved, or the ISSUER_* settings",
        security: bearer,
        response: { 200: fiscalDataSchema },
      },
      config: { access: "admin" },
    },
    async () => ({ id: "issuer" as const, ...(await readFiscalData(app.db, app.env)) }),
  );

  r.put(
    "/fiscal-data",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "Save the business's fiscal data: receipts issued from now on name it; those issued keep what they name",
        security: bearer,
        body: fiscalDataBody,
        response: { 200: fiscalDataSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      return await app.db.transaction(async (tx) => {
        const { before, after } = await saveFiscalData(tx, request.body, app.env, new Date());
        const fields = (v: typeof before) => ({ rnc: v.rnc, name: v.name, address: v.address });
        await recordAudit(tx, request, {
          action: "fiscal-data.update",
          entity: "fiscal-data",
          entityId: "issuer",
          before: before.source === "saved" ? fields(before) : { ...fields(before), source: before.source },
          after: fields(after),
        });
        return { id: "issuer" as const, ...after };
      });
    },
  );

  r.get(
    "/receipts",
    {
      schema: {
        tags: ["receipts"],
        summary: "The receipts issued, newest first; filter by type, e-NCF or order number, and dates",
        security: bearer,
        querystring: listQuerySchema.extend({
          type: receiptType.optional(),
          q: z.string().max(40).optional(),
          from: z.iso.date().optional(),
          to: z.iso.date().optional(),
        }),
        response: { 200: z.array(receiptListItem) },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const q = request.query;
      const list = parseListQuery(q, { sortFields: ["issuedAt", "encf"], defaultPageSize: 25 });
      const where: SQL[] = [];
      const type = q.type ?? filterValue(list.filter, "type", receiptType);
      if (type) where.push(eq(receipts.type, type));
      const text = (q.q ?? filterValue(list.filter, "q", z.string().max(40)))?.trim().toUpperCase();
      if (text) {
        where.push(
          /^\d+$/.test(text)
            ? sql`(${receipts.document}->>'orderNumber') = ${text}`
            : like(receipts.encf, `${text.replace(/[%_\\]/g, "")}%`),
        );
      }
      // Dates in Santo Domingo: the day starts at 04:00 UTC.
      const from = q.from ?? filterValue(list.filter, "from", z.iso.date());
      const to = q.to ?? filterValue(list.filter, "to", z.iso.date());
      if (from) where.push(gte(receipts.issuedAt, new Date(`${from}T04:00:00Z`)));
      if (to) where.push(lt(receipts.issuedAt, new Date(Date.parse(`${to}T04:00:00Z`) + 86_400_000)));
      const condition = where.length ? and(...where) : undefined;
      const byEncf = list.sort?.field === "encf";
      const order = list.sort?.order === "asc" ? asc : desc;
      const rows = await app.db
        .select()
        .from(receipts)
        .where(condition)
        .orderBy(order(byEncf ? receipts.encf : receipts.issuedAt), desc(receipts.encf))
        .limit(list.pageSize)
        .offset(list.offset);
      const [total] = await app.db.select({ n: count() }).from(receipts).where(condition);
      return sendList(
        reply,
        rows.map((row) => ({
          id: row.id,
          orderId: row.orderId,
          orderNumber: row.document.orderNumber,
          type: row.type,
          encf: row.encf,
          buyerTaxId: row.document.buyer?.taxId ?? null,
          buyerName: row.document.buyer?.name ?? null,
          total: fromCents(row.document.totalCents),
          itbis: fromCents(row.document.itbisCents),
          corrects: row.document.corrects?.encf ?? null,
          issuedAt: row.issuedAt.toISOString(),
          url: receiptPageUrl(row),
          pdfUrl: receiptPdfUrl(row),
          dgiiStatus: row.dgiiStatus,
        })),
        total?.n ?? 0,
        list,
      );
    },
  );

  r.get(
    "/receipts/summary",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "A month's receipts in figures: sales and credit notes by type, ITBIS by rate net of credit notes",
        security: bearer,
        querystring: z.object({
          month: z
            .string()
            .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month such as 2026-11")
            .optional(),
        }),
        response: {
          200: z.object({
            month: z.string(),
            byType: z.array(
              z.object({ type: z.string(), count: z.number().int(), total: z.number(), itbis: z.number() }),
            ),
            byRate: z.array(
              z.object({ rate: z.number().int(), base: z.number(), itbis: z.number(), gross: z.number() }),
            ),
            total: z.number(),
            itbis: z.number(),
          }),
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const month = request.query.month ?? dominicanDate(new Date()).slice(0, 7);
      const s = await monthSummary(app.db, month);
      return {
        month: s.month,
        byType: s.byType.map((t) => ({
          type: t.type,
          count: t.count,
          total: fromCents(t.totalCents),
          itbis: fromCents(t.itbisCents),
        })),
        byRate: s.byRate.map((r) => ({
          rate: r.rate,
          base: fromCents(r.baseCents),
          itbis: fromCents(r.itbisCents),
          gross: fromCents(r.grossCents),
        })),
        total: fromCents(s.totalCents),
        itbis: fromCents(s.itbisCents),
      };
    },
  );

  r.get(
    "/receipts/:id/xml",
    {
      schema: {
        tags: ["receipts"],
        summary: "A receipt's e-CF XML as the DGII's schema orders it, before its signature (admin)",
        security: bearer,
        params: idParamsSchema,
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ receipt: receipts, expiresOn: receiptRanges.expiresOn })
        .from(receipts)
        .innerJoin(receiptRanges, eq(receiptRanges.id, receipts.rangeId))
        .where(eq(receipts.id, request.params.id));
      if (!row) throw notFound("Receipt");
      reply
        .type("application/xml; charset=utf-8")
        .header("content-disposition", `attachment; filename="${row.receipt.encf}.xml"`);
      return ecfXml({
        encf: row.receipt.encf,
        document: row.receipt.document,
        issuedAt: row.receipt.issuedAt,
        sequenceExpiresOn: row.expiresOn,
      });
    },
  );

  /**
   * The receipt behind a printable link, as its page and its PDF show it; without the right key, 404 as for no
   * receipt. The link is handed to the order's owner (order page, mails), a guest (the order's mail) and staff.
   */
  async function printableReceipt(id: string, key: string | undefined): Promise<PrintableReceipt> {
    const [row] = /^[0-9a-f-]{36}$/i.test(id)
      ? await app.db
          .select({ receipt: receipts, expiresOn: receiptRanges.expiresOn })
          .from(receipts)
          .innerJoin(receiptRanges, eq(receiptRanges.id, receipts.rangeId))
          .where(eq(receipts.id, id))
      : [];
    if (!row || !sameKey(key ?? "", row.receipt.accessKey)) throw notFound("Receipt");
    const { receipt } = row;
    const doc = receipt.document;
    return {
      encf: receipt.encf,
      document: doc,
      securityCode: receipt.securityCode,
      issuedAt: receipt.issuedAt,
      sequenceExpiresOn: row.expiresOn,
      qrUrl: receiptQrUrl({
        environment: app.env.DGII_ENVIRONMENT,
        type: doc.type,
        issuerRnc: doc.issuer.rnc,
        buyerTaxId: doc.buyer?.taxId ?? null,
        encf: receipt.encf,
        issuedAt: receipt.issuedAt,
        signedAt: receipt.issuedAt,
        totalCents: doc.totalCents,
        securityCode: receipt.securityCode,
      }),
    };
  }

  /** Whoever holds the link sees it; no shared cache keeps it, no search engine lists it, no referrer carries it. */
  const privately = (reply: FastifyReply) =>
    reply
      .header("cache-control", "private, no-store")
      .header("x-robots-tag", "noindex")
      .header("referrer-policy", "no-referrer");

  r.get(
    "/receipts/:id/print",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "A receipt's printable page, for whoever holds its link (its key); without the right key, 404 as for no receipt",
        params: idParamsSchema,
        querystring: z.object({ key: z.string().max(100).optional() }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const page = receiptPage(await printableReceipt(request.params.id, request.query.key));
      privately(reply).type("text/html; charset=utf-8");
      return page;
    },
  );

  r.get(
    "/receipts/:id/pdf",
    {
      schema: {
        tags: ["receipts"],
        summary:
          "A receipt as a PDF to download, for whoever holds its printable link's key; without the right key, 404 as for no receipt",
        params: idParamsSchema,
        querystring: z.object({ key: z.string().max(100).optional() }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const receipt = await printableReceipt(request.params.id, request.query.key);
      const pdf = await receiptPdf(receipt);
      privately(reply)
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${receipt.encf}.pdf"`);
      return pdf;
    },
  );

  r.get(
    "/itbis-rates/:id",
    {
      schema: {
        tags: ["receipts"],
        summary: "A product's ITBIS rate in percent (18 unless set; 0 is exempt)",
        security: bearer,
        params: idParamsSchema,
        response: { 200: itbisRateSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const { id } = request.params;
      return { id, rate: (await ratesOf(app.db, [id])).get(id)! };
    },
  );

  r.put(
    "/itbis-rates/:id",
    {
      schema: {
        tags: ["receipts"],
        summary: "Set a product's ITBIS rate: 18, 16 or 0 (exempt); its price keeps including it",
        security: bearer,
        params: idParamsSchema,
        body: itbisRateBody,
        response: { 200: itbisRateSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const { id } = request.params;
      const { rate } = request.body;
      try {
        return await app.db.transaction(async (tx) => {
          const before = (await ratesOf(tx, [id])).get(id)!;
          await tx
            .insert(productItbisRates)
            .values({ productId: id, rate })
            .onConflictDoUpdate({
              target: productItbisRates.productId,
              set: { rate, updatedAt: sql`now()` },
            });
          if (before !== rate) {
            await recordAudit(tx, request, {
              action: "product.itbis-rate",
              entity: "product",
              entityId: id,
              before: { itbisRate: before },
              after: { itbisRate: rate },
            });
          }
          return { id, rate };
        });
      } catch (error) {
        // The product is not there (a foreign key refused it).
        if (pgCode(error) === "23503") throw notFound("Product");
        throw error;
      }
    },
  );
}
