/**
 * The storefront listing, search and facets, read from product_listing: filters as SQL, pages walked along the
 * sort's index, searches ranked once per filter, counts and facets cached per filter until the listing changes.
 * The plans are in docs/decisions/016-listing-from-indexes.md.
 */
import { type ListingSort, priceRangeOfCents, slugify } from "@shop/domain/catalogue";
import { PRODUCT_TYPES, type ProductType, type StockLevel } from "@shop/domain/constants";
import { productTypeNames } from "@shop/domain/messages";
import type { ProductFacets } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { cachedForListing } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { badRequest } from "../../http-errors.ts";
import { brands } from "../brands/tables.ts";
import { categories } from "../categories/tables.ts";
import { runningLow } from "../inventory/stock.ts";
import { type RankColumns, relevanceOrder, type ScoreColumns, searchConditions } from "../search/matching.ts";
import type { SearchPlan } from "../search/plan.ts";
import type { SuggestedRow, SuggestionListing } from "../search/suggest.ts";
import { productListing as listing, productDocuments, products, productVariants } from "./tables.ts";

// ---------- Filters ----------

/** in-stock and out-of-stock follow the quantity; on-sale means a discount above 0. */
export const PRODUCT_FILTER_STATUSES = ["in-stock", "on-sale", "out-of-stock"] as const;
export type ProductFilterStatus = (typeof PRODUCT_FILTER_STATUSES)[number];

export interface ProductFilters {
  /** react-admin's getMany; only UUIDs, others cannot match. */
  ids?: string[];
  minPriceCents?: number;
  maxPriceCents?: number;
  status?: ProductFilterStatus;
  /** The back office's stock filter: low (LOW_STOCK_THRESHOLD or fewer left, out of stock included) or out (none left). */
  stock?: StockLevel;
  categorySlug?: string;
  categoryId?: string;
  subcategorySlug?: string;
  brandSlug?: string;
  brandId?: string;
  /** Lower-case words; every one must appear in the product's search text. */
  words?: string[];
  /**
   * The words read by the forgiving search (modules/search/plan.ts): when set, it replaces `words`' plain
   * matching, each unit matching as typed or through its forms, corrections and synonyms, and ranks relevance.
   */
  search?: SearchPlan;
  productType?: ProductType;
  featured?: boolean;
  /** The storefront's on-sale sort lists only discounted products. */
  onSaleOnly?: boolean;
  /** Sizes the product must come in, as optionSlug writes them (any of them). */
  sizeSlugs?: string[];
  /** Colours the product must come in, as optionSlug writes them (any of them). */
  colorSlugs?: string[];
  /** The searched text as typed, lower-cased: a variant whose SKU it is matches too. */
  skuText?: string;
}

/** The facets of the filter sidebar; each one's counts ignore its own filter. */
export type FacetKey = "price" | "category" | "subCategory" | "brand" | "productType" | "status";

/** Category and brand ids by slug. */
export interface ScopeIds {
  categories: Map<string, string>;
  brands: Map<string, string>;
}

/**
 * Every category's and brand's id by slug, cached until the listing changes (a rename changes it). A listing then
 * names its category and brand by id, so the planner knows which, and through the statistics on how they go
 * together (migration 0004) how many products they share, and picks the walk to match.
 */
export function scopeIds(db: Db): Promise<ScopeIds> {
  return cachedForListing(
    db,
    "scope-ids",
    (ids) => (ids.categories.size + ids.brands.size) * 120,
    async () => {
      const [categoryRows, brandRows] = await Promise.all([
        db.select({ slug: categories.slug, id: categories.id }).from(categories),
        db.select({ slug: brands.slug, id: brands.id }).from(brands),
      ]);
      return {
        categories: new Map(categoryRows.map((r) => [r.slug, r.id])),
        brands: new Map(brandRows.map((r) => [r.slug, r.id])),
      };
    },
  );
}

/** The listing's column equal to the id of `slug`, or no match for a slug nobody has. */
const idOf = (column: AnyPgColumn, ids: Map<string, string>, slug: string): SQL => {
  const id = ids.get(slug);
  return id === undefined ? sql`false` : eq(column, id);
};

