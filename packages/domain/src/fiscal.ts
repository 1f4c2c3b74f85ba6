// Dominican fiscal receipts: taxpayer numbers (RNC, cédula), e-CF types, e-NCF numbers and their authorised ranges.

/** The e-CF types the shop issues: 31 tax-credit invoice, 32 consumer invoice, 34 credit note. */
export const RECEIPT_TYPES = ["E31", "E32", "E34"] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
export const receiptTypeNames: Record<ReceiptType, string> = {
  E31: "Factura de Crédito Fiscal Electrónica",
  E32: "Factura de Consumo Electrónica",
  E34: "Nota de Crédito Electrónica",
};

/** At or above this total (in Dominican pesos, cents) a sale must name its buyer's RNC or cédula. */
export const BUYER_ID_REQUIRED_FROM_DOP_CENTS = 250_000_00;

/** The highest sequence number an e-NCF can carry: ten digits. */
export const MAX_RECEIPT_SEQUENCE = 9_999_999_999;

/** An e-NCF: E, the two-digit type, ten digits (13 characters). */
export function formatEncf(type: ReceiptType, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence > MAX_RECEIPT_SEQUENCE) {
    throw new RangeError(`an e-NCF sequence is 1 to ${MAX_RECEIPT_SEQUENCE}, got ${sequence}`);
  }
  return `${type}${String(sequence).padStart(10, "0")}`;
}

export const ENCF_PATTERN = /^E(31|32|34)\d{10}$/;

