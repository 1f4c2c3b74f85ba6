// The e-CF XML the shop builds, validated against the DGII's published schemas (e-CF 31, 32, 34 v1.0) with
// libxml2 (xmllint-wasm), for a consumer invoice, a tax-credit invoice and a credit note issued by the real code.
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { receiptRanges, receipts } from "../../db/schema.ts";
import { createTestShop, type TestShop } from "../../test/app.ts";
import { ecfXml } from "./ecf.ts";
import { issueCreditNote } from "./issue.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(async () => {
  await shop.close();
});

/**
 * The schema as published, but for one typo libxml2 refuses: e-CF 31 v1.0 names a type " IndicadorServicio...Type"
 * with a leading space (xsd/README.md). Nothing else is touched.
 */
const schema = (type: string) =>
  readFile(new URL(`./xsd/e-CF ${type.slice(1)} v.1.0.xsd`, import.meta.url)).then((b) => ({
    fileName: `e-CF ${type.slice(1)}.xsd`,
    contents: b
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .replace('name=" IndicadorServicioTodoIncluidoType"', 'name="IndicadorServicioTodoIncluidoType"'),
  }));

/** The signature the signing step adds where the schema requires it (xs:any after FechaHoraFirma). */
const withSignature = (xml: string) =>
  xml.replace("</ECF>", '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"/></ECF>');

async function xmlOf(row: typeof receipts.$inferSelect) {
  const [range] = await shop.database.db
    .select()
    .from(receiptRanges)
    .where(eq(receiptRanges.id, row.rangeId));
  return ecfXml({
    encf: row.encf,
    document: row.document,
    issuedAt: row.issuedAt,
    sequenceExpiresOn: range!.expiresOn,
  });
}

async function validate(type: string, xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "ecf.xml", contents: withSignature(xml) }],
    schema: [await schema(type)],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

describe("the e-CF XML", () => {
  it("of the sample shop's consumer and tax-credit invoices validates against the DGII's schemas", async () => {
    const rows = await shop.database.db.select().from(receipts);
    for (const type of ["E31", "E32"]) {
      const some = rows.filter((r) => r.type === type).slice(0, 5);
      expect(some.length, type).toBeGreaterThan(0);
      for (const row of some) {
        const xml = await xmlOf(row);
        expect(await validate(type, xml), `${row.encf}\n${xml}`).toEqual({ valid: true, errors: [] });
        // The fields a receipt needs, with this receipt's values.
        for (const part of [
          `<TipoeCF>${type.slice(1)}</TipoeCF>`,
          `<eNCF>${row.encf}</eNCF>`,
          `<RNCEmisor>${row.document.issuer.rnc}</RNCEmisor>`,
          "<IndicadorMontoGravado>1</IndicadorMontoGravado>",
          `<MontoTotal>${(row.document.totalCents / 100).toFixed(2)}</MontoTotal>`,
          "<FechaHoraFirma>",
        ]) {
          expect(xml).toContain(part);
        }
        if (type === "E31") {
          expect(xml).toContain(`<RNCComprador>${row.document.buyer!.taxId}</RNCComprador>`);
          expect(xml).toContain("<FechaVencimientoSecuencia>");
        }
        if (row.document.itbisCents > 0) {
          expect(xml).toContain(`<TotalITBIS>${(row.document.itbisCents / 100).toFixed(2)}</TotalITBIS>`);
        }
      }
    }
  });

  it("is refused by the schema when a required field is missing (the check can fail)", async () => {
    const [row] = await shop.database.db.select().from(receipts).where(eq(receipts.type, "E31")).limit(1);
    const xml = (await xmlOf(row!)).replace(/<RNCComprador>\d+<\/RNCComprador>/, "");
    const result = await validate("E31", xml);
    expect(result.valid).toBe(false);
    expect(result.errors.join("\n")).toContain("RazonSocialComprador");
  });

  it("of a credit note (E34) names the receipt it corrects and validates", async () => {
    const [sale] = await shop.database.db.select().from(receipts).where(eq(receipts.type, "E32")).limit(1);
    const refund = Math.min(sale!.document.totalCents, 1234);
    const note = await shop.database.db.transaction((tx) =>
      issueCreditNote(
        tx,
        { orderId: sale!.orderId, refundCents: refund, reason: "Devolución de un artículo" },
        new Date(),
      ),
    );
    expect(note.type).toBe("E34");
    expect(note.correctsId).toBe(sale!.id);
    expect(note.document.totalCents).toBe(refund);
    expect(note.document.byRate.reduce((s, r) => s + r.grossCents, 0)).toBe(refund);
    const xml = await xmlOf(note);
    expect(await validate("E34", xml), xml).toEqual({ valid: true, errors: [] });
    expect(xml).toContain(`<NCFModificado>${sale!.encf}</NCFModificado>`);
    expect(xml).toContain("<CodigoModificacion>3</CodigoModificacion>");
    // Never more than what the receipt charged, over all its notes.
    await expect(
      shop.database.db.transaction((tx) =>
        issueCreditNote(
          tx,
          { orderId: sale!.orderId, refundCents: sale!.document.totalCents, reason: "x" },
          new Date(),
        ),
      ),
    ).rejects.toThrow(/left to credit/);
  });
});
