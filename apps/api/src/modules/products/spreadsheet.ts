/**
 * The catalogue as a spreadsheet (docs/decisions/068-catalogue-in-a-spreadsheet.md): the products and their
 * variants written as CSV, one row per variant, and such a file read back, matched by SKU. The file's rules (columns,
 * headers in English or Spanish, separators, cells) are `@shop/domain/catalogue-csv`'s; here they meet the database.
 *
 * An import reads the file as it arrives (csv-parse over the request's stream: a 100,000-row file is never held
 * whole) and applies it in one transaction through the same writes as the product form and the variants grid
 * (createProduct, updateProduct, replaceVariants), so every rule of those holds for a file too. A dry run is the
 * same import rolled back: what it reports is exactly what applying would do. A file with any row error changes
 * nothing.
 */
import { Readable } from "node:stream";
import { slugify } from "@shop/domain/catalogue";
import {
  type CatalogueCsvColumn,
  type CatalogueCsvError,
  type CatalogueCsvLanguage,
  type CatalogueCsvRow,
  catalogueCsvHeader,
  catalogueCsvLine,
  detectSeparator,
  readCatalogueHeader,
  readCatalogueRow,
} from "@shop/domain/catalogue-csv";
import { fromCents } from "@shop/domain/money";
import type { CatalogueImportReport, variantsInputSchema } from "@shop/domain/schemas/admin";
import { isSizeOption } from "@shop/domain/variants";
import { parse } from "csv-parse";
import { and, asc, eq, gt, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db, Tx } from "../../db/client.ts";
import { escapeLike } from "../../db/match.ts";
import { badRequest, HttpError } from "../../http-errors.ts";
import { brands } from "../brands/tables.ts";
import { categories } from "../categories/tables.ts";
import { changeStock, openingStock } from "../inventory/stock.ts";
import { productSalePriceCents, productSearchText } from "./derived.ts";
import {
  findProductRow,
  type ProductWithVariants,
  selectProducts,
  updateProduct,
  withVariants,
} from "./repository.ts";
import { products, productVariants } from "./tables.ts";
import { replaceVariants } from "./variants.ts";

// ---------- Export ----------

export interface ExportFilters {
  q?: string;
  productType?: string;
  categoryId?: string;
  brandId?: string;
}

const EXPORT_PAGE = 500;

/** The file's lines (header first), a page of products at a time, for a streamed answer. */
export async function* catalogueCsvLines(
  db: Db,
  filters: ExportFilters,
  language: CatalogueCsvLanguage,
  separator: "," | ";",
): AsyncGenerator<string> {
  // A byte-order mark, so a spreadsheet opening the file reads ñ and á as UTF-8.
  yield `\uFEFF${catalogueCsvHeader(language, separator)}\r\n`;
  const where: SQL[] = [];
  if (filters.q) {
    const like = `%${escapeLike(filters.q.trim().toLowerCase())}%`;
    where.push(or(ilike(products.title, like), ilike(products.sku, like))!);
  }
  if (filters.productType) where.push(eq(products.productType, filters.productType));
  if (filters.categoryId) where.push(eq(products.categoryId, filters.categoryId.toLowerCase()));
  if (filters.brandId) where.push(eq(products.brandId, filters.brandId.toLowerCase()));
  let after = "";
  for (;;) {
    const page = await selectProducts(db)
      .where(and(...where, after ? gt(products.slug, after) : undefined))
      .orderBy(asc(products.slug))
      .limit(EXPORT_PAGE);
    if (page.length === 0) return;
    const rows = await withVariants(db, page);
    let chunk = "";
    for (const product of rows) {
      for (const variant of product.variants) {
        chunk += `${catalogueCsvLine(
          {
            product: product.slug,
            sku: variant.sku,
            title: product.title,
            category: product.categoryName,
            brand: product.brandName ?? null,
            type: product.productType as CatalogueCsvRow["type"] & string,
            priceCents: product.priceCents,
            discount: Number(product.discount),
            variantPriceCents: variant.priceCents,
            variantDiscount: variant.discount === null ? null : Number(variant.discount),
            stock: variant.quantity,
            options: variant.options,
            pictures: product.imageUrls.map((image) => image.img),
            status: variant.quantity > 0 ? "in-stock" : "out-of-stock",
          },
          separator,
        )}\r\n`;
      }
    }
    yield chunk;
    after = page.at(-1)!.slug;
  }
}

