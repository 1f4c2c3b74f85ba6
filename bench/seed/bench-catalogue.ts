/** Fills a database with a large synthetic catalogue for benchmarks: `pnpm --filter @shop/bench seed -- --products 100000`. */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type Db, openDatabase } from "@shop/api/src/db/client.ts";
import { brands, categories, products } from "@shop/api/src/db/schema.ts";
import { EnvError, loadEnv } from "@shop/api/src/env.ts";
import { productSalePriceCents, productSearchText } from "@shop/api/src/modules/products/derived.ts";
import { isEmpty, seedSampleShop } from "@shop/api/src/seed/index.ts";
import { and, eq, like, not, sql } from "drizzle-orm";

const DAY = 24 * 60 * 60 * 1000;
/** Rows per INSERT; larger batches measured no faster on either engine. */
const BATCH = 1000;
export const BENCH_SKU_PREFIX = "BENCH-";

const USAGE = `Usage: pnpm --filter @shop/bench seed -- [--products N] [--append] [--seed S]

Adds N synthetic products (default 100000) with SKUs BENCH-000001... to the database that
DATABASE_URL / DATA_DIR point at, seeding the sample shop first if the database is empty.
  --products N  how many products to add (1..5000000)
  --append      add N more when bench products already exist (numbering continues);
                without it the script refuses, so running it twice never doubles a catalogue by accident
  --seed S      the random seed (default 42): the same seed gives the same catalogue`;

/** mulberry32: a tiny, fast PRNG, so the same seed always gives the same catalogue. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A sample product the synthetic ones are varied from: its category, brand, pictures and copy stay coherent. */
interface Template {
  title: string;
  unit: string;
  img: string;
  imageUrls: (typeof products.$inferSelect)["imageUrls"];
  categoryId: string;
  categoryName: string;
  subcategory: string;
  brandId: string | null;
  brandName: string | null;
  productType: string;
  tags: string[];
  priceCents: number;
  sizes: string[];
  /** Its colour and size options, which the synthetic product keeps (its variants follow them). */
  options: (typeof products.$inferSelect)["options"];
  description: string;
  additionalInformation: (typeof products.$inferSelect)["additionalInformation"];
}

const PREFIXES = [
  "Classic",
  "Premium",
  "Essential",
  "Urban",
  "Studio",
  "Travel",
  "Eco",
  "Signature",
  "Everyday",
  "Limited",
  "Heritage",
  "Modern",
  "Vintage",
  "Coastal",
  "Midnight",
  "Sunset",
  "Nordic",
  "Tropical",
  "Metro",
  "Pure",
];
const EXTRA_TAGS = [
  "gift",
  "bestseller",
  "new-season",
  "limited",
  "eco",
  "online-only",
  "bundle",
  "clearance",
];
const DISCOUNTS = [5, 10, 15, 20, 25, 30, 40, 50];

