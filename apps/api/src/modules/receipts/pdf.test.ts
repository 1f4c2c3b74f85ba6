// The receipt's PDF through the real API: the bytes the route sends, read back as text, carry what the printed
// receipt carries; only its link's key opens it.
import { inflateSync } from "node:zlib";
import { formatMoney } from "@shop/domain/currency";
import { receiptQrUrl } from "@shop/domain/fiscal";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { receipts } from "../../db/schema.ts";
import { receiptsTestShop } from "./test-shop.ts";

const t = receiptsTestShop();

/** An order of two placed by the shopper and taken to delivered by staff: it has its receipt. */
const delivered = async (extra: Record<string, unknown> = {}) => t.deliver((await t.place(extra, 2)).id);

/**
 * The text a PDF shows, read from its bytes: each content stream inflated (FlateDecode) and the strings of its
 * text operators (Tj, TJ) decoded. pdfkit writes the standard fonts' text as hex strings in WinAnsi (latin1 for
 * the letters a receipt uses); one line per text operator.
 */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  for (const m of raw.matchAll(/<<([\s\S]*?)>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf("endstream", start);
    let body = pdf.subarray(start, end);
    if (m[1]!.includes("/FlateDecode")) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream (a font or an image)
      }
    }
    const content = body.toString("latin1");
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hex = op[1] ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join("") : op[2]!;
      out.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return out.join("\n");
}

const dop = (amount: number) => formatMoney(Math.round(amount * 100), "DOP");

describe("a receipt's PDF", () => {
  it("is linked beside its printable page and carries the printed receipt's fields", async () => {
    const order = await delivered({ fiscal: { taxId: "001-1391820-5", name: "Juana Pérez" } });
    const receipt = order.receipt!;
    expect(receipt.type).toBe("E31");
    expect(receipt.pdfUrl).toBe(receipt.url.replace("/print?", "/pdf?"));

    // The shopper reads the same links on their order; staff on the receipts list.
    const mine = await t.shop.app.inject({
      method: "GET",
      url: `/api/orders/${order.id}`,
      headers: t.shopper.headers,
    });
    expect(mine.json().receipt).toEqual(receipt);
    const listed = await t.shop.app.inject({
      method: "GET",
      url: `/api/receipts?q=${receipt.encf}`,
      headers: t.admin.headers,
    });
    expect(listed.json()[0].pdfUrl).toBe(receipt.pdfUrl);

    const res = await t.shop.app.inject({ method: "GET", url: receipt.pdfUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${receipt.encf}.pdf"`);
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const text = pdfText(bytes);
    const [row] = await t.shop.database.db.select().from(receipts).where(eq(receipts.encf, receipt.encf));
    const doc = row!.document;
    for (const expected of [
      "Tienda de Ejemplo SRL",
      "RNC 999999992",
      doc.issuer.address,
      "Factura de Crédito Fiscal Electrónica",
      `e-NCF: ${receipt.encf}`,
      `Pedido ${order.orderNumber}`,
      "RNC/Cédula comprador: 00113918205",
      "Razón social comprador: Juana Pérez",
      doc.lines[0]!.sku,
      dop(order.itbis!.totalInCurrency),
      dop(order.totalsInCurrency.total),
      "Total ITBIS",
      "Monto total",
      row!.securityCode,
    ]) {
      expect(text).toContain(expected);
    }
    // Total and ITBIS sit on the lines that name them, as the printed receipt's totals do.
    const lines = text.split("\n");
    expect(lines[lines.indexOf("Monto total") + 1]).toBe(dop(order.totalsInCurrency.total));
    expect(lines[lines.indexOf("Total ITBIS") + 1]).toBe(dop(order.itbis!.totalInCurrency));

    // The QR code's link is the DGII's check of this receipt, as the printable page builds it.
    const qrUrl = receiptQrUrl({
      environment: t.shop.app.env.DGII_ENVIRONMENT,
      type: doc.type,
      issuerRnc: doc.issuer.rnc,
      buyerTaxId: doc.buyer?.taxId ?? null,
      encf: receipt.encf,
      issuedAt: row!.issuedAt,
      signedAt: row!.issuedAt,
      totalCents: doc.totalCents,
      securityCode: row!.securityCode,
    });
    expect(qrUrl).toContain("https://ecf.dgii.gov.do/testecf/consultatimbre?rncemisor=999999992");
    expect(bytes.toString("latin1")).toContain(`/URI (${qrUrl})`);
  });

  it("is refused to a stranger: without the key, or with a wrong one, it answers as no receipt does", async () => {
    const order = await delivered();
    const url = new URL(order.receipt!.pdfUrl, "http://x");
    const id = url.pathname.split("/")[3]!;
    const key = url.searchParams.get("key")!;
    const tries = [
      `/api/receipts/${id}/pdf`,
      `/api/receipts/${id}/pdf?key=`,
      `/api/receipts/${id}/pdf?key=${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`,
      `/api/receipts/00000000-0000-4000-8000-000000000000/pdf?key=${key}`,
      `/api/receipts/not-an-id/pdf?key=${key}`,
    ];
    for (const path of tries) {
      // Signed in or not, and staff too: only the link's key opens a receipt.
      for (const headers of [{}, t.shopper.headers, t.admin.headers]) {
        const res = await t.shop.app.inject({ method: "GET", url: path, headers });
        expect(res.statusCode, path).toBe(404);
        expect(res.json().message).toBe("Receipt not found");
      }
    }
  });
});
