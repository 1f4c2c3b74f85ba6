/**
 * CSV as the shop writes it for a spreadsheet (RFC 4180 quoting), with OWASP's rule against formula injection: a
 * text cell that starts with =, +, -, @, a tab or a carriage return would be run by Excel, LibreOffice or Sheets as
 * a formula (`=HYPERLINK(...)` from a shopper's name), so it is written with a leading apostrophe, which those
 * programs show as text. Numbers and booleans are written as they are. Every CSV the shop makes goes through here.
 */

/** The first characters a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One value as a CSV cell: a formula-looking text defused, then quoted when it holds a quote, the separator (a comma,
 * or the semicolon a spreadsheet in Spanish writes) or a line break.
 */
export function csvCell(value: unknown, separator: "," | ";" = ","): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint")
    return Number.isFinite(Number(value)) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text =
    value instanceof Date ? value.toISOString() : typeof value === "string" ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Records as one CSV text: nested objects become dotted columns (`address.city`), lists of plain values are joined
 * with "; ", anything else is written as JSON. Columns in the order they first appear, or as `columns` says.
 */
export function toCsv(records: readonly Record<string, unknown>[], columns?: readonly string[]): string {
  const flat = records.map((record) => flatten(record));
  const names = columns ?? [...new Set(flat.flatMap((row) => Object.keys(row)))];
  const lines = [
    names.map((name) => csvCell(name)).join(","),
    ...flat.map((row) => names.map((name) => csvCell(row[name])).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

function flatten(value: Record<string, unknown>, prefix = "", into: Record<string, unknown> = {}) {
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (inner !== null && typeof inner === "object" && !Array.isArray(inner) && !(inner instanceof Date)) {
      flatten(inner as Record<string, unknown>, name, into);
    } else if (Array.isArray(inner) && inner.every((item) => item === null || typeof item !== "object")) {
      into[name] = inner.join("; ");
    } else {
      into[name] = inner;
    }
  }
  return into;
}
