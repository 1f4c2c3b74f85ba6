/**
 * The receipt as a PDF to download (decision 069): the same fields as the printable page (print.ts) — the issuer's
 * RNC, name and address, the e-NCF and its sequence's expiry, the buyer (E31), the lines with their ITBIS, the totals
 * by rate, the QR code linking to the DGII's check and the security code — drawn by pdfkit on one A4 sheet, in
 * Spanish, with the standard Helvetica (no font file to ship; WinAnsi covers Spanish).
 */
import { formatMoney } from "@shop/domain/currency";
import { dgiiDate, dgiiDateTime, receiptTypeNames } from "@shop/domain/fiscal";
import PDFDocument from "pdfkit";
import { encode } from "uqr";
import type { PrintableReceipt } from "./print.ts";

const dop = (cents: number) => formatMoney(cents, "DOP");
const rateLabel = (rate: number) => (rate === 0 ? "E" : `${rate}%`);
const INK = "#1f2430";
const MUTED = "#4a5262";
const RULE = "#d5d9e0";

/** The totals in the order the printable page lists them: amounts by rate, ITBIS by rate, total ITBIS, total. */
function totalsOf(d: PrintableReceipt["document"]): [string, string][] {
  return [
    ...d.byRate.map((r): [string, string] => [
      r.rate === 0 ? "Monto exento" : `Monto gravado ${r.rate}%`,
      dop(r.rate === 0 ? r.grossCents : r.baseCents),
    ]),
    ...d.byRate
      .filter((r) => r.rate > 0)
      .map((r): [string, string] => [`ITBIS ${r.rate}%`, dop(r.itbisCents)]),
    ["Total ITBIS", dop(d.itbisCents)],
    ["Monto total", dop(d.totalCents)],
  ];
}

/**
 * The receipt's PDF. `compress: false` writes the page's drawing instructions as plain text (tests read it);
 * the route sends it compressed.
 */
