import { describe, expect, it } from "vitest";
import {
  type CatalogueCsvRecord,
  catalogueCsvHeader,
  catalogueCsvLine,
  detectSeparator,
  formatOptions,
  parseOptions,
  readAmount,
  readCatalogueHeader,
  readCatalogueRow,
  readCell,
} from "./catalogue-csv.ts";

/** Splits one line the simple way these tests write them (no separators inside quotes except where quoted). */
function cellsOf(line: string, separator: "," | ";"): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = "";
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

const record: CatalogueCsvRecord = {
  product: "tempo-knit-running-shoe",
  sku: "TKS-CORAL-42",
  title: '=HYPERLINK("http://evil"); Tempo, "Knit" Señal',
  category: "Calzado",
  brand: "Tempo",
  type: "fashion",
  priceCents: 129_950,
  discount: 10,
  variantPriceCents: 139_950,
  variantDiscount: null,
  stock: 7,
  options: { Color: "Coral", Talla: "42" },
  pictures: ["/api/media/a.jpg", "https://cdn.example/b.png"],
  status: "in-stock",
};

describe("the catalogue's file", () => {
  it.for([",", ";"] as const)(
    "reads back what it writes, with %s as the separator, formulas defused",
    (separator) => {
      const header = catalogueCsvHeader("es", separator);
      const line = catalogueCsvLine(record, separator);
      expect(detectSeparator(header)).toBe(separator);
      // The formula cannot run: its cell starts with an apostrophe once unquoted.
      expect(cellsOf(line, separator)[2]).toMatch(/^'=/);
      const headerCells = cellsOf(header, separator);
      const { columns, language, errors } = readCatalogueHeader(headerCells);
      expect(errors).toEqual([]);
      expect(language).toBe("es");
      const read = readCatalogueRow(cellsOf(line, separator), columns, 2, headerCells);
      expect(read.errors).toEqual([]);
      expect(read.row).toEqual({
        row: 2,
        product: record.product,
        sku: record.sku,
        title: record.title,
        category: record.category,
        brand: record.brand,
        type: record.type,
        priceCents: record.priceCents,
        discount: record.discount,
        variantPriceCents: record.variantPriceCents,
        variantDiscount: null,
        stock: record.stock,
        options: record.options,
        pictures: record.pictures,
      });
    },
  );

  it("reads English and Spanish headers in any case, with or without accents, and names the missing ones", () => {
    expect(readCatalogueHeader(["Producto", "SKU", "Título", "Categoría", "Existencias"]).columns).toEqual([
      "product",
      "sku",
      "title",
      "category",
      "stock",
    ]);
    expect(readCatalogueHeader(["PRODUCT", "Variant SKU", "Price", "Notes"]).columns).toEqual([
      "product",
      "sku",
      "price",
      null,
    ]);
    expect(readCatalogueHeader(["title", "price"]).errors.map((e) => e.message)).toEqual([
      'the file has no "product" (or "producto") column',
      'the file has no "sku" (or "sku") column',
    ]);
    expect(readCatalogueHeader(["product", "sku", "stock", "Existencias"]).errors).toEqual([
      { row: 1, column: "Existencias", message: 'the column "Existencias" appears twice' },
    ]);
  });

  it("names every bad cell of a row by its row and column, and gives no row then", () => {
    const headers = ["product", "sku", "type", "price", "discount", "stock", "options", "pictures"];
    const { columns } = readCatalogueHeader(headers);
    const { row, errors } = readCatalogueRow(
      ["Tempo Shoe", "", "shoes", "12.345", "120", "-1", "Coral", "javascript:alert(1)"],
      columns,
      7,
      headers,
    );
    expect(row).toBeNull();
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [7, "product"],
      [7, "sku"],
      [7, "type"],
      [7, "stock"],
      [7, "options"],
      [7, "pictures"],
      [7, "price"],
      [7, "discount"],
    ]);
    expect(errors.every((e) => e.message.length > 10)).toBe(true);
  });

  it("names a cell holding a NUL character, which no database keeps", () => {
    const { columns } = readCatalogueHeader(["product", "sku", "title"]);
    expect(readCatalogueRow(["shoe", "S-1", "a\u0000b"], columns, 4, ["product", "sku", "title"])).toEqual({
      row: null,
      errors: [{ row: 4, column: "title", message: "must not contain the NUL character (U+0000)" }],
    });
  });

  it("leaves a product's cells empty after its first row as unset, not as blanks to write", () => {
    const { columns } = readCatalogueHeader(["product", "sku", "title", "price", "stock"]);
    expect(readCatalogueRow(["shoe", "S-2", "", "", "4"], columns, 3).row).toMatchObject({
      title: null,
      priceCents: null,
      stock: 4,
      options: null,
    });
  });

  it("reads amounts as spreadsheets in English and Spanish write them", () => {
    expect(readAmount("1299.50")).toBe(129_950);
    expect(readAmount("1,299.50")).toBe(129_950);
    expect(readAmount("1.299,50")).toBe(129_950);
    expect(readAmount("12,5")).toBe(1_250);
    expect(readAmount("$25")).toBe(2_500);
    expect(readAmount("1,299")).toBe(129_900);
    expect(readAmount("abc")).toBeNull();
    expect(readAmount("-5")).toBeNull();
    expect(readAmount("1.2.3")).toBeNull();
  });

  it("reads options as names and values, and refuses what is not of that form", () => {
    expect(parseOptions("Color: Coral; Size: 42")).toEqual({ Color: "Coral", Size: "42" });
    expect(parseOptions("")).toEqual({});
    expect(parseOptions("Coral")).toBeNull();
    expect(parseOptions("Color: Coral; Color: Tan")).toBeNull();
    expect(formatOptions({ Metal: "Oro", Talla: "7" })).toBe("Metal: Oro; Talla: 7");
  });

  it("restores a defused formula and trims, and leaves other text alone", () => {
    expect(readCell("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(readCell("'-5")).toBe("-5");
    expect(readCell("  it's  ")).toBe("it's");
  });
});
