/**
 * The catalogue as a spreadsheet through the HTTP API: the export, the round trip that changes nothing, a dry run
 * that reports and changes nothing, an import that creates and updates by SKU in one transaction, Spanish files
 * with ';', formula cells, and row errors by row and column that leave the catalogue as it was.
 */
import { CATALOGUE_CSV_COLUMNS, detectSeparator } from "@shop/domain/catalogue-csv";
import type { Product } from "@shop/domain/schemas/public";
import { count, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { openDatabase } from "../../db/client.ts";
import { products } from "../../db/schema.ts";
import { allProducts, createTestShop, engine, login, type TestShop } from "../../test/app.ts";
import { ANOTHER_IMPORT, type ImportReport } from "./spreadsheet.ts";

let shop: TestShop;
let admin: { authorization: string };

beforeAll(async () => {
  shop = await createTestShop();
  admin = (await login(shop.app, "admin")).headers;
});
afterAll(() => shop?.close());

async function exported(query = ""): Promise<string> {
  const res = await shop.app.inject({
    method: "GET",
    url: `/api/admin/products.csv${query}`,
    headers: admin,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers["content-type"]).toContain("text/csv");
  return res.body;
}

async function imported(body: string, dryRun: boolean, status = 200): Promise<ImportReport> {
  const res = await shop.app.inject({
    method: "POST",
    url: `/api/admin/products/import?dryRun=${dryRun}`,
    headers: { ...admin, "content-type": "text/csv" },
    payload: body,
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
  return res.json() as ImportReport;
}

/** Every product as the listing shows it, with its variants, for before/after comparisons. */
async function catalogue(): Promise<Product[]> {
  const all = await allProducts(shop.app);
  return all.map((p) => ({ ...p, updatedAt: "" })).sort((a, b) => (a.id < b.id ? -1 : 1));
}

const HEADER = "product,sku,title,category,brand,type,price,discount,variant price,stock,options,pictures";

describe("the catalogue as a spreadsheet", () => {
  it("exports one row per variant, and importing the file unchanged changes nothing", async () => {
    const before = await catalogue();
    const csv = await exported();
    const lines = csv.trim().split("\r\n");
    const variants = before.reduce((n, p) => n + p.variants.length, 0);
    expect(lines.length - 1).toBe(variants);
    expect(lines[0]!.replace("\uFEFF", "").split(",")[0]).toBe(CATALOGUE_CSV_COLUMNS.product.en);

    const report = await imported(csv, false);
    expect(report).toMatchObject({
      applied: true,
      errorCount: 0,
      rows: variants,
      products: { created: 0, updated: 0, unchanged: before.length },
      variants: { created: 0, updated: 0, unchanged: variants },
    });
    expect(await catalogue()).toEqual(before);
    // The whole sample shop through the file and back: seconds alone, longer beside other suites on two cores.
  }, 90_000);

  it("writes Spanish headers with ';' and reads them back the same", async () => {
    const csv = await exported("?language=es");
    const header = csv.replace("\uFEFF", "").split("\r\n")[0]!;
    expect(detectSeparator(header)).toBe(";");
    expect(header).toContain("producto;sku;titulo;categoria");
    const report = await imported(csv, true);
    expect(report.errorCount).toBe(0);
    expect(report.products.updated + report.products.created).toBe(0);
  }, 90_000);

  it("on a dry run reports what would change and changes nothing; applied, it makes and updates by SKU", async () => {
    const [shoe] = (await catalogue()).filter((p) => p.variants.length > 1);
    const variant = shoe!.variants[0]!;
    const options = (o: Record<string, string>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}: ${v}`)
        .join("; ");
    const file = [
      HEADER,
      // A new product with two sizes, the second at its own price.
      'desk-lamp-csv,LAMP-S,"Desk Lamp, Señorial",' +
        `${shoe!.category.name},,${shoe!.productType},25.50,0,,4,Size: S,`,
      "desk-lamp-csv,LAMP-M,,,,,,,27.00,2,Size: M,",
      // An existing variant's stock, by its SKU.
      `${shoe!.slug},${variant.sku},,,,,,,,${variant.quantity + 7},${options(variant.options)},`,
    ].join("\n");
    const before = await catalogue();
    const dry = await imported(file, true);
    expect(dry).toMatchObject({
      dryRun: true,
      applied: false,
      errorCount: 0,
      rows: 3,
      products: { created: 1, updated: 1, unchanged: 0 },
      variants: { created: 2, updated: 1, unchanged: 0 },
    });
    expect(await catalogue()).toEqual(before);

    const applied = await imported(file, false);
    expect(applied).toMatchObject({ applied: true, products: dry.products, variants: dry.variants });
    const after = await catalogue();
    const lamp = after.find((p) => p.slug === "desk-lamp-csv")!;
    expect(lamp.title).toBe("Desk Lamp, Señorial");
    expect(lamp.price).toBe(25.5);
    expect(lamp.variants.map((v) => [v.sku, v.options, v.price, v.quantity])).toEqual([
      ["LAMP-S", { Size: "S" }, 25.5, 4],
      ["LAMP-M", { Size: "M" }, 27, 2],
    ]);
    expect(lamp.quantity).toBe(6);
    const shoeAfter = after.find((p) => p.id === shoe!.id)!;
    expect(shoeAfter.variants.find((v) => v.sku === variant.sku)!.quantity).toBe(variant.quantity + 7);
    // The variants the file did not name are as they were.
    expect(shoeAfter.variants.filter((v) => v.sku !== variant.sku)).toEqual(
      shoe!.variants.filter((v) => v.sku !== variant.sku),
    );
  });

  it("reports every row error by row and column, and applies nothing of a file that has one", async () => {
    const [first] = await catalogue();
    const file = [
      HEADER,
      `good-new-product,GOOD-1,Good,${first!.category.name},,,10,0,,1,,`,
      "Bad Handle,X-1,,,,,abc,,,-2,,",
      `another-new,${first!.variants[0]!.sku},Another,${first!.category.name},,,5,0,,1,,`,
      "no-category-product,NC-1,No category,Nowhere,,,5,0,,1,,",
    ].join("\n");
    const before = await catalogue();
    const report = await imported(file, false, 422);
    expect(report.applied).toBe(false);
    expect(report.errors.map((e) => [e.row, e.column])).toEqual([
      [3, "product"],
      [3, "stock"],
      [3, "price"],
      [4, "sku"],
      [5, "category"],
    ]);
    expect(report.errors[2]!.message).toContain('"abc" is not an amount');
    expect(report.errors[3]!.message).toContain(`is already the SKU of ${first!.slug}`);
    expect(await catalogue()).toEqual(before);
  });

  it("remembers the whole file: a product's rows apart agree and count once, a SKU names one variant", async () => {
    const [first] = await catalogue();
    const category = first!.category.name;
    const rows = [
      HEADER,
      `split-a,SPLIT-A-S,Split A,${category},,,10,0,,1,Size: S,`,
      `split-b,SPLIT-B-1,Split B,${category},,,10,0,,1,,`,
      "split-a,SPLIT-A-M,,,,,,,,2,Size: M,",
      "split-a,SPLIT-A-L,Split A renamed,,,,,,,2,Size: L,",
      `split-c,SPLIT-B-1,Split C,${category},,,10,0,,1,,`,
    ];
    const report = await imported(rows.join("\n"), true);
    expect(report.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [5, "title", expect.stringContaining("differs from row 2 of the same product")],
      [6, "sku", "SPLIT-B-1 is also on row 3, for split-b: a SKU names one variant"],
    ]);

    const good = rows.slice(0, 4).join("\n");
    expect(await imported(good, true)).toMatchObject({
      errorCount: 0,
      products: { created: 2, updated: 0, unchanged: 0 },
      variants: { created: 3, updated: 0, unchanged: 0 },
    });
    await imported(good, false);
    const made = (await catalogue()).find((p) => p.slug === "split-a")!;
    expect(made.variants.map((v) => [v.sku, v.quantity])).toEqual([
      ["SPLIT-A-S", 1],
      ["SPLIT-A-M", 2],
    ]);
    // Again, unchanged: each product counted once though its rows are apart.
    expect(await imported(good, true)).toMatchObject({
      products: { created: 0, updated: 0, unchanged: 2 },
      variants: { created: 0, updated: 0, unchanged: 3 },
    });
  });

  it("counts every row error and lists the first 500, so a file of bad rows answers a report of bounded size", async () => {
    const file = [HEADER, ...Array.from({ length: 620 }, (_, i) => `Bad Handle ${i},BAD-${i},,,,,,,,1,,`)];
    const report = await imported(file.join("\n"), true);
    expect(report.errorCount).toBe(620);
    expect(report.errors).toHaveLength(500);
    expect(report.errors.at(-1)).toMatchObject({ row: 501, column: "product" });
  });

  it("keeps a formula cell as text both ways: defused in the file, read back as written", async () => {
    const [first] = await catalogue();
    const file = [
      HEADER,
      `formula-product,FORM-1,"=HYPERLINK(""http://x"")",${first!.category.name},,,5,0,,1,,`,
    ].join("\n");
    await imported(file, false);
    const csv = await exported("?q=hyperlink");
    expect(csv).toContain(`'=HYPERLINK(""http://x"")`);
    const again = await imported(csv, false);
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const made = (await catalogue()).find((p) => p.slug === "formula-product")!;
    expect(made.title).toBe('=HYPERLINK("http://x")');
  });

  it("refuses a file that is not CSV with a message saying where", async () => {
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      headers: { ...admin, "content-type": "text/csv" },
      payload: `${HEADER}\nx,X-1,=HYPERLINK("http://x"),c,,,5,0,,1,,\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The file could not be read as CSV: .*line 2/);
  });

  it("refuses a file without its key columns, a body that is not CSV, and shoppers", async () => {
    const report = await imported("title,price\nShoe,10\n", true);
    expect(report.errors.map((e) => e.message)).toEqual([
      'the file has no "product" (or "producto") column',
      'the file has no "sku" (or "sku") column',
    ]);
    const json = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      headers: { ...admin, "content-type": "application/json" },
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    const shopper = (await login(shop.app, "shopper")).headers;
    const res = await shop.app.inject({ method: "GET", url: "/api/admin/products.csv", headers: shopper });
    expect(res.statusCode).toBe(403);
  });

  it("runs one import at a time: one sent while another runs is refused with 409, the other applies whole", async () => {
    const [first] = await catalogue();
    const file = (tag: string) =>
      [
        HEADER,
        ...Array.from(
          { length: 300 },
          (_, i) =>
            `${tag}-${i},${tag.toUpperCase()}-${i},Both at once ${i},${first!.category.name},,,5,0,,1,,`,
        ),
      ].join("\n");
    const send = (app: App, tag: string) =>
      app.inject({
        method: "POST",
        url: "/api/admin/products/import?dryRun=false",
        headers: { ...admin, "content-type": "text/csv" },
        payload: file(tag),
      });
    // Counted in the database: another process's import reaches this one's cached listing a moment later
    // (PostgreSQL NOTIFY), so the listing read right after it may still be the one before.
    const made = async (tag: string) =>
      (
        await shop.database.db
          .select({ n: count() })
          .from(products)
          .where(like(products.slug, `${tag}-%`))
      )[0]!.n;

    /** Two imports at once through `apps`: one applied whole, the other refused and nothing of it written. */
    async function both(apps: [App, App], tags: [string, string]) {
      const answers = await Promise.all([send(apps[0], tags[0]), send(apps[1], tags[1])]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!;
      expect(refused.json().message).toBe(ANOTHER_IMPORT);
      const applied = answers.findIndex((a) => a.statusCode === 200);
      expect(answers[applied]!.json()).toMatchObject({ applied: true, products: { created: 300 } });
      expect(await made(tags[applied]!)).toBe(300);
      expect(await made(tags[1 - applied]!)).toBe(0);
      // Refused, not broken: the same file sent again once the other is done goes through.
      const again = await send(apps[1 - applied]!, tags[1 - applied]!);
      expect(again.statusCode, again.body.slice(0, 300)).toBe(200);
      expect(await made(tags[1 - applied]!)).toBe(300);
    }

    // One process: refused before its upload is read.
    await both([shop.app, shop.app], ["together-a", "together-b"]);
    if (engine !== "postgres") return;
    // Two processes on one PostgreSQL (behind a load balancer): refused by the import's advisory lock.
    const database = await openDatabase({ url: shop.url!, dataDir: "", poolSize: 5 });
    const second = await buildApp({ env: shop.app.env, database, logger: false });
    try {
      await second.ready();
      await both([shop.app, second], ["apart-a", "apart-b"]);
    } finally {
      await second.close();
      await database.close();
    }
  }, 120_000);

  it("tells its progress as lines when asked (the dialog's bar), then the report with its status", async () => {
    const [first] = await catalogue();
    const file = [
      HEADER,
      ...Array.from(
        { length: 1_200 },
        (_, i) => `progress-${i},PROGRESS-${i},Told as it goes ${i},${first!.category.name},,,5,0,,1,,`,
      ),
    ].join("\n");
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/import?dryRun=true",
      headers: { ...admin, "content-type": "text/csv", accept: "application/x-ndjson" },
      payload: file,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/x-ndjson");
    const lines = res.body
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const progress = lines.slice(0, -1).map((line) => line.progress as { share: number; rows: number });
    expect(progress[0]).toEqual({ share: 0, rows: 0 });
    expect(progress.length).toBeGreaterThan(1);
    for (const [i, step] of progress.entries()) {
      expect(step.share).toBeGreaterThanOrEqual(0);
      expect(step.share).toBeLessThanOrEqual(1);
      if (i > 0) expect(step.rows).toBeGreaterThan(progress[i - 1]!.rows);
    }
    expect(lines.at(-1)).toMatchObject({
      status: 200,
      report: { dryRun: true, applied: false, rows: 1_200, products: { created: 1_200 }, errorCount: 0 },
    });

    // A file with row errors, applied: the last line says 422 and lists them; a file that is no CSV, 400.
    const bad = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/import?dryRun=false",
      headers: { ...admin, "content-type": "text/csv", accept: "application/x-ndjson" },
      payload: `${HEADER}\nBad Handle,X-1,,,,,abc,,,1,,\n`,
    });
    expect(JSON.parse(bad.body.trim().split("\n").at(-1)!)).toMatchObject({
      status: 422,
      report: { applied: false, errorCount: 2 },
    });
    const broken = await shop.app.inject({
      method: "POST",
      url: "/api/admin/products/import",
      headers: { ...admin, "content-type": "text/csv", accept: "application/x-ndjson" },
      payload: `${HEADER}\nx,X-1,=HYPERLINK("http://x"),c,,,5,0,,1,,\n`,
    });
    const last = JSON.parse(broken.body.trim().split("\n").at(-1)!);
    expect(last.status).toBe(400);
    expect(last.message).toMatch(/^The file could not be read as CSV: .*line 2/);
    expect(await catalogue()).not.toContainEqual(expect.objectContaining({ slug: "progress-0" }));
  }, 60_000);
});