export function receiptPdf(receipt: PrintableReceipt, options: { compress?: boolean } = {}): Promise<Buffer> {
  const d = receipt.document;
  const title = `${receiptTypeNames[d.type]} ${receipt.encf}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: 40,
    compress: options.compress ?? true,
    lang: "es-DO",
    displayTitle: true,
    info: { Title: title, Author: d.issuer.name, Subject: `Pedido ${d.orderNumber}`, Creator: "Shop" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  /** A new page when the block about to be drawn (`height` points) would not fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const half = width / 2 - 8;
  const [year, month, day] = receipt.sequenceExpiresOn.split("-");

  // Header: the issuer on the left, the receipt's type and number on the right.
  const top = doc.y;
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(14).text(d.issuer.name, left, top, { width: half });
  doc.font("Helvetica").fontSize(10).text(`RNC ${d.issuer.rnc}`, { width: half });
  if (d.issuer.address) doc.text(d.issuer.address, { width: half });
  const leftBottom = doc.y;
  const right = { width: half, align: "right" as const };
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(receiptTypeNames[d.type], left + width - half, top, right);
  doc.font("Helvetica").fontSize(10).text(`e-NCF: ${receipt.encf}`, right);
  doc.text(`Fecha de emisión: ${dgiiDate(receipt.issuedAt)}`, right);
  doc.text(`Válida hasta: ${day}-${month}-${year}`, right);
  doc.text(`Pedido ${d.orderNumber}`, right);
  const headerBottom = Math.max(leftBottom, doc.y) + 6;
  doc
    .moveTo(left, headerBottom)
    .lineTo(left + width, headerBottom)
    .lineWidth(1.5)
    .strokeColor(INK)
    .stroke();
  doc.x = left;
  doc.y = headerBottom + 10;

  if (d.buyer) {
    doc.text(`RNC/Cédula comprador: ${d.buyer.taxId}`, left, doc.y, { width });
    doc.text(`Razón social comprador: ${d.buyer.name}`, { width });
    doc.moveDown(0.5);
  }
  if (d.corrects) {
    doc.text(
      `NCF modificado: ${d.corrects.encf} del ${dgiiDate(new Date(d.corrects.issuedAt))}`,
      left,
      doc.y,
      {
        width,
      },
    );
    doc.text(`Motivo: ${d.corrects.reason}`, { width });
    doc.moveDown(0.5);
  }

  // The lines, as the printable page's table: quantity, description, price, discount, rate, ITBIS, value.
  const number = { align: { x: "right" as const, y: "top" as const } };
  const rows: string[][] = d.lines.map((line) => [
    String(line.quantity),
    `${line.title}\n${line.sku}`,
    dop(line.unitPriceCents),
    line.discountCents ? dop(-line.discountCents) : "",
    rateLabel(line.itbisRate),
    dop(line.itbisCents),
    dop(line.netCents),
  ]);
  if (d.shipping.netCents > 0) {
    rows.push([
      "1",
      "Envío",
      dop(d.shipping.netCents),
      "",
      "18%",
      dop(d.shipping.itbisCents),
      dop(d.shipping.netCents),
    ]);
  }
  doc.fontSize(9);
  doc.table({
    position: { x: left, y: doc.y },
    maxWidth: width,
    columnStyles: [
      { width: 34, ...number },
      "*",
      { width: 70, ...number },
      { width: 64, ...number },
      { width: 34, ...number },
      { width: 64, ...number },
      { width: 74, ...number },
    ],
    defaultStyle: {
      border: { top: 0, right: 0, bottom: 0.5, left: 0 },
      borderColor: RULE,
      padding: [4, 3, 4, 3],
    },
    data: [
      ["Cant.", "Descripción", "Precio", "Descuento", "Tasa", "ITBIS", "Valor"].map((text) => ({
        text,
        type: "TH" as const,
        font: { src: "Helvetica-Bold" },
        border: { top: 0, right: 0, bottom: 1, left: 0 },
        borderColor: INK,
      })),
      ...rows,
    ],
  });
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor(MUTED)
    .text("Precios con ITBIS incluido.", left, doc.y + 4, { width });

  // Totals, right-aligned; the last (the total) in bold.
  doc.fillColor(INK).fontSize(10).moveDown(0.5);
  const totals = totalsOf(d);
  room(totals.length * doc.currentLineHeight(true) + 8);
  const labelX = left + width - 260;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    const y = doc.y;
    if (last)
      doc
        .moveTo(labelX, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(1)
        .strokeColor(INK)
        .stroke();
    doc.font(last ? "Helvetica-Bold" : "Helvetica");
    doc.text(label, labelX, y, { width: 150, lineBreak: false });
    doc.text(value, labelX + 150, y, { width: 110, align: "right" });
  });
  doc.font("Helvetica");
  if (d.paidIn.currency === "USD") {
    doc.moveDown(0.5).fillColor(MUTED);
    doc.text(
      `Pagado en dólares: ${formatMoney(d.paidIn.totalCents, "USD")} a la tasa de ${d.paidIn.rate} RD$ por US$.`,
      left,
      doc.y,
      { width },
    );
    doc.fillColor(INK);
  }

  // The QR code (the DGII's check of this receipt), linked, and the security code beside it.
  doc.moveDown(1.5);
  const size = 110;
  room(size);
  const qrTop = doc.y;
  const qr = encode(receipt.qrUrl, { border: 1 });
  const cell = size / qr.data.length;
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) doc.rect(left + x * cell, qrTop + y * cell, cell, cell);
    });
  });
  doc.fillColor("#000000").fill();
  doc.link(left, qrTop, size, size, receipt.qrUrl);
  const textX = left + size + 16;
  doc
    .fillColor(INK)
    .fontSize(10)
    .text("Código de seguridad: ", textX, qrTop + 20, { continued: true });
  doc.font("Helvetica-Bold").text(receipt.securityCode);
  doc.font("Helvetica").text(`Fecha de firma digital: ${dgiiDateTime(receipt.issuedAt)}`, textX);
  doc.fillColor("#1a56b0").text("Consultar este comprobante en la DGII", textX, doc.y, {
    link: receipt.qrUrl,
    underline: true,
  });

  doc.end();
  return done;
}
