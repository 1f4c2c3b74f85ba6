/**
 * The printable receipt (representación impresa): an HTML page that prints on one sheet, with what the DGII's
 * illustrative models carry: the issuer's RNC and name, the e-NCF and its sequence's expiry, the buyer (E31), the
 * lines with their ITBIS, the totals by rate, the QR link and the security code. In Spanish, as the receipt is.
 */
import { formatMoney } from "@shop/domain/currency";
import { dgiiDate, dgiiDateTime, receiptTypeNames } from "@shop/domain/fiscal";
import { renderSVG } from "uqr";
import { Html, html } from "../../mail/html.ts";
import type { StoredReceipt } from "./documents.ts";

export interface PrintableReceipt {
  encf: string;
  document: StoredReceipt;
  securityCode: string;
  issuedAt: Date;
  /** The expiry of the range its number came from. */
  sequenceExpiresOn: string;
  qrUrl: string;
}

const dop = (cents: number) => formatMoney(cents, "DOP");
const rateLabel = (rate: number) => (rate === 0 ? "E" : `${rate}%`);

export function receiptPage(receipt: PrintableReceipt): string {
  const d = receipt.document;
  const [year, month, day] = receipt.sequenceExpiresOn.split("-");
  const rows: Html[] = d.lines.map(
    (line) =>
      html`<tr><td class="n">${line.quantity}</td><td>${line.title}<br><small>${line.sku}</small></td><td class="n">${dop(line.unitPriceCents)}</td><td class="n">${line.discountCents ? dop(-line.discountCents) : ""}</td><td class="n">${rateLabel(line.itbisRate)}</td><td class="n">${dop(line.itbisCents)}</td><td class="n">${dop(line.netCents)}</td></tr>`,
  );
  if (d.shipping.netCents > 0) {
    rows.push(
      html`<tr><td class="n">1</td><td>Envío</td><td class="n">${dop(d.shipping.netCents)}</td><td></td><td class="n">18%</td><td class="n">${dop(d.shipping.itbisCents)}</td><td class="n">${dop(d.shipping.netCents)}</td></tr>`,
    );
  }
  const totals: [string, string][] = [
    ...d.byRate.map(
      (r) =>
        [
          r.rate === 0 ? "Monto exento" : `Monto gravado ${r.rate}%`,
          dop(r.rate === 0 ? r.grossCents : r.baseCents),
        ] as [string, string],
    ),
    ...d.byRate
      .filter((r) => r.rate > 0)
      .map((r) => [`ITBIS ${r.rate}%`, dop(r.itbisCents)] as [string, string]),
    ["Total ITBIS", dop(d.itbisCents)],
    ["Monto total", dop(d.totalCents)],
  ];
  const qr = renderSVG(receipt.qrUrl, { border: 1 });
  const paidIn =
    d.paidIn.currency === "USD"
      ? html`<p class="muted">Pagado en dólares: ${formatMoney(d.paidIn.totalCents, "USD")} a la tasa de ${d.paidIn.rate} RD$ por US$.</p>`
      : "";
  return html`<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${receiptTypeNames[d.type]} ${receipt.encf}</title>
<style>
body{margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#1f2430;font-size:14px;line-height:1.4}
main{max-width:760px;margin:0 auto}
header{display:flex;justify-content:space-between;gap:24px;border-bottom:2px solid #1f2430;padding-bottom:12px}
h1{font-size:18px;margin:0 0 4px}h2{font-size:16px;margin:0 0 4px}
table{width:100%;border-collapse:collapse;margin-top:16px}
th,td{padding:6px 4px;border-bottom:1px solid #d5d9e0;text-align:left;vertical-align:top}
.n{text-align:right;white-space:nowrap}
dl{display:grid;grid-template-columns:1fr auto;gap:4px 16px;max-width:340px;margin:16px 0 0 auto}
dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
dl>:nth-last-child(-n+2){font-weight:bold;border-top:1px solid #1f2430;padding-top:4px}
footer{display:flex;gap:16px;align-items:center;margin-top:24px}
footer svg{width:140px;height:140px}
.muted{color:#4a5262}
.print{margin-top:24px}
@media print{body{padding:0}.print{display:none}}
</style></head>
<body><main>
<header>
<div><h1>${d.issuer.name}</h1><p>RNC ${d.issuer.rnc}<br>${d.issuer.address}</p></div>
<div class="n"><h2>${receiptTypeNames[d.type]}</h2><p>e-NCF: <strong>${receipt.encf}</strong><br>
Fecha de emisión: ${dgiiDate(receipt.issuedAt)}<br>
Válida hasta: ${day}-${month}-${year}<br>Pedido ${d.orderNumber}</p></div>
</header>
${d.buyer ? html`<p>RNC/Cédula comprador: <strong>${d.buyer.taxId}</strong><br>Razón social comprador: ${d.buyer.name}</p>` : ""}
${d.corrects ? html`<p>NCF modificado: <strong>${d.corrects.encf}</strong> del ${dgiiDate(new Date(d.corrects.issuedAt))}<br>Motivo: ${d.corrects.reason}</p>` : ""}
<table aria-label="Detalle">
<thead><tr><th class="n">Cant.</th><th>Descripción</th><th class="n">Precio</th><th class="n">Descuento</th><th class="n">Tasa</th><th class="n">ITBIS</th><th class="n">Valor</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p class="muted">Precios con ITBIS incluido.</p>
<dl aria-label="Totales">${totals.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
${paidIn}
<footer>
<a href="${receipt.qrUrl}" aria-label="Consultar en la DGII">${new Html(qr)}</a>
<p>Código de seguridad: <strong>${receipt.securityCode}</strong><br>
Fecha de firma digital: ${dgiiDateTime(receipt.issuedAt)}<br>
<a href="${receipt.qrUrl}">Consultar este comprobante en la DGII</a></p>
</footer>
<p class="print muted">Para imprimir o guardar en PDF, use Imprimir en su navegador (Ctrl+P).</p>
</main></body></html>`.value;
}
