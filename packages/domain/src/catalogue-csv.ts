/**
 * The catalogue as a spreadsheet (docs/decisions/068-catalogue-in-a-spreadsheet.md): one row per variant, the
 * product's cells repeated on each of its rows (or left empty after its first), matched by the variant's SKU.
 * These are the file's rules, read the same by the back office (which names the columns) and the API (which
 * reads and writes the file): the columns and their English and Spanish headers, the separator, how a cell is
 * read back (a formula defused by `csvCell` comes back as it was written), and one row as typed values or the
 * errors that name its row and column.
 */
import { z } from "zod";
import { PRODUCT_TYPES, type ProductType } from "./constants.ts";
import { csvCell } from "./csv.ts";
import { fromCents, toCents } from "./money.ts";

/** The columns in the order the shop writes them, each with the headers it reads (compared without case or accents). */
export const CATALOGUE_CSV_COLUMNS = {
  product: { en: "product", es: "producto", also: ["handle", "slug"] },
  sku: { en: "sku", es: "sku", also: ["variant sku", "codigo"] },
  title: { en: "title", es: "titulo", also: ["name", "nombre"] },
  category: { en: "category", es: "categoria", also: [] },
  brand: { en: "brand", es: "marca", also: [] },
  type: { en: "type", es: "tipo", also: ["product type", "tipo de producto"] },
  price: { en: "price", es: "precio", also: [] },
  discount: { en: "discount", es: "descuento", also: [] },
  variantPrice: { en: "variant price", es: "precio variante", also: ["precio de la variante"] },
  variantDiscount: { en: "variant discount", es: "descuento variante", also: ["descuento de la variante"] },
  stock: { en: "stock", es: "existencias", also: ["quantity", "cantidad", "inventario"] },
  options: { en: "options", es: "opciones", also: [] },
  pictures: { en: "pictures", es: "imagenes", also: ["images", "fotos"] },
  status: { en: "status", es: "estado", also: [] },
} as const satisfies Record<string, { en: string; es: string; also: readonly string[] }>;

export type CatalogueCsvColumn = keyof typeof CATALOGUE_CSV_COLUMNS;
export const CATALOGUE_CSV_COLUMN_KEYS = Object.keys(CATALOGUE_CSV_COLUMNS) as CatalogueCsvColumn[];

/** The columns a file must have: without them no row can be matched or made. */
const REQUIRED: readonly CatalogueCsvColumn[] = ["product", "sku"];
/** Written for the reader only: what the shop works out itself (in stock while any variant is). */
const WRITTEN_ONLY: readonly CatalogueCsvColumn[] = ["status"];

export type CatalogueCsvLanguage = "en" | "es";

/** A problem with one cell or row, as the back office lists it: row 1 is the header, so data starts at row 2. */
export interface CatalogueCsvError {
  row: number;
  column: string | null;
  message: string;
}

function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[_\s]+/g, " ")
    .trim();
}

const HEADER_NAMES = new Map<string, CatalogueCsvColumn>(
  CATALOGUE_CSV_COLUMN_KEYS.flatMap((key) => {
    const { en, es, also } = CATALOGUE_CSV_COLUMNS[key];
    return [en, es, ...also].map((name) => [plain(name), key] as const);
  }),
);

/** The header's columns, each cell named by its column (null for a column the shop does not read), or the errors. */
export function readCatalogueHeader(cells: readonly string[]): {
  columns: (CatalogueCsvColumn | null)[];
  language: CatalogueCsvLanguage;
  errors: CatalogueCsvError[];
} {
  const errors: CatalogueCsvError[] = [];
  const seen = new Set<CatalogueCsvColumn>();
  let spanish = 0;
  const columns = cells.map((cell) => {
    const key = HEADER_NAMES.get(plain(readCell(cell))) ?? null;
    if (key === null) return null;
    if (seen.has(key)) {
      errors.push({ row: 1, column: cell, message: `the column "${cell}" appears twice` });
      return null;
    }
    seen.add(key);
    if (plain(cell) === plain(CATALOGUE_CSV_COLUMNS[key].es) && key !== "sku") spanish++;
    return key;
  });
  for (const key of REQUIRED) {
    if (!seen.has(key)) {
      errors.push({
        row: 1,
        column: null,
        message: `the file has no "${CATALOGUE_CSV_COLUMNS[key].en}" (or "${CATALOGUE_CSV_COLUMNS[key].es}") column`,
      });
    }
  }
  return { columns, language: spanish > 0 ? "es" : "en", errors };
}