/** Digits only: the separators people write (1-01-85004-3, 001-1391820-5) dropped. */
export function compactTaxId(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** RNC check digit: weights 7 9 8 6 5 4 3 2 over the first eight digits, mod 11 (python-stdnum's do.rnc). */
function rncCheckDigit(first8: string): number {
  const weights = [7, 9, 8, 6, 5, 4, 3, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(first8[i]), 0);
  return ((10 - (sum % 11)) % 9) + 1;
}

/** Cédula check digit: Luhn over the eleven digits (python-stdnum's do.cedula). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type TaxIdKind = "rnc" | "cedula";

/**
 * Reads an RNC (9 digits) or a cédula (11 digits), separators allowed; answers its digits and kind, or why it
 * is refused.
 */
export function parseTaxId(
  value: string,
): { ok: true; taxId: string; kind: TaxIdKind } | { ok: false; message: string } {
  const digits = compactTaxId(value);
  if (!/^\d+$/.test(digits) || (digits.length !== 9 && digits.length !== 11)) {
    return { ok: false, message: fiscalMessages.taxIdFormat };
  }
  if (digits.length === 9) {
    return rncCheckDigit(digits.slice(0, 8)) === Number(digits[8])
      ? { ok: true, taxId: digits, kind: "rnc" }
      : { ok: false, message: fiscalMessages.taxIdCheckDigit };
  }
  return luhnValid(digits)
    ? { ok: true, taxId: digits, kind: "cedula" }
    : { ok: false, message: fiscalMessages.taxIdCheckDigit };
}

/** The type a sale's receipt takes: E31 when the buyer named a taxpayer number, E32 otherwise. */
export function saleReceiptType(buyerTaxId: string | null): ReceiptType {
  return buyerTaxId ? "E31" : "E32";
}

/** The checkout's fiscal fields speak English like the rest of the storefront (cart toasts alone are Spanish). */
export const fiscalMessages = {
  taxIdFormat: "An RNC has 9 digits and a cédula 11",
  taxIdCheckDigit: "This RNC or cédula is not valid: its check digit does not match",
  buyerIdRequired: "Orders of RD$250,000.00 or more need the buyer's RNC or cédula",
  buyerNameRequired: "Give the buyer's name or business name",
} as const;

export interface ReceiptRangeState {
  type: ReceiptType;
  firstNumber: number;
  lastNumber: number;
  /** The next number the range gives; lastNumber + 1 once it is used up. */
  nextNumber: number;
  /** The DGII's expiry date of the authorisation, YYYY-MM-DD (the range is usable through that day). */
  expiresOn: string;
}

/** When the back office starts warning: this few numbers left, or this few days before the expiry. */
export const RANGE_WARNING = { numbersLeft: 100, daysLeft: 30 } as const;

export type RangeWarning =
  | { kind: "used-up" }
  | { kind: "expired" }
  | { kind: "running-out"; numbersLeft: number }
  | { kind: "expiring"; daysLeft: number };

/** Numbers a range still has. */
export function numbersLeft(range: ReceiptRangeState): number {
  return Math.max(0, range.lastNumber - range.nextNumber + 1);
}

/** Whole days from `today` (YYYY-MM-DD, the shop's date) to the range's expiry; 0 on the last usable day. */
export function daysLeft(range: ReceiptRangeState, today: string): number {
  return Math.round((Date.parse(range.expiresOn) - Date.parse(today)) / 86_400_000);
}

/** What the back office says of a range today: nothing, or the most urgent warning. */
export function rangeWarning(range: ReceiptRangeState, today: string): RangeWarning | null {
  const left = numbersLeft(range);
  const days = daysLeft(range, today);
  if (left === 0) return { kind: "used-up" };
  if (days < 0) return { kind: "expired" };
  if (left <= RANGE_WARNING.numbersLeft) return { kind: "running-out", numbersLeft: left };
  if (days <= RANGE_WARNING.daysLeft) return { kind: "expiring", daysLeft: days };
  return null;
}

/** The shop's calendar date (Santo Domingo, UTC−4 all year) of an instant, as YYYY-MM-DD. */
export function dominicanDate(at: Date): string {
  return new Date(at.getTime() - 4 * 3_600_000).toISOString().slice(0, 10);
}

/** The DGII's environments: pre-certification, certification and production (Descripción técnica, "Consulta timbre"). */
export const DGII_ENVIRONMENTS = ["testecf", "certecf", "ecf"] as const;
export type DgiiEnvironment = (typeof DGII_ENVIRONMENTS)[number];

const two = (n: number) => String(n).padStart(2, "0");
/** dd-MM-yyyy in Santo Domingo (UTC−4), as e-CF dates are written. */
export function dgiiDate(at: Date): string {
  const local = new Date(at.getTime() - 4 * 3_600_000);
  return `${two(local.getUTCDate())}-${two(local.getUTCMonth() + 1)}-${local.getUTCFullYear()}`;
}
/** dd-MM-yyyy HH:mm:ss in Santo Domingo, as the signature's date is written. */
export function dgiiDateTime(at: Date): string {
  const local = new Date(at.getTime() - 4 * 3_600_000);
  return `${dgiiDate(at)} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

/** Cents as the DGII writes an amount: 6225.09. */
export function dgiiAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${two(abs % 100)}`;
}

/** name=value pairs, each value percent-encoded (a space as %20, as the DGII's example writes it). */
function queryString(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
}

/**
 * The link a printed receipt's QR code carries, where anyone can check the receipt with the DGII. A consumer invoice
 * (E32) under RD$250,000 is checked in the consumer-invoice summary service (consultatimbrefc: issuer, e-NCF, total,
 * security code); every other receipt in the e-CF service (consultatimbre: with the buyer, the dates and the
 * signature's time). Source: DGII, "Descripción técnica de facturación electrónica", Consulta timbre (QR).
 */
export function receiptQrUrl(input: {
  environment: DgiiEnvironment;
  type: ReceiptType;
  issuerRnc: string;
  buyerTaxId: string | null;
  encf: string;
  issuedAt: Date;
  signedAt: Date;
  totalCents: number;
  securityCode: string;
}): string {
  const total = dgiiAmount(input.totalCents);
  if (input.type === "E32" && input.totalCents < BUYER_ID_REQUIRED_FROM_DOP_CENTS) {
    const query = queryString({
      rncemisor: input.issuerRnc,
      encf: input.encf,
      montototal: total,
      codigoseguridad: input.securityCode,
    });
    return `https://fc.dgii.gov.do/${input.environment}/consultatimbrefc?${query}`;
  }
  const query = queryString({
    rncemisor: input.issuerRnc,
    ...(input.buyerTaxId ? { rnccomprador: input.buyerTaxId } : {}),
    encf: input.encf,
    fechaemision: dgiiDate(input.issuedAt),
    montototal: total,
    fechafirma: dgiiDateTime(input.signedAt),
    codigoseguridad: input.securityCode,
  });
  return `https://ecf.dgii.gov.do/${input.environment}/consultatimbre?${query}`;
}