/**
 * The filters no facet counts by (searched words, ids, featured, the back office's stock): what the facets' one
 * grouped scan reads under (productFacets). The on-sale sort's filter and the price range are left to the groups.
 */
function facetScanFilters(f: ProductFilters): ProductFilters {
  const {
    onSaleOnly: _onSaleOnly,
    status: _status,
    categorySlug: _categorySlug,
    categoryId: _categoryId,
    subcategorySlug: _subcategorySlug,
    brandSlug: _brandSlug,
    brandId: _brandId,
    productType: _productType,
    minPriceCents: _minPriceCents,
    maxPriceCents: _maxPriceCents,
    // Sizes and colours stay: the other facets count under them (their own facets are optionFacets').
    ...scanned
  } = f;
  return scanned;
}

/** A product that comes in any of these values of one kind ("size", "color"), through the GIN index. */
const comesIn = (kind: "size" | "color", slugs: readonly string[]): SQL =>
  sql`${listing.optionSlugs} && array[${sql.join(
    slugs.map((slug) => sql`${`${kind}:${slug}`}`),
    sql`, `,
  )}]::text[]`;

/** The WHERE conditions on product_listing. */
export function listingConditions(f: ProductFilters, ids: ScopeIds): SQL[] {
  const where: SQL[] = [];
  if (f.ids) {
    const ids = f.ids.filter(isUuid);
    where.push(ids.length ? inArray(listing.productId, ids) : sql`false`);
  }
  if (f.minPriceCents !== undefined) where.push(gte(listing.salePriceCents, f.minPriceCents));
  if (f.maxPriceCents !== undefined) where.push(lte(listing.salePriceCents, f.maxPriceCents));
  // Literal conditions (not parameters), so the planner can match the partial on-sale indexes.
  const onSale = sql`${listing.discount} > 0`;
  if (f.status) {
    if (f.status === "in-stock") where.push(sql`${listing.inStock}`);
    else if (f.status === "out-of-stock") where.push(sql`not ${listing.inStock}`);
    else where.push(onSale);
  }
  if (f.onSaleOnly) where.push(onSale);
  if (f.stock === "out") where.push(sql`not ${listing.inStock}`);
  // The listing keeps no quantity: the inventory finds the few products running low.
  if (f.stock === "low") where.push(runningLow(listing.productId));
  if (f.categorySlug !== undefined) where.push(idOf(listing.categoryId, ids.categories, f.categorySlug));
  if (f.categoryId !== undefined) where.push(eq(listing.categoryId, f.categoryId));
  if (f.subcategorySlug !== undefined) where.push(eq(listing.subcategorySlug, f.subcategorySlug));
  if (f.brandSlug !== undefined) where.push(idOf(listing.brandId, ids.brands, f.brandSlug));
  if (f.brandId !== undefined) where.push(eq(listing.brandId, f.brandId));
  if (f.productType) where.push(eq(listing.productType, f.productType));
  if (f.featured !== undefined)
    where.push(f.featured ? sql`${listing.featured}` : sql`not ${listing.featured}`);
  if (f.sizeSlugs?.length) where.push(comesIn("size", f.sizeSlugs));
  if (f.colorSlugs?.length) where.push(comesIn("color", f.colorSlugs));
  // The searched words, as modules/search matches them; or a variant's SKU typed whole.
  const searched = searchConditions(listing, f.words ?? [], f.search);
  if (f.skuText && searched.length) {
    where.push(
      sql`(${and(...searched)} or ${listing.productId} in (select ${productVariants.productId} from ${productVariants} where lower(${productVariants.sku}) = ${f.skuText}))`,
    );
  } else {
    where.push(...searched);
  }
  return where;
}

/** One key per distinct filter, whatever the sort and page. */
const filtersKey = (f: ProductFilters): string => JSON.stringify(f);

// ---------- Order ----------

/** react-admin's sort fields, mapped to columns explicitly; nothing from the request reaches SQL as text. */
const ADMIN_SORT_COLUMNS = {
  id: products.id,
  title: products.title,
  price: products.priceCents,
  quantity: products.quantity,
  sku: products.sku,
  createdAt: products.createdAt,
  sellCount: products.sellCount,
  discount: products.discount,
  rating: products.rating,
  featured: products.featured,
} satisfies Record<string, AnyPgColumn>;
export const PRODUCT_SORT_FIELDS = Object.keys(ADMIN_SORT_COLUMNS) as (keyof typeof ADMIN_SORT_COLUMNS)[];

