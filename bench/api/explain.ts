/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) for the listing's worst cases, on the exact SQL the API sends: every query
 * of each case is captured through Drizzle's logger and explained with its parameters.
 * `DATABASE_URL=postgres://... pnpm --filter @shop/api explain` (or DATA_DIR=... for PGlite), on a database
 * seeded with `pnpm --filter @shop/bench seed`. Add `-- --markdown` for the decision record's format.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Db } from "@shop/api/src/db/client.ts";
import * as schema from "@shop/api/src/db/schema.ts";
import { loadEnv } from "@shop/api/src/env.ts";
import {
  type ListingQuery,
  listProducts,
  type ProductFilters,
  productFacets,
} from "@shop/api/src/modules/products/listing.ts";
import { PRODUCT_TYPES } from "@shop/domain/constants";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

const markdown = process.argv.includes("--markdown");
const env = loadEnv();
const captured: { query: string; params: unknown[] }[] = [];
const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };

/** Raw SQL on the same engine, for EXPLAIN. */
type Raw = <R>(text: string, params?: unknown[]) => Promise<{ rows: R[] }>;
let db: Db;
let raw: Raw;
let close: () => Promise<void>;
let label: (version: string) => string;
if (env.DATABASE_URL?.startsWith("postgres")) {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 });
  db = drizzlePg(pool, { schema, logger }) as unknown as Db;
  raw = (text, params) => pool.query(text, params) as never;
  close = () => pool.end();
  label = (version) => `PostgreSQL ${version}`;
} else {
  const client = await PGlite.create(`${env.DATA_DIR}/db`, { extensions: { pg_trgm } });
  db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  raw = (text, params) => client.query(text, params);
  close = () => client.close();
  label = (version) => `PGlite (PostgreSQL ${version})`;
}
const [version] = (await raw<{ v: string }>("select current_setting('server_version') as v")).rows;
const engine = label(version?.v ?? "?");
const explain = async (query: string, params: unknown[]) =>
  (await raw<{ "QUERY PLAN": string }>(`explain (analyze, buffers, costs off) ${query}`, params)).rows.map(
    (r) => r["QUERY PLAN"],
  );

const page = (n: number, size = 12) => ({ limit: size, offset: (n - 1) * size });
// Slugs of the sample shop, which the bench seed builds its products from.
const [makeup, rings, cameras, kelvane, islaPerla] = ["makeup", "rings", "cameras", "kelvane", "isla-perla"];
const price = { minPriceCents: 2000, maxPriceCents: 80000 };

const listings: { title: string; q: ListingQuery }[] = [
  {
    title: "on-sale sort, no filter, page 30",
    q: { filters: { onSaleOnly: true }, order: { sort: "sale" }, ...page(30) },
  },
  {
    title: "default sort (newest), no filter, page 30",
    q: { filters: {}, order: { sort: "newest" }, ...page(30) },
  },
  {
    title: "a product type, price range, in stock, on-sale sort, page 30",
    q: {
      filters: { productType: PRODUCT_TYPES[1], ...price, status: "in-stock", onSaleOnly: true },
      order: { sort: "sale" },
      ...page(30),
    },
  },
  {
    title: "a category whose prices are all low, high-to-low, page 30",
    q: { filters: { categorySlug: makeup, status: "in-stock" }, order: { sort: "price-desc" }, ...page(30) },
  },
  {
    title: "a category and a brand that rarely go together, price range, newest, page 1",
    q: {
      filters: { categorySlug: rings, brandSlug: islaPerla, ...price },
      order: { sort: "newest" },
      ...page(1),
    },
  },
  {
    title: "a category and a brand with few products together (fewer than fenceMax)",
    q: { filters: { categorySlug: cameras, brandSlug: kelvane }, order: { sort: "newest" }, ...page(1) },
  },
  {
    title: "a category and a brand that never go together",
    q: { filters: { categorySlug: makeup, brandSlug: kelvane }, order: { sort: "newest" }, ...page(1) },
  },
  {
    title: "a subcategory alone, low-to-high, page 30",
    q: { filters: { subcategorySlug: "moisturizers" }, order: { sort: "price-asc" }, ...page(30) },
  },
  {
    title: "a brand, on sale, high-to-low, page 20",
    q: { filters: { brandSlug: kelvane, status: "on-sale" }, order: { sort: "price-desc" }, ...page(20) },
  },
  {
    title: "search, one common word, relevance, page 1",
    q: { filters: { words: ["headphones"] }, order: { sort: "relevance" }, ...page(1) },
  },
  {
    title: "search with every filter, on-sale sort",
    q: {
      filters: {
        words: ["gold"],
        ...price,
        status: "in-stock",
        categorySlug: rings,
        subcategorySlug: "statement-rings",
        brandSlug: "orocielo",
        productType: "jewelry",
        onSaleOnly: true,
      },
      order: { sort: "sale" },
      ...page(1),
    },
  },
  {
    title: "search, a two-letter word, newest, page 3",
    q: { filters: { words: ["tv"] }, order: { sort: "newest" }, ...page(3) },
  },
];
const facets: { title: string; filters: ProductFilters }[] = [
  { title: "facets, no filter", filters: {} },
  { title: "facets, a category in stock", filters: { categorySlug: rings, status: "in-stock" } },
];

const out: string[] = [];
const print = (line = "") => {
  out.push(line);
};
print(markdown ? `### ${engine}\n` : `== ${engine}`);

/** The page's rows joined by primary key to products, categories and brands: the same in every plan, so shown as one line. */
const LOOKUP = /(Index Scan using (products|categories|brands)_pkey|Seq Scan on (categories|brands)\b)/;

function withoutLookups(plan: string[]): string[] {
  const out: string[] = [];
  let skipDeeperThan = -1;
  let skipped = 0;
  for (const line of plan) {
    const indent = line.length - line.trimStart().length;
    if (skipDeeperThan >= 0 && indent > skipDeeperThan) continue;
    skipDeeperThan = -1;
    if (LOOKUP.test(line)) {
      skipDeeperThan = indent;
      skipped++;
      continue;
    }
    out.push(line);
  }
  if (skipped)
    out.push("(each row of the page then read by primary key from products, categories and brands)");
  return out;
}

async function explainCaptured(title: string, run: () => Promise<unknown>) {
  captured.length = 0;
  await run();
  const queries = [...captured];
  print();
  print(markdown ? `#### ${title}` : `-- ${title}`);
  if (markdown) print();
  for (const { query, params } of queries) {
    const plan = await explain(query, params);
    if (markdown) {
      print("```");
      for (const line of withoutLookups(plan)) print(line);
      print("```");
      print();
    } else {
      print(query.replace(/\s+/g, " ").slice(0, 400));
      for (const line of plan) print(line);
    }
  }
}

for (const { title, q } of listings) await explainCaptured(title, () => listProducts(db, q));
for (const { title, filters } of facets) await explainCaptured(title, () => productFacets(db, filters));
console.log(out.join("\n"));
await close();