/**
 * The separator of a file from its first line: a semicolon when it has more semicolons than commas outside quotes
 * (what a spreadsheet set to Spanish writes, the comma being its decimal mark), a comma otherwise.
 */
export function detectSeparator(firstLine: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === ",") commas++;
    else if (!quoted && char === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/** A cell as it was meant: trimmed, and a formula defused by `csvCell` (an apostrophe before =, +, -, @) restored. */
export function readCell(cell: string): string {
  const text = cell.trim();
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** "Color: Coral; Size: 42" as the option names and values, in order; null when the text is not of that form. */
export function parseOptions(text: string): Record<string, string> | null {
  const options: Record<string, string> = {};
  if (!text.trim()) return options;
  for (const part of text.split(";")) {
    if (!part.trim()) continue;
    const colon = part.indexOf(":");
    if (colon < 1) return null;
    const name = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (!name || !value || name in options) return null;
    options[name] = value;
  }
  return options;
}

export function formatOptions(options: Readonly<Record<string, string>>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name}: ${value}`)
    .join("; ");
}

/** One row as read: every product cell is null when left empty (it then follows the product's other rows). */
export interface CatalogueCsvRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  product: string;
  sku: string;
  title: string | null;
  category: string | null;
  brand: string | null;
  type: ProductType | null;
  priceCents: number | null;
  discount: number | null;
  /** The variant's own price and discount; null when it follows the product's. */
  variantPriceCents: number | null;
  variantDiscount: number | null;
  stock: number | null;
  options: Record<string, string> | null;
  pictures: string[] | null;
}

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX = { product: 200, sku: 80, title: 200, name: 120 } as const;

/** A decimal amount as written by a spreadsheet in English or Spanish ("1,299.50", "1.299,50", "25") in cents. */
export function readAmount(text: string): number | null {
  let value = text.replace(/[\s$]|RD|US/g, "");
  if (!value) return null;
  const lastComma = value.lastIndexOf(",");
  const lastDot = value.lastIndexOf(".");
  if (lastComma > lastDot) {
    // The comma is the decimal mark when two or fewer digits follow it ("12,5", "1.299,50"); a thousands mark otherwise.
    value =
      value.length - lastComma - 1 <= 2
        ? value.replaceAll(".", "").replace(",", ".")
        : value.replaceAll(",", "");
  } else {
    value = value.replaceAll(",", "");
  }
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return toCents(value);
}

const wholeNumber = z.coerce.number().int().min(0).max(1_000_000);

/** One data row read against the header: the typed row, or every error it has (and then no row). */
export function readCatalogueRow(
  cells: readonly string[],
  columns: readonly (CatalogueCsvColumn | null)[],
  row: number,
  headers: readonly string[] = columns.map((key) => key ?? ""),
): { row: CatalogueCsvRow | null; errors: CatalogueCsvError[] } {
  const errors: CatalogueCsvError[] = [];
  const values = new Map<CatalogueCsvColumn, string>();
  columns.forEach((key, index) => {
    if (key && !WRITTEN_ONLY.includes(key)) values.set(key, readCell(cells[index] ?? ""));
  });
  const headerOf = (key: CatalogueCsvColumn) => headers[columns.indexOf(key)] ?? key;
  // A database keeps no NUL character in text: such a cell is named here, not refused by the database later.
  const nul = cells.findIndex((cell) => cell.includes("\u0000"));
  if (nul !== -1) {
    return {
      row: null,
      errors: [{ row, column: headers[nul] ?? null, message: "must not contain the NUL character (U+0000)" }],
    };
  }
  const fail = (key: CatalogueCsvColumn, message: string) => {
    errors.push({ row, column: headerOf(key), message });
    return null;
  };
  const text = (key: CatalogueCsvColumn, max: number): string | null => {
    const value = values.get(key) ?? "";
    if (!value) return null;
    return value.length > max ? fail(key, `must be at most ${max} characters`) : value;
  };
  const amount = (key: CatalogueCsvColumn): number | null => {
    const value = values.get(key) ?? "";
    if (!value) return null;
    return (
      readAmount(value) ?? fail(key, `"${value}" is not an amount in US dollars (for example 25 or 1299.50)`)
    );
  };
  const percent = (key: CatalogueCsvColumn): number | null => {
    const value = (values.get(key) ?? "").replace("%", "").replace(",", ".").trim();
    if (!value) return null;
    const number = Number(value);
    return Number.isFinite(number) && number >= 0 && number <= 100 && /^\d+(\.\d{1,2})?$/.test(value)
      ? number
      : fail(key, `"${value}" is not a percentage from 0 to 100`);
  };

  const product = (values.get("product") ?? "").toLowerCase();
  if (!product) fail("product", "is required: the product's handle, shared by the rows of its variants");
  else if (!HANDLE.test(product) || product.length > MAX.product)
    fail(
      "product",
      `"${product}" is not a handle: lower-case letters, digits and dashes (for example tempo-knit-shoe)`,
    );
  const sku = values.get("sku") ?? "";
  if (!sku) fail("sku", "is required: rows are matched by their SKU");
  else if (sku.length > MAX.sku) fail("sku", `must be at most ${MAX.sku} characters`);

  const typeText = plain(values.get("type") ?? "");
  const type = typeText ? (PRODUCT_TYPES.find((t) => t === typeText) ?? null) : null;
  if (typeText && !type) fail("type", `"${values.get("type")}" is not one of ${PRODUCT_TYPES.join(", ")}`);

  const stockText = values.get("stock") ?? "";
  let stock: number | null = null;
  if (stockText) {
    const parsed = wholeNumber.safeParse(stockText.replace(/[.,\s]/g, ""));
    if (parsed.success && /^\d[\d.,\s]*$/.test(stockText)) stock = parsed.data;
    else fail("stock", `"${stockText}" is not a whole number of units, 0 or more`);
  }

  const optionsText = values.get("options");
  let options: Record<string, string> | null = null;
  if (optionsText !== undefined) {
    options = parseOptions(optionsText);
    if (options === null) fail("options", `"${optionsText}" should read like "Color: Coral; Size: 42"`);
  }

  const picturesText = values.get("pictures");
  let pictures: string[] | null = null;
  if (picturesText) {
    pictures = picturesText.split(/[\s|]+/).filter(Boolean);
    const bad = pictures.find((url) => !/^(https?:\/\/|\/)\S+$/.test(url));
    if (bad) fail("pictures", `"${bad}" is not a picture's address (https://… or /api/media/…)`);
  }

  const parsed: CatalogueCsvRow = {
    row,
    product,
    sku,
    title: text("title", MAX.title),
    category: text("category", MAX.name),
    brand: text("brand", MAX.name),
    type,
    priceCents: amount("price"),
    discount: percent("discount"),
    variantPriceCents: amount("variantPrice"),
    variantDiscount: percent("variantDiscount"),
    stock,
    options,
    pictures,
  };
  return errors.length > 0 ? { row: null, errors } : { row: parsed, errors };
}