// ---------- Import ----------

export type ImportReport = CatalogueImportReport;
type ImportCounts = ImportReport["products"];

/** The row errors a report lists (every one is counted): a file of 100,000 bad rows answers the first 500. */
const MAX_ERRORS = 500;
/** How often an import tells its progress, in rows. */
const PROGRESS_ROWS = 500;
/** The advisory lock an import holds while it runs (pg_try_advisory_xact_lock's key; PGlite has them too). */
const IMPORT_LOCK = 6_802_037;
export const ANOTHER_IMPORT =
  "Another catalogue import is under way; try again when it has finished (a large file takes a few minutes)";
/** New products inserted together. */
const PENDING_CREATES = 250;
/** Products whose rows are checked against the database together. */
const GROUPS_AT_ONCE = 250;

/** A new product, checked, waiting to be inserted with others. */
interface NewProduct {
  handle: string;
  rows: CatalogueCsvRow[];
  cells: ProductCells;
  category: { id: string; name: string; productType: string };
  brand: { id: string; name: string } | null;
}

/** A new product's own SKU: its only row's when it has no options, else its handle's. */
function productSku(product: NewProduct): string {
  const hasOptions = product.rows.some((row) => Object.keys(row.options ?? {}).length > 0);
  return hasOptions ? product.handle.toUpperCase() : product.rows[0]!.sku;
}
type VariantsInput = z.infer<typeof variantsInputSchema>;

/** Thrown to undo a dry run (or a file with errors) once its report is complete. */
class RolledBack extends Error {}

/** The product-level values a file gives, from the first row of the product that gives each. */
interface ProductCells {
  title: string | null;
  category: string | null;
  brand: string | null;
  type: CatalogueCsvRow["type"];
  priceCents: number | null;
  discount: number | null;
  pictures: string[] | null;
}

/**
 * Reads a catalogue file from `input` and applies it in one transaction (or, on a dry run, rolls it back), answering
 * what was (or would be) created, updated or left alone, and every row error.
 */
