/**
 * The e-CF document of a receipt, as XML in the order of the DGII's published schemas (e-CF 31, 32 and 34 v1.0,
 * mirrored in the public repository Tikiti/ecf-docs, "Documentación Técnica (XSD)"; the field meanings in the DGII's
 * "Formato Comprobante Fiscal Electrónico (e-CF) V1.0"). Amounts are in Dominican pesos; the lines carry ITBIS
 * included (IndicadorMontoGravado 1). The document ends where its signature goes: the schema requires the
 * certificate's XML signature after FechaHoraFirma, added by the signing step when a certificate is configured.
 */
import { dgiiAmount, dgiiDate, dgiiDateTime } from "@shop/domain/fiscal";
import type { ItbisRate } from "@shop/domain/itbis";
import type { StoredReceipt } from "./documents.ts";

export interface EcfInput {
  encf: string;
  document: StoredReceipt;
  issuedAt: Date;
  /** The expiry of the range the e-NCF came from (YYYY-MM-DD). */
  sequenceExpiresOn: string;
}

/**
 * Text escaped as canonical XML (C14N) writes it: &, < and > only, carriage returns dropped. The document is then
 * already in canonical form (no attributes, no whitespace between elements), so its signature's digest is taken
 * over exactly these bytes (signing.ts).
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };
const text = (value: string, max: number) =>
  value
    .replace(/\r/g, "")
    .slice(0, max)
    .replace(/[&<>]/g, (c) => ESCAPES[c]!);

/**
 * One element per defined value, in the order given (the schema's order); undefined and null are left out. Values
 * are escaped by the caller (text()) or are numbers, dates and nested elements made here.
 */
function elements(fields: [string, string | number | null | undefined][]): string {
  return fields
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join("");
}

/** IndicadorFacturacion: 1 ITBIS 18 %, 2 ITBIS 16 %, 4 exempt. */
const billingIndicator = (rate: ItbisRate) => (rate === 18 ? 1 : rate === 16 ? 2 : 4);