export type ListingOrder = { sort: ListingSort } | { admin: { field: string; order: "asc" | "desc" } };

function adminOrder(field: string, order: "asc" | "desc"): SQL[] {
  const column = ADMIN_SORT_COLUMNS[field as keyof typeof ADMIN_SORT_COLUMNS];
  if (!column)
    throw badRequest(`Cannot sort by '${field}'; sort by one of: ${PRODUCT_SORT_FIELDS.join(", ")}`);
  const dir = order === "asc" ? asc : desc;
  return column === products.id ? [dir(products.id)] : [dir(column), dir(products.id)];
}

/** The columns a storefront order reads, wherever they come from (the table, a subquery, a CTE). */
interface SortColumns extends RankColumns {
  salePriceCents: SQLWrapper;
  discount: SQLWrapper;
}

function sortKeys(
  sort: ListingSort,
  c: SortColumns,
  words: readonly string[],
  plan?: SearchPlan,
  scoreColumns?: ScoreColumns,
): SQL[] {
  switch (sort) {
    case "newest":
      return [desc(c.createdAt), desc(c.productId)];
    case "price-asc":
      return [asc(c.salePriceCents), asc(c.productId)];
    case "price-desc":
      return [desc(c.salePriceCents), desc(c.productId)];
    case "sale":
      return [desc(c.discount), asc(c.productId)];
    case "relevance":
      // A search ranks as modules/search says; a listing without words has nothing to rank, and is the newest.
      return relevanceOrder(c, words, plan, scoreColumns) ?? sortKeys("newest", c, words);
  }
}

// ---------- Pages ----------

export interface ListingQuery {
  filters: ProductFilters;
  /** A storefront order (@shop/domain/catalogue's listingOrder names it) or react-admin's. */
  order: ListingOrder;
  limit: number;
  offset: number;
  /** Only the first `cap` products of the order are listed (new-added's last 6). */
  cap?: number | null;
}

/** Knobs of the query strategy; tests turn them to exercise every path. */
export const listingTuning = {
  /** At or below this many matches a page is sorted from the matches themselves, found through the filters' indexes. */
  fenceMax: 1000,
  /** How many of a search's ordered results are cached: pages beyond run their own query. */
  cachedResults: 1000,
  /** How many ids of a listing's order are cached, per filter and sort: 30 pages of 12, 18 of 20. */
  cachedListing: 360,
};

/** A LIMIT that never cuts but keeps the planner from merging the matches into a walk of the sort's index. */
const FENCE_LIMIT = 1_000_000_000;

const countOf = async (db: Db, where: SQL | undefined): Promise<number> => {
  const [row] = await db.select({ n: count() }).from(listing).where(where);
  return row?.n ?? 0;
};

/** The number of products matching a filter: one count per filter, whatever the sort and page. */
function filterCount(db: Db, f: ProductFilters, where: SQL | undefined): Promise<number> {
  return cachedForListing(
    db,
    `count\u0000${filtersKey(f)}`,
    () => 8,
    () => countOf(db, where),
  );
}

/** A page of products as the wire carries them: their JSON array, written by the database, and its length. */
export interface ProductPage {
  json: string;
  count: number;
}

const EMPTY_PAGE: ProductPage = { json: "[]", count: 0 };

/** The products of `page`, a subquery of (product_id, position), as one JSON array in its order. */
async function documentsOf(db: Db, page: SQLWrapper): Promise<ProductPage> {
  const result = await db.execute(sql`
    select '[' || coalesce(string_agg(d.document, ',' order by page.position), '') || ']' as json,
      count(*)::int as count
    from ${page} join ${productDocuments} d on d.product_id = page.product_id`);
  const [row] = (result as unknown as { rows: ProductPage[] }).rows;
  return row ? { json: row.json, count: Number(row.count) } : EMPTY_PAGE;
}