export async function importCatalogueCsv(
  db: Db,
  input: Readable,
  options: {
    dryRun: boolean;
    /** Told the rows read so far every PROGRESS_ROWS rows, as the import works through them. */
    onProgress?: (rows: number) => void;
  },
): Promise<ImportReport> {
  const report: ImportReport = {
    dryRun: options.dryRun,
    applied: false,
    rows: 0,
    products: { created: 0, updated: 0, unchanged: 0 },
    variants: { created: 0, updated: 0, unchanged: 0 },
    errors: [],
    errorCount: 0,
  };
  const fail = (error: CatalogueCsvError) => {
    report.errorCount++;
    if (report.errors.length < MAX_ERRORS) report.errors.push(error);
  };

  const run = async (tx: Tx) => {
    // One import at a time for the whole shop, whichever process serves it: a second one's writes would meet the
    // first's uncommitted products (and its dry run would count them). Released when the transaction ends.
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${IMPORT_LOCK}) as locked`);
    const [lock] = (result as unknown as { rows: { locked: boolean }[] }).rows;
    if (!lock?.locked) throw new HttpError(409, ANOTHER_IMPORT, "import_under_way");
    let state: ImportState | null = null;
    let header: ReturnType<typeof readCatalogueHeader> | null = null;
    let headerCells: string[] = [];
    let group: CatalogueCsvRow[] = [];
    let rowNumber = 1;
    for await (const cells of csvRecords(input)) {
      if (!header) {
        headerCells = cells;
        header = readCatalogueHeader(cells);
        for (const error of header.errors) fail(error);
        if (header.errors.length) break;
        state = new ImportState(
          tx as unknown as Db,
          new Set(header.columns.filter((c) => c !== null)),
          report,
          fail,
        );
        await state.begin();
        continue;
      }
      rowNumber++;
      if (cells.every((cell) => cell.trim() === "")) continue;
      report.rows++;
      if (report.rows % PROGRESS_ROWS === 0) options.onProgress?.(report.rows);
      const { row, errors } = readCatalogueRow(cells, header.columns, rowNumber, headerCells);
      for (const error of errors) fail(error);
      if (!row) continue;
      if (group.length && group[0]!.product !== row.product) {
        await state!.apply(group);
        group = [];
      }
      group.push(row);
    }
    if (!header)
      fail({ row: 1, column: null, message: "the file is empty: it needs a header and a row per variant" });
    if (group.length) await state!.apply(group);
    await state?.applyRead();
    if (options.dryRun || report.errorCount > 0) throw new RolledBack();
  };

  try {
    await changingCatalogue(db, () => db.transaction(run));
    report.applied = true;
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return report;
}

/**
 * The file's records as arrays of cells. The separator is read from the first line before the parser starts, so a
 * comma inside a Spanish file's amount ("12,50") never splits a cell; the bytes go to the parser as they came, so a
 * letter split between two chunks (ñ is two bytes) stays whole.
 */
async function* csvRecords(input: Readable): AsyncGenerator<string[]> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (!ended) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === "string" ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    headBytes += chunk.length;
    if (chunk.includes(10) || headBytes > 64 * 1024) break;
  }
  const firstLine = Buffer.concat(head).toString("utf8").split("\n")[0] ?? "";
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    delimiter: detectSeparator(firstLine),
  });
  const source = Readable.from(
    (async function* () {
      yield* head;
      if (!ended) for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) yield chunk;
    })(),
  );
  source.pipe(parser);
  try {
    for await (const record of parser) yield record as string[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw badRequest(`The file could not be read as CSV: ${message}`);
  } finally {
    source.destroy();
    input.destroy();
  }
}

/**
 * What the file gave before, of a product (`p:handle`: what its first rows said and what became of it) or a SKU
 * (`s:sku`: its product and row, a SKU being one variant's in the whole file).
 */
interface Seen {
  handle: string;
  row: number;
  cells?: ProductCells;
  outcome?: keyof ImportCounts;
}

/**
 * The import's memory of the file, a table of its transaction's own (dropped with it): each batch asks it for its
 * products and SKUs in one query and writes what it adds in one more, so the process holds a batch, never a list
 * as long as the file.
 */
const SEEN_TABLE = "catalogue_import_seen";

/** The lookups and counts one import keeps while it walks the file. */
class ImportState {
  /** Of the batch's products and SKUs, what the file gave before (#recall) and what the batch adds. */
  #known = new Map<string, Seen>();
  /** Keys of #known the batch added or changed, written at its end (#remember). */
  #changed = new Set<string>();
  /** New products checked and waiting to be inserted together (PENDING_CREATES at a time). */
  #pending: NewProduct[] = [];
  /** Products' rows read and not yet applied (GROUPS_AT_ONCE at a time). */
  #groups: CatalogueCsvRow[][] = [];
  #categories: Map<string, { id: string; name: string; productType: string }> | null = null;
  #brands: Map<string, { id: string; name: string }> | null = null;
  /** Variants' new prices and stock from the batch's rows, written together at its end (#writeValues). */
  #prices: { id: string; priceCents: number | null; discount: number | null }[] = [];
  #stock: { variantId: string; set: number }[] = [];

  constructor(
    private readonly db: Db,
    /** The columns the file has. */
    private readonly columns: ReadonlySet<CatalogueCsvColumn>,
    private readonly report: ImportReport,
    private readonly fail: (error: CatalogueCsvError) => void,
  ) {}

  /** Makes the import's table of what it has seen. */
  async begin(): Promise<void> {
    await this.db.execute(
      sql.raw(`create temporary table ${SEEN_TABLE} (key text primary key, handle text not null,
        line integer not null, cells jsonb, outcome text) on commit drop`),
    );
  }

  /** What the file gave before of the groups' products and SKUs. */
  async #recall(groups: CatalogueCsvRow[][]): Promise<void> {
    const keys = [
      ...new Set(
        groups.flatMap((group) => [
          `p:${group[0]!.product}`,
          ...group.map((row) => `s:${row.sku.toLowerCase()}`),
        ]),
      ),
    ];
    const result =
      await this.db.execute(sql`select key, handle, line, cells, outcome from ${sql.raw(SEEN_TABLE)}
      where key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`);
    type Stored = {
      key: string;
      handle: string;
      line: number;
      cells: ProductCells | null;
      outcome: Seen["outcome"] | null;
    };
    const rows = (result as unknown as { rows: Stored[] }).rows;
    this.#known = new Map(
      rows.map(({ key, handle, line, cells, outcome }) => [
        key,
        { handle, row: Number(line), ...(cells ? { cells } : {}), ...(outcome ? { outcome } : {}) },
      ]),
    );
    this.#changed = new Set();
  }

  #learn(key: string, seen: Seen): void {
    this.#known.set(key, seen);
    this.#changed.add(key);
  }

  /** Writes what the batch added to what the file gave (one statement). */
  async #remember(): Promise<void> {
    const entries = [...this.#changed].map((key) => {
      const { handle, row, cells, outcome } = this.#known.get(key)!;
      return { key, handle, line: row, cells: cells ?? null, outcome: outcome ?? null };
    });
    this.#changed = new Set();
    if (entries.length === 0) return;
    await this.db.execute(sql`insert into ${sql.raw(SEEN_TABLE)} (key, handle, line, cells, outcome)
      select key, handle, line, cells, outcome
      from jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
        as e(key text, handle text, line integer, cells jsonb, outcome text)
      on conflict (key) do update set outcome = excluded.outcome`);
  }

  async #category(name: string) {
    if (!this.#categories) {
      const rows = await this.db
        .select({ id: categories.id, name: categories.name, productType: categories.productType })
        .from(categories);
      this.#categories = new Map(rows.map((r) => [slugify(r.name), r]));
    }
    return this.#categories.get(slugify(name));
  }

  async #brand(name: string) {
    if (!this.#brands) {
      const rows = await this.db.select({ id: brands.id, name: brands.name }).from(brands);
      this.#brands = new Map(rows.map((r) => [slugify(r.name), r]));
    }
    return this.#brands.get(slugify(name));
  }

  /** One product's consecutive rows: checked, then created or brought in line with them. */
  /** One product's consecutive rows, applied with the others read before it a few hundred at a time. */
  async apply(rows: CatalogueCsvRow[]): Promise<void> {
    if (this.#groups.some((group) => group[0]!.product === rows[0]!.product)) await this.applyRead();
    this.#groups.push(rows);
    if (this.#groups.length >= GROUPS_AT_ONCE) await this.applyRead();
  }

  /**
   * The products read so far: what the database has of them (their SKUs' owners, the products by handle) asked in
   * two queries for all of them, then each checked and created or brought in line, in the file's order.
   */
  async applyRead(): Promise<void> {
    const groups = this.#groups;
    this.#groups = [];
    if (groups.length === 0) return;
    // A product waiting to be made is made before more of its rows are read against the database.
    if (groups.some((group) => this.#pending.some((p) => p.handle === group[0]!.product))) await this.flush();
    const skus = groups.flatMap((group) => group.map((row) => row.sku));
    const owners = new Map(
      (
        await this.db
          .select({ sku: productVariants.sku, slug: products.slug })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(inArray(productVariants.sku, skus))
      ).map((o) => [o.sku, o.slug]),
    );
    const handles = groups.map((group) => group[0]!.product);
    const existing = new Map(
      (await withVariants(this.db, await selectProducts(this.db).where(inArray(products.slug, handles)))).map(
        (p) => [p.slug, p],
      ),
    );
    await this.#recall(groups);
    for (const group of groups) await this.#applyOne(group, owners, existing.get(group[0]!.product));
    await this.#remember();
    await this.flush();
    await this.#writeValues();
  }

  /** The variants' prices, discounts and stock the batch changed (and nothing else of them), written together. */
  async #writeValues(): Promise<void> {
    const prices = this.#prices;
    const stock = this.#stock;
    this.#prices = [];
    this.#stock = [];
    if (prices.length) {
      const list = (values: readonly (number | string | null)[]) =>
        `{${values.map((v) => (v === null ? "NULL" : String(v))).join(",")}}`;
      await this.db.execute(sql`update ${productVariants}
        set price_cents = c.price_cents, discount = c.discount, updated_at = now()
        from unnest(${list(prices.map((p) => p.id))}::uuid[], ${list(prices.map((p) => p.priceCents))}::int[],
          ${list(prices.map((p) => p.discount))}::numeric[]) as c(id, price_cents, discount)
        where ${productVariants.id} = c.id`);
    }
    await changeStock(this.db as unknown as Tx, stock);
  }

  async #applyOne(
    rows: CatalogueCsvRow[],
    owners: ReadonlyMap<string, string>,
    existing: ProductWithVariants | undefined,
  ): Promise<void> {
    const handle = rows[0]!.product;
    const before = this.report.errorCount;
    const cells = this.#productCells(rows);
    const seen = this.#known.get(`p:${handle}`);
    if (seen) this.#agree(rows, seen.cells!, seen.row);
    // Every variant's options name the same options, each row's SKU once.
    const names = Object.keys(rows[0]!.options ?? {});
    const skus = new Set<string>();
    /** Rows whose SKU is named as another product's already (one error a row). */
    const taken = new Set<number>();
    for (const row of rows) {
      if (row.options && Object.keys(row.options).join("\u0000") !== names.join("\u0000")) {
        this.fail({
          row: row.row,
          column: "options",
          message: `gives ${Object.keys(row.options).join(", ") || "no options"}; the product's first row gives ${names.join(", ") || "none"}`,
        });
      }
      const key = row.sku.toLowerCase();
      const earlier = this.#known.get(`s:${key}`);
      if (skus.has(key)) {
        this.fail({ row: row.row, column: "sku", message: `${row.sku} appears twice for ${handle}` });
      } else if (earlier && earlier.handle !== handle) {
        taken.add(row.row);
        this.fail({
          row: row.row,
          column: "sku",
          message: `${row.sku} is also on row ${earlier.row}, for ${earlier.handle}: a SKU names one variant`,
        });
      }
      skus.add(key);
    }
    for (const row of rows) {
      const owner = owners.get(row.sku);
      // (A product made earlier in the file owns its SKUs in the database too: named above already.)
      if (owner !== undefined && owner !== handle && !taken.has(row.row)) {
        this.fail({ row: row.row, column: "sku", message: `${row.sku} is already the SKU of ${owner}` });
      }
    }
    if (this.report.errorCount > before) return;
    for (const row of rows) {
      const key = `s:${row.sku.toLowerCase()}`;
      if (!this.#known.has(key)) this.#learn(key, { handle, row: row.row });
    }
    const outcome = existing
      ? await this.#update(existing, rows, cells)
      : await this.#create(handle, rows, cells);
    if (!outcome) return;
    if (!seen) {
      this.#learn(`p:${handle}`, { handle, cells, row: rows[0]!.row, outcome });
      this.report.products[outcome]++;
    } else if (seen.outcome === "unchanged" && outcome === "updated") {
      this.report.products.unchanged--;
      this.report.products.updated++;
      this.#learn(`p:${handle}`, { ...seen, outcome: "updated" });
    }
  }

  /** The product-level cells of its rows: the first given of each, every later one agreeing with it. */
  #productCells(rows: CatalogueCsvRow[]): ProductCells {
    const first = rows[0]!;
    const cells: ProductCells = {
      title: null,
      category: null,
      brand: null,
      type: null,
      priceCents: null,
      discount: null,
      pictures: null,
    };
    for (const row of rows) {
      for (const key of Object.keys(cells) as (keyof ProductCells)[]) {
        if (cells[key] === null && row[key] !== null)
          (cells as unknown as Record<string, unknown>)[key] = row[key];
      }
    }
    this.#agree(rows, cells, first.row);
    return cells;
  }

  #agree(rows: CatalogueCsvRow[], cells: ProductCells, firstRow: number) {
    for (const row of rows) {
      for (const key of Object.keys(cells) as (keyof ProductCells)[]) {
        const value = row[key];
        if (value === null || cells[key] === null) continue;
        if (JSON.stringify(value) !== JSON.stringify(cells[key])) {
          const column = key === "priceCents" ? "price" : key;
          this.fail({
            row: row.row,
            column,
            message: `differs from row ${firstRow} of the same product; a product's ${column} is one for all its variants`,
          });
        }
      }
    }
  }

  async #references(rows: CatalogueCsvRow[], cells: ProductCells) {
    const row = rows[0]!.row;
    let category: { id: string; name: string; productType: string } | undefined;
    if (cells.category !== null) {
      category = await this.#category(cells.category);
      if (!category) {
        this.fail({ row, column: "category", message: `there is no category named "${cells.category}"` });
      } else if (cells.type && cells.type !== category.productType) {
        this.fail({
          row,
          column: "type",
          message: `${category.name} holds ${category.productType} products, not ${cells.type}`,
        });
      }
    }
    let brand: { id: string; name: string } | null | undefined;
    if (cells.brand !== null) {
      brand = await this.#brand(cells.brand);
      if (!brand) this.fail({ row, column: "brand", message: `there is no brand named "${cells.brand}"` });
    }
    return { category, brand };
  }

  /** The options the rows' values make, each option's values in the order the rows give them. */
  #options(rows: CatalogueCsvRow[], current: ProductWithVariants | null): VariantsInput["options"] {
    const options = new Map<string, Map<string, string | null>>();
    for (const option of current?.options ?? []) {
      options.set(option.name, new Map(option.values.map((v) => [v.value, v.clrCode ?? null])));
    }
    for (const row of rows) {
      for (const [name, value] of Object.entries(row.options ?? {})) {
        const values = options.get(name) ?? new Map<string, string | null>();
        if (!values.has(value)) values.set(value, null);
        options.set(name, values);
      }
    }
    return [...options].map(([name, values]) => ({
      name,
      values: [...values].map(([value, clrCode]) => ({ value, clrCode })),
    }));
  }

  async #create(
    handle: string,
    rows: CatalogueCsvRow[],
    cells: ProductCells,
  ): Promise<keyof ImportCounts | null> {
    const first = rows[0]!.row;
    const missing = (["title", "category", "priceCents"] as const).filter((key) => cells[key] === null);
    for (const key of missing) {
      this.fail({
        row: first,
        column: key === "priceCents" ? "price" : key,
        message: `is required for a new product (${handle} is not in the catalogue yet)`,
      });
    }
    const { category, brand } = await this.#references(rows, cells);
    if (missing.length || !category || (cells.brand !== null && !brand)) return null;
    this.#pending.push({ handle, rows, cells, category, brand: brand ?? null });
    this.report.variants.created += rows.length;
    if (this.#pending.length >= PENDING_CREATES) await this.flush();
    return "created";
  }

  /**
   * Makes the new products waiting, a few hundred at once: their rows inserted together, their variants together,
   * their stock counted in through the inventory, as createProduct and the variants grid would one by one (the
   * same derived columns: sale price, search text, the options and sizes the variants make).
   */
  async flush(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    const skus = batch.map((p) => productSku(p));
    const taken = await this.db
      .select({ sku: products.sku })
      .from(products)
      .where(inArray(products.sku, skus));
    const takenSkus = new Set(taken.map((t) => t.sku));
    // Each product and variant inserted with its stock (the inventory's bounds and sum), not counted in after.
    const stock = batch.map((p) =>
      openingStock(p.rows.map((row) => ({ sku: row.sku, quantity: row.stock ?? 0 }))),
    );
    const made = await this.db
      .insert(products)
      .values(
        batch.map((p, i) => {
          const options = this.#options(p.rows, null).map((o) => ({
            name: o.name,
            values: o.values.map((v) => ({ value: v.value, clrCode: v.clrCode ?? null })),
          }));
          // A product SKU another product has (its own, not a variant's): the handle makes it unique.
          const sku = takenSkus.has(skus[i]!) ? `${skus[i]}-${p.handle.toUpperCase()}` : skus[i]!;
          const priceCents = p.cells.priceCents!;
          const discount = p.cells.discount ?? 0;
          const pictures = p.cells.pictures ?? [];
          return {
            sku,
            title: p.cells.title!,
            slug: p.handle,
            img: pictures[0] ?? "",
            imageUrls: pictures.map((img) => ({ img, color: null })),
            categoryId: p.category.id,
            brandId: p.brand?.id ?? null,
            productType: p.category.productType,
            priceCents,
            discount,
            salePriceCents: productSalePriceCents(priceCents, discount),
            quantity: stock[i]!.product,
            options,
            sizes: options.find((o) => isSizeOption(o.name))?.values.map((v) => v.value) ?? [],
            searchText: productSearchText({
              title: p.cells.title!,
              sku,
              tags: [],
              brandName: p.brand?.name,
              categoryName: p.category.name,
            }),
          };
        }),
      )
      .returning({ id: products.id, slug: products.slug });
    const idOf = new Map(made.map((m) => [m.slug, m.id]));
    await this.db.insert(productVariants).values(
      batch.flatMap((p, i) =>
        p.rows.map((row, position) => ({
          productId: idOf.get(p.handle)!,
          sku: row.sku,
          options: row.options ?? {},
          position: position + 1,
          quantity: stock[i]!.variants[position]!,
          priceCents: row.variantPriceCents,
          discount: row.variantDiscount,
          img: null,
        })),
      ),
    );
  }

  async #update(
    product: ProductWithVariants,
    rows: CatalogueCsvRow[],
    cells: ProductCells,
  ): Promise<keyof ImportCounts | null> {
    const { category, brand } = await this.#references(rows, cells);
    if ((cells.category !== null && !category) || (cells.brand !== null && !brand)) return null;
    const next = {
      title: cells.title ?? product.title,
      categoryId: category?.id ?? product.categoryId,
      brandId: cells.brand !== null ? brand!.id : product.brandId,
      priceCents: cells.priceCents ?? product.priceCents,
      discount: cells.discount ?? Number(product.discount),
      pictures: cells.pictures ?? product.imageUrls.map((i) => i.img),
    };
    const changed =
      next.title !== product.title ||
      next.categoryId !== product.categoryId ||
      next.brandId !== product.brandId ||
      next.priceCents !== product.priceCents ||
      next.discount !== Number(product.discount) ||
      JSON.stringify(next.pictures) !== JSON.stringify(product.imageUrls.map((i) => i.img));
    if (changed) {
      const kept = new Map(product.imageUrls.map((image) => [image.img, image]));
      await updateProduct(this.db, product.id, {
        sku: product.sku,
        title: next.title,
        slug: product.slug,
        unit: product.unit,
        // A picture already on the product keeps its colour and alt text.
        imageURLs: next.pictures.map((img) => {
          const image = kept.get(img);
          return { img, color: image?.color ?? null, ...(image?.alt ? { alt: image.alt } : {}) };
        }),
        categoryId: next.categoryId,
        children: next.categoryId === product.categoryId ? product.subcategory : "",
        brandId: next.brandId,
        tags: product.tags,
        price: fromCents(next.priceCents),
        discount: next.discount,
        quantity: product.quantity,
        sizes: product.sizes,
        featured: product.featured,
        description: product.description,
        additionalInformation: product.additionalInformation,
        offerDate:
          product.offerStart && product.offerEnd
            ? { startDate: product.offerStart.toISOString(), endDate: product.offerEnd.toISOString() }
            : null,
        videoId: product.videoId,
      });
    }
    const variantsChanged = await this.#variants(
      changed ? (await findProductRow(this.db, product.id))! : product,
      rows,
    );
    return changed || variantsChanged ? "updated" : "unchanged";
  }

  /**
   * The product's variants brought in line with its rows: a row's SKU that the product has is updated where the row
   * differs, a new SKU is made; variants the file does not name are left as they are. Answers whether any changed.
   */
  async #variants(product: ProductWithVariants, rows: CatalogueCsvRow[]): Promise<boolean> {
    const bySku = new Map(product.variants.map((v) => [v.sku.toLowerCase(), v]));
    const byId = new Map(product.variants.map((v) => [v.id, v]));
    const named = new Set(rows.map((r) => r.sku.toLowerCase()));
    const options = this.#options(rows, product);
    const kept = product.variants.filter((v) => !named.has(v.sku.toLowerCase()));
    const counts = this.report.variants;
    let changed = false;
    const variants: VariantsInput["variants"] = kept.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options,
      price: v.priceCents === null ? null : fromCents(v.priceCents),
      discount: v.discount === null ? null : Number(v.discount),
      quantity: v.quantity,
    }));
    for (const row of rows) {
      const current = bySku.get(row.sku.toLowerCase());
      const wanted = {
        sku: row.sku,
        options: row.options ?? current?.options ?? {},
        // An empty cell: the product's price; no such column in the file: the variant's as it is.
        price:
          row.variantPriceCents !== null
            ? fromCents(row.variantPriceCents)
            : this.columns.has("variantPrice") || !current?.priceCents
              ? null
              : fromCents(current.priceCents),
        discount:
          row.variantDiscount !== null
            ? row.variantDiscount
            : this.columns.has("variantDiscount") || current?.discount == null
              ? null
              : Number(current.discount),
        quantity: row.stock ?? current?.quantity ?? 0,
      };
      if (!current) {
        counts.created++;
        changed = true;
        variants.push(wanted);
        continue;
      }
      const same =
        current.sku === wanted.sku &&
        JSON.stringify(current.options) === JSON.stringify(wanted.options) &&
        (current.priceCents === null ? null : fromCents(current.priceCents)) === wanted.price &&
        (current.discount === null ? null : Number(current.discount)) === wanted.discount &&
        current.quantity === wanted.quantity;
      if (same) counts.unchanged++;
      else {
        counts.updated++;
        changed = true;
      }
      variants.push({ id: current.id, ...wanted });
    }
    if (!changed) return false;
    // Only values of variants it has (stock, price, discount), its options as they are: written straight, without
    // rebuilding the product's variants, the common import of a price list or a stock count.
    const sameOptions = JSON.stringify(options) === JSON.stringify(product.options);
    const onlyValues = sameOptions && rows.every((row) => bySku.get(row.sku.toLowerCase())?.sku === row.sku);
    if (onlyValues) {
      // Written with the rest of the batch's values, a statement for all their prices and one for their stock.
      for (const wanted of variants) {
        const current = byId.get(wanted.id!)!;
        const priceCents = wanted.price === null ? null : Math.round(wanted.price * 100);
        if (
          current.priceCents !== priceCents ||
          (current.discount === null ? null : Number(current.discount)) !== wanted.discount
        ) {
          this.#prices.push({ id: current.id, priceCents, discount: wanted.discount });
        }
        if (current.quantity !== wanted.quantity)
          this.#stock.push({ variantId: current.id, set: wanted.quantity });
      }
      return true;
    }
    try {
      await replaceVariants(this.db, product.id, { options, variants });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.fail({ row: rows[0]!.row, column: null, message: `${product.slug}: ${message}` });
    }
    return true;
  }
}

/** The export's options from a request's query. */
export function exportOptions(query: { language?: string; separator?: string }): {
  language: CatalogueCsvLanguage;
  separator: "," | ";";
} {
  const language = query.language === "es" ? "es" : "en";
  const separator =
    query.separator === ";" || (query.separator === undefined && language === "es") ? ";" : ",";
  return { language, separator };
}