/** A unit price with up to four decimals (Decimal20D1or4): cents / quantity, half up at the fourth. */
function unitPrice(totalCents: number, quantity: number): string {
  const tenThousandths = (BigInt(totalCents) * 100n * 2n + BigInt(quantity)) / (2n * BigInt(quantity));
  const whole = tenThousandths / 10_000n;
  const fraction = String(tenThousandths % 10_000n)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

const ymdToDgii = (ymd: string) => {
  const [y, m, d] = ymd.split("-");
  return `${d}-${m}-${y}`;
};

export function ecfXml(input: EcfInput): string {
  const d = input.document;
  const typeNumber = d.type.slice(1);
  const byRate = (rate: ItbisRate) => d.byRate.find((r) => r.rate === rate);
  const taxed = d.byRate.filter((r) => r.rate > 0);
  const r18 = byRate(18);
  const r16 = byRate(16);
  const exempt = byRate(0);

  const idDoc = elements([
    ["TipoeCF", typeNumber],
    ["eNCF", input.encf],
    ["FechaVencimientoSecuencia", d.type === "E31" ? ymdToDgii(input.sequenceExpiresOn) : null],
    // A credit note within 30 days of the receipt it corrects: 0; later: 1.
    [
      "IndicadorNotaCredito",
      d.type === "E34" && d.corrects
        ? input.issuedAt.getTime() - Date.parse(d.corrects.issuedAt) > 30 * 86_400_000
          ? 1
          : 0
        : null,
    ],
    ["IndicadorMontoGravado", 1],
    ["TipoIngresos", "01"],
    ["TipoPago", 1],
  ]);
  const emisor = elements([
    ["RNCEmisor", d.issuer.rnc],
    ["RazonSocialEmisor", text(d.issuer.name, 150)],
    ["DireccionEmisor", text(d.issuer.address || "-", 100)],
    ["NumeroPedidoInterno", /^\d{1,20}$/.test(d.orderNumber) ? d.orderNumber : null],
    ["FechaEmision", dgiiDate(input.issuedAt)],
  ]);
  const comprador = d.buyer
    ? elements([
        ["RNCComprador", d.buyer.taxId],
        ["RazonSocialComprador", text(d.buyer.name, 150)],
      ])
    : "";
  const baseTaxed = taxed.reduce((sum, r) => sum + r.baseCents, 0);
  const totales = elements([
    ["MontoGravadoTotal", taxed.length ? dgiiAmount(baseTaxed) : null],
    ["MontoGravadoI1", r18 ? dgiiAmount(r18.baseCents) : null],
    ["MontoGravadoI2", r16 ? dgiiAmount(r16.baseCents) : null],
    ["MontoExento", exempt ? dgiiAmount(exempt.grossCents) : null],
    ["ITBIS1", r18 ? 18 : null],
    ["ITBIS2", r16 ? 16 : null],
    ["TotalITBIS", taxed.length ? dgiiAmount(d.itbisCents) : null],
    ["TotalITBIS1", r18 ? dgiiAmount(r18.itbisCents) : null],
    ["TotalITBIS2", r16 ? dgiiAmount(r16.itbisCents) : null],
    ["MontoTotal", dgiiAmount(d.totalCents)],
  ]);
  const otraMoneda =
    d.paidIn.currency === "USD"
      ? elements([
          ["TipoMoneda", "USD"],
          ["TipoCambio", d.paidIn.rate],
          ["MontoTotalOtraMoneda", dgiiAmount(d.paidIn.totalCents)],
        ])
      : "";

  const items = [
    ...d.lines.map((line) => ({
      name: line.title,
      code: line.sku,
      service: false,
      quantity: line.quantity,
      totalCents: line.lineTotalCents,
      discountCents: line.discountCents,
      netCents: line.netCents,
      rate: line.itbisRate,
    })),
    ...(d.shipping.netCents > 0
      ? [
          {
            name: "Envío",
            code: null,
            service: true,
            quantity: 1,
            totalCents: d.shipping.netCents,
            discountCents: 0,
            netCents: d.shipping.netCents,
            rate: 18 as ItbisRate,
          },
        ]
      : []),
  ];
  const detalles = items
    .map(
      (item, i) =>
        `<Item>${elements([
          ["NumeroLinea", i + 1],
          [
            "TablaCodigosItem",
            item.code
              ? `<CodigosItem><TipoCodigo>Interna</TipoCodigo><CodigoItem>${text(item.code, 35)}</CodigoItem></CodigosItem>`
              : null,
          ],
          ["IndicadorFacturacion", billingIndicator(item.rate)],
          ["NombreItem", text(item.name, 80)],
          ["IndicadorBienoServicio", item.service ? 2 : 1],
          ["CantidadItem", item.quantity],
          ["PrecioUnitarioItem", unitPrice(item.totalCents, item.quantity)],
          ["DescuentoMonto", item.discountCents ? dgiiAmount(item.discountCents) : null],
          ["MontoItem", dgiiAmount(item.netCents)],
        ])}</Item>`,
    )
    .join("");
  const referencia = d.corrects
    ? `<InformacionReferencia>${elements([
        ["NCFModificado", d.corrects.encf],
        ["FechaNCFModificado", dgiiDate(new Date(d.corrects.issuedAt))],
        // 3: corrects the amounts of the receipt it names.
        ["CodigoModificacion", 3],
        ["RazonModificacion", text(d.corrects.reason, 90)],
      ])}</InformacionReferencia>`
    : "";

  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<ECF><Encabezado><Version>1.0</Version><IdDoc>${idDoc}</IdDoc><Emisor>${emisor}</Emisor>` +
    `${d.type === "E34" && !comprador ? "" : `<Comprador>${comprador}</Comprador>`}` +
    `<Totales>${totales}</Totales>${otraMoneda ? `<OtraMoneda>${otraMoneda}</OtraMoneda>` : ""}</Encabezado>` +
    `<DetallesItems>${detalles}</DetallesItems>${referencia}` +
    `<FechaHoraFirma>${dgiiDateTime(input.issuedAt)}</FechaHoraFirma></ECF>`
  );
}