/**
 * The product ids of a page with their places, as the subquery documentsOf reads; the place is computed on the
 * walk's own order, so it costs no sort of its own.
 */
const pageOf = (ids: SQLWrapper, keys: SQL[]) => ({
  product_id: sql<string>`${ids}`.as("product_id"),
  position: sql<number>`row_number() over (order by ${sql.join(keys, sql`, `)})`.as("position"),
});

/** Products by id, in the order given. */
function documentsById(db: Db, ids: string[]): Promise<ProductPage> {
  if (!ids.length) return Promise.resolve(EMPTY_PAGE);
  // Our own ids, read back from a cached search: UUIDs, so the array literal needs no escaping.
  const page = sql`unnest(${`{${ids.join(",")}}`}::uuid[]) with ordinality as page(product_id, position)`;
  return documentsOf(db, page);
}

const tableColumns: SortColumns = listing;

/**
 * One page and the total. The total is counted once per filter and cached until the listing changes, so other
 * pages and sorts of the same filter cost one query. It also steers the page query:
 * - many matches: walk the index of the sort (for the filter's category, brand, type or subcategory when it has
 *   one) from the first match and stop at the end of the page; price and status are checked on the index;
 * - few matches (at most fenceMax): take them through the filters' own indexes and sort that handful, since a
 *   walk could pass many products that do not match before it meets those few;
 * - either way, the ids of the first cachedListing products of a filter and sort are walked once and cached until
 *   the listing changes, so its first pages cost a primary-key read of their products' documents;
 * - a search: rank every match once (trigram index), cache the first cachedResults ids, serve pages from them.
 * react-admin's column sorts join products and sort the matches.
 */
export async function listProducts(db: Db, q: ListingQuery): Promise<{ page: ProductPage; total: number }> {
  const cap = q.cap ?? null;
  if (cap === null) return listPage(db, q);
  // The first `cap` of the order, paged: a page past them is empty, and the total is at most `cap`.
  const past = q.offset >= cap;
  const { page, total } = await listPage(db, {
    ...q,
    offset: past ? 0 : q.offset,
    limit: past ? 1 : Math.min(q.limit, cap - q.offset),
  });
  return { page: past ? EMPTY_PAGE : page, total: Math.min(total, cap) };
}

async function listPage(db: Db, q: ListingQuery): Promise<{ page: ProductPage; total: number }> {
  const words = q.filters.words ?? [];
  if ("sort" in q.order && words.length) return searchPage(db, q, q.order.sort, words);
  const where = and(...listingConditions(q.filters, await scopeIds(db)));
  const total = await filterCount(db, q.filters, where);
  if (total === 0 || q.offset >= total) return { page: EMPTY_PAGE, total };

  if ("admin" in q.order) {
    const keys = adminOrder(q.order.admin.field, q.order.admin.order);
    const page = db
      .select(pageOf(products.id, keys))
      .from(products)
      .innerJoin(listing, eq(listing.productId, products.id))
      .where(where)
      .orderBy(...keys)
      .limit(q.limit)
      .offset(q.offset)
      .as("page");
    return { page: await documentsOf(db, page), total };
  }

  const sort = q.order.sort;
  const end = q.offset + q.limit;
  const cached = listingTuning.cachedListing;
  if (end > cached)
    return { page: await documentsOf(db, pageQuery(db, where, total, sort, q.limit, q.offset)), total };
  // The first pages of a filter and sort: their ids walked once and cached until the listing changes.
  const ids = await cachedForListing(
    db,
    `ids\u0000${sort}\u0000${filtersKey(q.filters)}`,
    (ids) => 16 + ids.length * 80,
    async () => {
      const page = pageQuery(db, where, total, sort, cached, 0);
      const result = await db.execute(
        sql`select array(select page.product_id::text from ${page} order by page.position) as ids`,
      );
      return (result as unknown as { rows: { ids: string[] }[] }).rows[0]?.ids ?? [];
    },
  );
  return { page: await documentsById(db, ids.slice(q.offset, end)), total };
}

/**
 * The subquery of (product_id, position) of `limit` products from `offset` in a storefront order: a walk along
 * the sort's index, or, for at most fenceMax matches, a sort of the matches found through the filters' indexes.
 */