/** One variant as the shop writes it: the values of a row, keyed by column. */
export interface CatalogueCsvRecord {
  product: string;
  sku: string;
  title: string;
  category: string;
  brand: string | null;
  type: ProductType;
  priceCents: number;
  discount: number;
  variantPriceCents: number | null;
  variantDiscount: number | null;
  stock: number;
  options: Record<string, string>;
  pictures: string[];
  status: string;
}

/** The header line in a language, with the separator. */
export function catalogueCsvHeader(
  language: CatalogueCsvLanguage = "en",
  separator: "," | ";" = ",",
): string {
  return CATALOGUE_CSV_COLUMN_KEYS.map((key) =>
    csvCell(CATALOGUE_CSV_COLUMNS[key][language], separator),
  ).join(separator);
}

/** One record as a line of the file (without its line break). */
export function catalogueCsvLine(record: CatalogueCsvRecord, separator: "," | ";" = ","): string {
  const cells: Record<CatalogueCsvColumn, unknown> = {
    product: record.product,
    sku: record.sku,
    title: record.title,
    category: record.category,
    brand: record.brand ?? "",
    type: record.type,
    price: fromCents(record.priceCents).toFixed(2),
    discount: record.discount,
    variantPrice: record.variantPriceCents === null ? "" : fromCents(record.variantPriceCents).toFixed(2),
    variantDiscount: record.variantDiscount ?? "",
    stock: record.stock,
    options: formatOptions(record.options),
    pictures: record.pictures.join(" "),
    status: record.status,
  };
  return CATALOGUE_CSV_COLUMN_KEYS.map((key) => csvCell(cells[key], separator)).join(separator);
}