const pad = (n: number) => String(n).padStart(6, "0");
const slugPart = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** The sample shop's products (everything not from this script), with their category and brand names. */
async function loadTemplates(db: Db): Promise<Template[]> {
  return db
    .select({
      title: products.title,
      unit: products.unit,
      img: products.img,
      imageUrls: products.imageUrls,
      categoryId: products.categoryId,
      categoryName: categories.name,
      subcategory: products.subcategory,
      brandId: products.brandId,
      brandName: brands.name,
      productType: products.productType,
      tags: products.tags,
      priceCents: products.priceCents,
      sizes: products.sizes,
      options: products.options,
      description: products.description,
      additionalInformation: products.additionalInformation,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(not(like(products.sku, `${BENCH_SKU_PREFIX}%`)))
    .orderBy(products.sku);
}

/** Every column the script writes; the rest (id, rating, review count, video) take their defaults. */
type BenchRow = Required<Omit<typeof products.$inferInsert, "id" | "rating" | "reviewCount" | "videoId">>;

/** How each column travels: as a text array, cast back per element on the server. */
const COLUMNS: { [K in keyof BenchRow]: { cast: string; text: (value: BenchRow[K]) => string | null } } = {
  sku: { cast: "text", text: (v) => v },
  title: { cast: "text", text: (v) => v },
  slug: { cast: "text", text: (v) => v },
  unit: { cast: "text", text: (v) => v },
  img: { cast: "text", text: (v) => v },
  imageUrls: { cast: "jsonb", text: (v) => JSON.stringify(v) },
  categoryId: { cast: "uuid", text: (v) => v },
  subcategory: { cast: "text", text: (v) => v },
  subcategorySlug: { cast: "text", text: (v) => v },
  brandId: { cast: "uuid", text: (v) => v },
  productType: { cast: "text", text: (v) => v },
  tags: { cast: "jsonb", text: (v) => JSON.stringify(v) },
  priceCents: { cast: "integer", text: (v) => String(v) },
  discount: { cast: "numeric", text: (v) => String(v) },
  salePriceCents: { cast: "integer", text: (v) => String(v) },
  quantity: { cast: "integer", text: (v) => String(v) },
  sellCount: { cast: "integer", text: (v) => String(v) },
  sizes: { cast: "jsonb", text: (v) => JSON.stringify(v) },
  options: { cast: "jsonb", text: (v) => JSON.stringify(v) },
  featured: { cast: "boolean", text: (v) => String(v) },
  description: { cast: "text", text: (v) => v },
  additionalInformation: { cast: "jsonb", text: (v) => JSON.stringify(v) },
  offerStart: { cast: "timestamptz", text: (v) => v?.toISOString() ?? null },
  offerEnd: { cast: "timestamptz", text: (v) => v?.toISOString() ?? null },
  searchText: { cast: "text", text: (v) => v },
  createdAt: { cast: "timestamptz", text: (v) => v.toISOString() },
  updatedAt: { cast: "timestamptz", text: (v) => v.toISOString() },
};
const COLUMN_KEYS = Object.keys(COLUMNS) as (keyof BenchRow)[];

/**
 * One INSERT for a whole batch: each column goes as one text[] parameter and `unnest` turns the arrays back
 * into rows. 26 parameters instead of 26 per row: several times faster to build, send and parse than VALUES.
 */
function insertRows(rows: BenchRow[]) {
  const names = sql.join(
    COLUMN_KEYS.map((key) => sql.identifier(products[key].name)),
    sql`, `,
  );
  const casts = sql.raw(COLUMN_KEYS.map((key, i) => `u.c${i}::${COLUMNS[key].cast}`).join(", "));
  const arrays = sql.join(
    COLUMN_KEYS.map((key) => {
      const column = COLUMNS[key] as { text: (value: unknown) => string | null };
      return sql`${sql.param(rows.map((row) => column.text(row[key])))}::text[]`;
    }),
    sql`, `,
  );
  const aliases = sql.raw(COLUMN_KEYS.map((_, i) => `c${i}`).join(", "));
  return sql`insert into ${products} (${names}) select ${casts} from unnest(${arrays}) as u(${aliases})`;
}

export interface BenchSeedOptions {
  products: number;
  append: boolean;
  seed: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface BenchSeedResult {
  inserted: number;
  first: number;
  last: number;
  seconds: number;
}

export class BenchSeedRefused extends Error {}

/** Adds the synthetic products; the whole run is one transaction, so it adds all of them or none. */
export async function seedBenchCatalogue(db: Db, options: BenchSeedOptions): Promise<BenchSeedResult> {
  const log = options.log ?? (() => {});
  const now = options.now ?? new Date();
  const started = performance.now();

  const [existing] = await db
    .select({ n: sql<number>`count(*)::int`, maxSku: sql<string | null>`max(${products.sku})` })
    .from(products)
    .where(like(products.sku, `${BENCH_SKU_PREFIX}%`));
  const existingCount = Number(existing?.n ?? 0);
  if (existingCount > 0 && !options.append) {
    throw new BenchSeedRefused(
      `This database already holds ${existingCount} bench products (${BENCH_SKU_PREFIX}...). ` +
        "Run with --append to add more, or point DATABASE_URL / DATA_DIR at a fresh database.",
    );
  }
  const first = existingCount > 0 ? Number((existing?.maxSku ?? "").slice(BENCH_SKU_PREFIX.length)) + 1 : 1;
  if (!Number.isSafeInteger(first)) throw new Error(`Cannot read the numbering of ${existing?.maxSku}`);

  const templates = await loadTemplates(db);
  if (templates.length === 0) throw new Error("The database has no sample products to vary from");
  const subcategoriesOf = new Map(
    (await db.select({ id: categories.id, children: categories.children }).from(categories)).map((c) => [
      c.id,
      c.children,
    ]),
  );
  // Brands that already sell a product type, so a synthetic lipstick never comes from a camera maker.
  const brandsOfType = new Map<string, { id: string; name: string }[]>();
  for (const t of templates) {
    if (!t.brandId || !t.brandName) continue;
    const list = brandsOfType.get(t.productType) ?? [];
    if (!list.some((b) => b.id === t.brandId)) list.push({ id: t.brandId, name: t.brandName });
    brandsOfType.set(t.productType, list);
  }

  // Mixing the start number into the seed keeps an --append run from repeating the first run's rows.
  const random = prng(options.seed * 1_000_003 + first);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

  function product(n: number): BenchRow {
    const t = pick(templates);
    const sku = `${BENCH_SKU_PREFIX}${pad(n)}`;
    const title = `${pick(PREFIXES)} ${t.title} S${int(1, 99)}`;
    // Mostly the template's subcategory and brand, sometimes a sibling, so every one of them gets products.
    const siblings = subcategoriesOf.get(t.categoryId) ?? [];
    const subcategory = siblings.length && random() < 0.3 ? pick(siblings) : t.subcategory;
    const sameType = brandsOfType.get(t.productType) ?? [];
    const brand =
      sameType.length && random() < 0.2
        ? pick(sameType)
        : t.brandId
          ? { id: t.brandId, name: t.brandName! }
          : null;
    const tags = random() < 0.4 ? [...new Set([...t.tags, pick(EXTRA_TAGS)])] : t.tags;
    // Prices from a third to three times the template's, ending in .99, at least $1.99.
    const factor = Math.exp((random() * 2 - 1) * Math.log(3));
    const priceCents = Math.max(199, Math.round((t.priceCents * factor) / 100) * 100 - 1);
    const discount = random() < 0.3 ? pick(DISCOUNTS) : 0;
    // About 3% out of stock; the rest hold plenty, so order benchmarks never run dry.
    const quantity = random() < 0.03 ? 0 : int(1000, 1_000_000);
    const createdAt = new Date(now.getTime() - Math.floor(random() * 730 * DAY));
    const offer = discount > 0 && random() < 0.1;
    return {
      sku,
      title,
      slug: `${slugPart(title)}-${sku.toLowerCase()}`,
      unit: t.unit,
      img: t.img,
      imageUrls: t.imageUrls,
      categoryId: t.categoryId,
      subcategory,
      subcategorySlug: slugPart(subcategory),
      brandId: brand?.id ?? null,
      productType: t.productType,
      tags,
      priceCents,
      discount,
      salePriceCents: productSalePriceCents(priceCents, discount),
      quantity,
      sellCount: int(0, 5000),
      sizes: t.sizes,
      // The template's colours and sizes: ensure_product_variants makes the variants from them once the rows are in.
      options: t.options,
      featured: random() < 0.005,
      description: t.description,
      additionalInformation: t.additionalInformation,
      offerStart: offer ? new Date(now.getTime() - int(0, 5) * DAY) : null,
      offerEnd: offer ? new Date(now.getTime() + int(1, 20) * DAY) : null,
      searchText: productSearchText({
        title,
        sku,
        tags,
        brandName: brand?.name,
        categoryName: t.categoryName,
        subcategory,
      }),
      createdAt,
      updatedAt: createdAt,
    };
  }

  const last = first + options.products - 1;
  log(`Adding ${options.products} bench products (${BENCH_SKU_PREFIX}${pad(first)}..${pad(last)})...`);
  const step = Math.max(BATCH, Math.ceil(options.products / 10 / BATCH) * BATCH);
  await db.transaction(async (tx) => {
    for (let start = first; start <= last; start += BATCH) {
      const end = Math.min(last, start + BATCH - 1);
      const rows = Array.from({ length: end - start + 1 }, (_, i) => product(start + i));
      await tx.execute(insertRows(rows));
      const done = end - first + 1;
      if (done % step === 0 || end === last) {
        const seconds = (performance.now() - started) / 1000;
        log(`  ${done}/${options.products} (${seconds.toFixed(1)} s, ${Math.round(done / seconds)} rows/s)`);
      }
    }
  });
  // Variants from each product's colours and sizes (sized fashion and shoes, rings by size, colours), its stock
  // spread over them, as the migration gives them; then every fifth variant from the third on sold out, the
  // products' sums following, so listings and pages meet unavailable combinations.
  log("Variants from the colours and sizes...");
  const made = await db.execute(sql`select ensure_product_variants() as made`);
  const prefix = `${BENCH_SKU_PREFIX}%`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update product_variants set quantity = 0
      where sku like ${prefix} and position % 5 = 3 and quantity > 0`);
    await tx.execute(sql`update products p set quantity = s.total from (
        select product_id, sum(quantity)::int as total from product_variants where sku like ${prefix} group by product_id
      ) s where p.id = s.product_id and p.quantity <> s.total`);
  });
  log(`  ${(made as unknown as { rows: { made: number }[] }).rows[0]?.made ?? 0} variants`);
  // Fresh statistics (and a visibility map, for index-only counts), as autovacuum would leave them
  // minutes later: plans and timings then match a settled shop, not a just-loaded one.
  log("VACUUM ANALYZE products, product_listing, product_variants...");
  await db.execute(sql`vacuum analyze products, product_listing, product_variants`);
  const seconds = (performance.now() - started) / 1000;
  return { inserted: options.products, first, last, seconds };
}

function parseOptions(argv: string[]): { products: number; append: boolean; seed: number } {
  // pnpm passes the `--` separator through; parseArgs would read everything after it as positionals.
  const { values } = parseArgs({
    args: argv.filter((a) => a !== "--"),
    options: {
      products: { type: "string", default: "100000" },
      append: { type: "boolean", default: false },
      seed: { type: "string", default: "42" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1 || products > 5_000_000) {
    throw new Error(`--products must be a whole number from 1 to 5000000, not '${values.products}'`);
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not '${values.seed}'`);
  return { products, append: values.append, seed };
}

async function main() {
  let options: ReturnType<typeof parseOptions>;
  let env: ReturnType<typeof loadEnv>;
  try {
    options = parseOptions(process.argv.slice(2));
    env = loadEnv();
  } catch (error) {
    console.error(error instanceof EnvError || error instanceof Error ? error.message : error);
    console.error(`\n${USAGE}`);
    process.exit(1);
  }
  const started = performance.now();
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    await database.migrate();
    const where =
      database.kind === "postgres"
        ? "PostgreSQL"
        : env.DATABASE_URL === "memory:"
          ? "in-memory PGlite"
          : `PGlite in ${env.DATA_DIR}`;
    if (await isEmpty(database.db)) {
      console.log(`Empty database (${where}): seeding the sample shop first...`);
      await seedSampleShop(database.db, { now: new Date(), demoAccounts: env.NODE_ENV !== "production" });
    } else {
      console.log(`Database: ${where}`);
    }
    const result = await seedBenchCatalogue(database.db, { ...options, log: (line) => console.log(line) });
    const [total] = await database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const [inStock] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(and(like(products.sku, `${BENCH_SKU_PREFIX}%`), sql`${products.quantity} > 0`));
    console.log(
      `Added ${result.inserted} bench products (${inStock?.n} in stock) in ${result.seconds.toFixed(1)} s; ` +
        `the catalogue now holds ${total?.n} products. Total ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    if (error instanceof BenchSeedRefused) {
      console.error(error.message);
      process.exitCode = 2;
    } else {
      throw error;
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