function pageQuery(
  db: Db,
  where: SQL | undefined,
  total: number,
  sort: ListingSort,
  limit: number,
  offset: number,
) {
  if (total <= listingTuning.fenceMax) {
    const matches = db
      .select({
        productId: listing.productId,
        createdAt: listing.createdAt,
        salePriceCents: listing.salePriceCents,
        discount: listing.discount,
        titleText: listing.titleText,
      })
      .from(listing)
      .where(where)
      .limit(FENCE_LIMIT)
      .as("matches");
    const keys = sortKeys(sort, matches, []);
    return db
      .select(pageOf(matches.productId, keys))
      .from(matches)
      .orderBy(...keys)
      .limit(limit)
      .offset(offset)
      .as("page");
  }
  const keys = sortKeys(sort, tableColumns, []);
  return db
    .select(pageOf(listing.productId, keys))
    .from(listing)
    .where(where)
    .orderBy(...keys)
    .limit(limit)
    .offset(offset)
    .as("page");
}

/** The columns of the CTE a search ranks its matches in. */
const matchColumns = {
  productId: sql.raw("m.id"),
  createdAt: sql.raw("m.created_at"),
  salePriceCents: sql.raw("m.sale_price_cents"),
  discount: sql.raw("m.discount"),
  titleText: sql.raw("m.title_text"),
  categoryId: sql.raw("m.category_id"),
  subcategorySlug: sql.raw("m.subcategory_slug"),
  brandId: sql.raw("m.brand_id"),
};

/**
 * A search's page. Its matches are found once through the trigram index, counted and ranked in one query, and
 * the first cachedResults ids cached per filter and sort; later pages take their ids from there.
 */
async function searchPage(
  db: Db,
  q: ListingQuery,
  sort: ListingSort,
  words: string[],
): Promise<{ page: ProductPage; total: number }> {
  const where = and(...listingConditions(q.filters, await scopeIds(db)));
  const ranked = (limit: number) => async () => {
    const keys = sortKeys(sort, matchColumns, words, q.filters.search, matchColumns);
    const result = await db.execute(sql`
      with m as (
        select ${listing.productId} as id, ${listing.createdAt} as created_at,
          ${listing.salePriceCents} as sale_price_cents, ${listing.discount} as discount,
          ${listing.titleText} as title_text, ${listing.categoryId} as category_id,
          ${listing.subcategorySlug} as subcategory_slug, ${listing.brandId} as brand_id
        from ${listing} where ${where ?? sql`true`}
      )
      select (select count(*) from m)::int as total,
        array(select m.id::text from m order by ${sql.join(keys, sql`, `)} limit ${limit}) as ids`);
    const row = (result as unknown as { rows: { total: number; ids: string[] }[] }).rows[0];
    return { total: Number(row?.total ?? 0), ids: row?.ids ?? [] };
  };
  const end = q.offset + q.limit;
  const cached = listingTuning.cachedResults;
  const results =
    end <= cached
      ? await cachedForListing(
          db,
          `search\u0000${sort}\u0000${filtersKey(q.filters)}`,
          (r) => 16 + r.ids.length * 48,
          ranked(cached),
        )
      : await ranked(end)();
  return { page: await documentsById(db, results.ids.slice(q.offset, end)), total: results.total };
}

/** How many products a filter (a search plan with it) matches, cached per filter until the listing changes. */
export async function matchCount(db: Db, f: ProductFilters): Promise<number> {
  return filterCount(db, f, and(...listingConditions(f, await scopeIds(db))));
}

/**
 * The `limit` most relevant products of a search plan, for the suggestions while typing: one query that ranks the
 * matches and keeps the first few (no page, no total), cached per plan until the listing changes.
 */
export function suggestedProducts(db: Db, plan: SearchPlan, limit: number): Promise<SuggestedRow[]> {
  const filters: ProductFilters = { search: plan };
  return cachedForListing(
    db,
    `suggest\u0000${limit}\u0000${JSON.stringify(plan)}`,
    (rows) => 16 + rows.length * 200,
    async () => {
      const where = and(...listingConditions(filters, await scopeIds(db)));
      const keys = sortKeys("relevance", tableColumns, [], plan, listing);
      const top = db
        .select({ productId: listing.productId, position: pageOf(listing.productId, keys).position })
        .from(listing)
        .where(where)
        .orderBy(...keys)
        .limit(limit)
        .as("top");
      const rows = await db
        .select({
          id: products.id,
          title: products.title,
          img: products.img,
          priceCents: products.priceCents,
          discount: products.discount,
          categoryId: products.categoryId,
        })
        .from(top)
        .innerJoin(products, eq(products.id, top.productId))
        .orderBy(asc(top.position));
      return rows.map((r) => ({ ...r, discount: Number(r.discount) }));
    },
  );
}

/** The listing as the search's suggestions and "Did you mean …?" read it (app.ts hands it to modules/search). */
export const suggestionListing: SuggestionListing = {
  matchCount: (db, words, plan) => matchCount(db, { words, search: plan }),
  topProducts: suggestedProducts,
};

/** The featured products, newest first, through the featured products' own index. */
export function featuredProducts(db: Db, limit: number): Promise<ProductPage> {
  const keys = sortKeys("newest", tableColumns, []);
  const page = db
    .select(pageOf(listing.productId, keys))
    .from(listing)
    .where(sql`${listing.featured}`)
    .orderBy(...keys)
    .limit(limit)
    .as("page");
  return documentsOf(db, page);
}

// ---------- Facets ----------

/** Products alike in everything a facet counts by, as the facets' grouped scan answers them. */
interface FacetGroup {
  categoryId: string;
  subcategorySlug: string;
  subcategory: string;
  brandId: string | null;
  productType: ProductType;
  inStock: boolean;
  onSale: boolean;
  /** Its products' prices (USD cents), lowest first. */
  pricesCents: Int32Array;
}

/** How many of `sorted` lie within [min, max] (either end open when not given). */
function countWithin(
  sorted: Int32Array,
  min = Number.NEGATIVE_INFINITY,
  max = Number.POSITIVE_INFINITY,
): number {
  /** The first index whose price is at least `price` (above it with `after`). */
  const firstFrom = (price: number, after: boolean) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (after ? sorted[mid]! <= price : sorted[mid]! < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return Math.max(0, firstFrom(max, true) - firstFrom(min, false));
}

/** Every category (with its subcategories) and brand, by name, for the facets; cached until the listing changes. */
function facetNames(db: Db) {
  return cachedForListing(
    db,
    "facet-names",
    (names) => JSON.stringify(names).length,
    () =>
      Promise.all([
        db
          .select({
            id: categories.id,
            slug: categories.slug,
            name: categories.name,
            children: categories.children,
          })
          .from(categories)
          .orderBy(asc(categories.name)),
        db
          .select({ id: brands.id, slug: brands.slug, name: brands.name })
          .from(brands)
          .orderBy(asc(brands.name)),
      ]),
  );
}

/**
 * The sidebar's counts under the current filters; each facet counts under every filter but its own. One scan
 * groups the products matching the filters no facet counts by (facetScanFilters) by category, subcategory,
 * brand, type, stock and sale, with each group's prices; each facet then adds up, within the price range, the
 * groups that pass the other facets' filters (and the on-sale sort's). That scan is cached until the listing
 * changes, so every listing with the same words (any scope, price range, status, sort or page) shares it.
 */
export async function productFacets(db: Db, f: ProductFilters): Promise<ProductFacets> {
  const ids = await scopeIds(db);
  const scanned = facetScanFilters(f);
  const onSale = sql<boolean>`${listing.discount} > 0`;
  const [groups, [categoryNames, brandNames]] = await Promise.all([
    cachedForListing(
      db,
      `facet-groups\u0000${filtersKey(scanned)}`,
      (rows) => rows.reduce((bytes, g) => bytes + 160 + g.pricesCents.byteLength, 16),
      async (): Promise<FacetGroup[]> => {
        const rows = await db
          .select({
            categoryId: listing.categoryId,
            subcategorySlug: listing.subcategorySlug,
            subcategory: sql<string>`min(${listing.subcategory})`,
            brandId: listing.brandId,
            productType: listing.productType,
            inStock: listing.inStock,
            onSale,
            // One string, not an array: a driver reads a string at once, an array of thousands value by value.
            prices: sql<string>`string_agg(${listing.salePriceCents}::text, ',' order by ${listing.salePriceCents})`,
          })
          .from(listing)
          .where(and(...listingConditions(scanned, ids)))
          .groupBy(
            listing.categoryId,
            listing.subcategorySlug,
            listing.brandId,
            listing.productType,
            listing.inStock,
            onSale,
          );
        return rows.map(({ prices, ...r }) => ({
          ...r,
          productType: r.productType as ProductType,
          pricesCents: Int32Array.from(prices.split(","), Number),
        }));
      },
    ),
    facetNames(db),
  ]);
  /** How many of a group's products are within the price range (all when there is none). */
  const inPrice = new Map(
    groups.map((g) => [g, countWithin(g.pricesCents, f.minPriceCents, f.maxPriceCents)] as const),
  );

  // Each facet's own filter, as a test of a group; a slug nobody has matches nothing.
  const idsOf = (slug: string | undefined, id: string | undefined, bySlug: Map<string, string>) =>
    [slug === undefined ? undefined : (bySlug.get(slug) ?? null), id].filter((v) => v !== undefined);
  const categoryIds = idsOf(f.categorySlug, f.categoryId, ids.categories);
  const brandIds = idsOf(f.brandSlug, f.brandId, ids.brands);
  const passes: Record<Exclude<FacetKey, "price">, (g: FacetGroup) => boolean> = {
    category: (g) => categoryIds.every((id) => g.categoryId === id),
    subCategory: (g) => f.subcategorySlug === undefined || g.subcategorySlug === f.subcategorySlug,
    brand: (g) => brandIds.every((id) => g.brandId === id),
    productType: (g) => !f.productType || g.productType === f.productType,
    status: (g) =>
      !f.status ||
      (f.status === "in-stock" ? g.inStock : f.status === "out-of-stock" ? !g.inStock : g.onSale),
  };
  const facets = Object.keys(passes) as (keyof typeof passes)[];
  const listed = f.onSaleOnly ? groups.filter((g) => g.onSale) : groups;
  /** The groups under every filter but `omit`'s. */
  const under = (omit: FacetKey) =>
    listed.filter((g) => facets.every((facet) => facet === omit || passes[facet](g)));
  const countBy = <K>(rows: FacetGroup[], keyOf: (g: FacetGroup) => K) => {
    const counts = new Map<K, number>();
    for (const g of rows) counts.set(keyOf(g), (counts.get(keyOf(g)) ?? 0) + inPrice.get(g)!);
    return counts;
  };

  const categoryCounts = countBy(under("category"), (g) => g.categoryId);
  const brandCounts = countBy(under("brand"), (g) => g.brandId);
  const typeCounts = countBy(under("productType"), (g) => g.productType);
  const statusGroups = under("status");
  const sumOf = (rows: FacetGroup[]) => rows.reduce((sum, g) => sum + inPrice.get(g)!, 0);
  const maxCents = under("price").reduce((max, g) => Math.max(max, g.pricesCents.at(-1) ?? 0), 0);

  // Subcategories: those of the categories in scope (with none), and any a matching product has.
  const subcategories = new Map<string, { slug: string; name: string; count: number }>();
  for (const category of categoryNames) {
    if (!categoryIds.every((id) => category.id === id)) continue;
    for (const name of category.children) {
      const slug = slugify(name);
      if (slug && !subcategories.has(slug)) subcategories.set(slug, { slug, name, count: 0 });
    }
  }
  const matching = under("subCategory").filter((g) => g.subcategorySlug !== "" && inPrice.get(g)! > 0);
  const named = new Map<string, string>();
  for (const g of matching) {
    const name = named.get(g.subcategorySlug);
    if (name === undefined || g.subcategory < name) named.set(g.subcategorySlug, g.subcategory);
  }
  for (const [slug, count] of countBy(matching, (g) => g.subcategorySlug)) {
    const known = subcategories.get(slug);
    subcategories.set(slug, { slug, name: known?.name ?? named.get(slug)!, count });
  }

  return {
    price: priceRangeOfCents(maxCents),
    categories: categoryNames.map((c) => ({
      slug: c.slug,
      name: c.name,
      count: categoryCounts.get(c.id) ?? 0,
    })),
    subCategories: [...subcategories.values()].sort((a, b) => a.name.localeCompare(b.name)),
    brands: brandNames.map((b) => ({ slug: b.slug, name: b.name, count: brandCounts.get(b.id) ?? 0 })),
    productTypes: PRODUCT_TYPES.map((type) => ({
      slug: type,
      name: productTypeNames[type],
      count: typeCounts.get(type) ?? 0,
    })),
    statuses: [
      { slug: "in-stock", name: "In stock", count: sumOf(statusGroups.filter((g) => g.inStock)) },
      { slug: "on-sale", name: "On sale", count: sumOf(statusGroups.filter((g) => g.onSale)) },
    ],
    ...(await optionFacets(db, f, ids)),
  };
}

type OptionFacet = ProductFacets["sizes"][number];
const LETTER_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"];
/** Sizes in the order shoppers read them: letters from XXS up, then numbers from the smallest, then the rest. */
function bySize(a: OptionFacet, b: OptionFacet): number {
  const rank = (v: string) => {
    const letter = LETTER_SIZES.indexOf(v.toUpperCase());
    if (letter >= 0) return [0, letter] as const;
    const n = Number(v.replace(",", "."));
    return Number.isFinite(n) ? ([1, n] as const) : ([2, 0] as const);
  };
  const [ka, na] = rank(a.value);
  const [kb, nb] = rank(b.value);
  return ka - kb || na - nb || a.value.localeCompare(b.value);
}

/**
 * The size and colour facets: every size (colour) the products under the other filters come in, with how many do.
 * One grouped count over the listing's option labels per filter (the size facet under every filter but the size,
 * the colour facet likewise; one query when neither is chosen), cached until the listing changes.
 */
async function optionFacets(
  db: Db,
  f: ProductFilters,
  ids: ScopeIds,
): Promise<Pick<ProductFacets, "sizes" | "colors">> {
  const counted = (without: ProductFilters) =>
    cachedForListing(
      db,
      `option-facets\u0000${filtersKey(without)}`,
      (rows) => 16 + rows.length * 64,
      async () => {
        const where = and(...listingConditions(without, ids));
        const result = await db.execute(sql`
          select label, count(*)::int as n
          from ${listing} cross join lateral unnest(${listing.optionLabels}) as label
          where ${where ?? sql`true`}
          group by label`);
        return (result as unknown as { rows: { label: string; n: number }[] }).rows.map((r) => ({
          label: r.label,
          n: Number(r.n),
        }));
      },
    );
  // One value may be written or coloured differently by different products: counted by its slug, shown as most have it.
  const pick = (rows: { label: string; n: number }[], kind: "size" | "color"): OptionFacet[] => {
    const bySlug = new Map<string, { facet: OptionFacet; top: number }>();
    for (const { label, n } of rows) {
      const [k, slug, value, clrCode] = label.split("\u001f");
      if (k !== kind || !slug || value === undefined) continue;
      const seen = bySlug.get(slug);
      if (!seen) {
        const facet: OptionFacet =
          kind === "color" ? { value, slug, count: n, clrCode: clrCode || null } : { value, slug, count: n };
        bySlug.set(slug, { facet, top: n });
        continue;
      }
      seen.facet.count += n;
      if (n > seen.top) {
        seen.top = n;
        seen.facet.value = value;
        if (kind === "color") seen.facet.clrCode = clrCode || null;
      }
    }
    return [...bySlug.values()].map((s) => s.facet);
  };
  const [sizeRows, colorRows] =
    f.sizeSlugs?.length || f.colorSlugs?.length
      ? await Promise.all([counted({ ...f, sizeSlugs: undefined }), counted({ ...f, colorSlugs: undefined })])
      : await counted(f).then((rows) => [rows, rows] as const);
  return {
    sizes: pick(sizeRows, "size").sort(bySize),
    colors: pick(colorRows, "color").sort((a, b) => a.value.localeCompare(b.value)),
  };
}
