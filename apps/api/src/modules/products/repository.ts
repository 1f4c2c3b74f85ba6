/** Products in the database: the listing's filters, sorts and facets in SQL, reads, admin writes, and the row→wire mapping. */
import { slugify } from "@shop/domain/catalogue";
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { fromCents, toCents } from "@shop/domain/money";
import type { Product, ProductFacets, productInputSchema, Review } from "@shop/domain/schemas";
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  like,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { escapeLike, isUuid } from "../../db/match.ts";
import { brands, categories, orderItems, products, reviews } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import { urlSlug } from "../../slug.ts";
import { catalogueVersion, changingCatalogue } from "./catalogue-cache.ts";
import { productSalePriceCents, productSearchText } from "./derived.ts";

/** A database handle or a transaction: repository functions take either. */
export type Conn = Db | Tx;

export type ProductInputData = z.infer<typeof productInputSchema>;
/** A product as the wire carries it in lists (reviews only on the detail). */
export type ProductSummary = Omit<Product, "reviews">;

// ---------- Row → wire ----------

/** The columns every product read selects: the product (but not its long search text) plus its category's and brand's names. */
const { searchText: _searchText, ...productOwnColumns } = getTableColumns(products);
export const productColumns = {
  ...productOwnColumns,
  categoryName: categories.name,
  brandName: brands.name,
};
export type ProductRow = Omit<typeof products.$inferSelect, "searchText"> & {
  categoryName: string;
  brandName: string | null;
};

/** Products joined to their category (always there) and brand (optional). */
export function selectProducts(db: Conn) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}

/** The one mapping from a database row to the wire's product; orders and reviews reuse it. */
export function toProduct(row: ProductRow): ProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    img: row.img,
    title: row.title,
    slug: row.slug,
    unit: row.unit,
    imageURLs: row.imageUrls.map((image) => ({ img: image.img, color: image.color ?? null })),
    parent: row.categoryName,
    children: row.subcategory,
    categoryId: row.categoryId,
    brandId: row.brandId,
    brand: row.brandId ? { id: row.brandId, name: row.brandName ?? "" } : { name: "" },
    category: { id: row.categoryId, name: row.categoryName },
    productType: row.productType as ProductType,
    tags: row.tags,
    price: fromCents(row.priceCents),
    discount: Number(row.discount),
    quantity: row.quantity,
    status: row.quantity > 0 ? "in-stock" : "out-of-stock",
    sellCount: row.sellCount,
    sizes: row.sizes,
    featured: row.featured,
    description: row.description,
    additionalInformation: row.additionalInformation,
    offerDate:
      row.offerStart && row.offerEnd
        ? { startDate: row.offerStart.toISOString(), endDate: row.offerEnd.toISOString() }
        : null,
    videoId: row.videoId,
    rating: Number(row.rating),
    reviewCount: row.reviewCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------- Listing filters ----------

/** in-stock and out-of-stock follow the quantity; on-sale means a discount above 0. */
export const PRODUCT_FILTER_STATUSES = ["in-stock", "on-sale", "out-of-stock"] as const;
export type ProductFilterStatus = (typeof PRODUCT_FILTER_STATUSES)[number];

export interface ProductFilters {
  /** react-admin's getMany; only UUIDs, others cannot match. */
  ids?: string[];
  minPriceCents?: number;
  maxPriceCents?: number;
  status?: ProductFilterStatus;
  categorySlug?: string;
  categoryId?: string;
  subcategorySlug?: string;
  brandSlug?: string;
  brandId?: string;
  /** Every word must appear in search_text. */
  words?: string[];
  productType?: ProductType;
  featured?: boolean;
  /** The storefront's on-sale sort lists only discounted products. */
  onSaleOnly?: boolean;
}

/** The facets of the filter sidebar; each one's counts ignore its own filter. */
export type FacetKey = "price" | "category" | "subCategory" | "brand" | "productType" | "status";

/** The WHERE conditions for the filters, leaving out the facet named by `omit`. Only products' own columns and indexed lookups. */
export function productConditions(f: ProductFilters, omit?: FacetKey): SQL[] {
  const where: SQL[] = [];
  if (f.ids) {
    const ids = f.ids.filter(isUuid);
    where.push(ids.length ? inArray(products.id, ids) : sql`false`);
  }
  if (omit !== "price") {
    if (f.minPriceCents !== undefined) where.push(gte(products.salePriceCents, f.minPriceCents));
    if (f.maxPriceCents !== undefined) where.push(lte(products.salePriceCents, f.maxPriceCents));
  }
  if (omit !== "status" && f.status) {
    if (f.status === "in-stock") where.push(gt(products.quantity, 0));
    else if (f.status === "out-of-stock") where.push(eq(products.quantity, 0));
    else where.push(gt(products.discount, 0));
  }
  if (f.onSaleOnly) where.push(gt(products.discount, 0));
  if (omit !== "category") {
    // A scalar subquery on the unique slug index: the planner then uses products' category index.
    if (f.categorySlug !== undefined) {
      where.push(
        sql`${products.categoryId} = (select cf.id from categories cf where cf.slug = ${f.categorySlug})`,
      );
    }
    if (f.categoryId !== undefined) where.push(eq(products.categoryId, f.categoryId));
  }
  if (omit !== "subCategory" && f.subcategorySlug !== undefined) {
    where.push(eq(products.subcategorySlug, f.subcategorySlug));
  }
  if (omit !== "brand") {
    if (f.brandSlug !== undefined) {
      where.push(sql`${products.brandId} = (select bf.id from brands bf where bf.slug = ${f.brandSlug})`);
    }
    if (f.brandId !== undefined) where.push(eq(products.brandId, f.brandId));
  }
  if (omit !== "productType" && f.productType) where.push(eq(products.productType, f.productType));
  if (f.featured !== undefined) where.push(eq(products.featured, f.featured));
  // search_text is lower-cased; ILIKE '%word%' is served by the pg_trgm GIN index.
  for (const word of f.words ?? []) where.push(ilike(products.searchText, `%${escapeLike(word)}%`));
  return where;
}

// ---------- Listing order ----------

/** The storefront's sort options; every order ends on id so pages never overlap. */
export const STOREFRONT_ORDERS = {
  "default-sorting": [desc(products.createdAt), desc(products.id)],
  "low-to-high": [asc(products.salePriceCents), asc(products.id)],
  "low-to-hight": [asc(products.salePriceCents), asc(products.id)],
  "high-to-low": [desc(products.salePriceCents), desc(products.id)],
  "new-added": [desc(products.createdAt), desc(products.id)],
  "on-sale": [desc(products.discount), asc(products.id)],
} as const satisfies Record<string, SQL[]>;

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

export function adminProductOrder(field: string, order: "asc" | "desc"): SQL[] {
  const column = ADMIN_SORT_COLUMNS[field as keyof typeof ADMIN_SORT_COLUMNS];
  if (!column)
    throw badRequest(`Cannot sort by '${field}'; sort by one of: ${PRODUCT_SORT_FIELDS.join(", ")}`);
  const dir = order === "asc" ? asc : desc;
  return column === products.id ? [dir(products.id)] : [dir(column), dir(products.id)];
}

// ---------- Reads ----------

export interface ProductPageQuery {
  filters: ProductFilters;
  order: SQL[];
  limit: number;
  offset: number;
}

/** Knobs of the listing's query strategy; tests turn them to exercise every path. */
export const listingTuning = {
  /** At or below this many matches the page is taken from the matches themselves (see listProducts). */
  fenceMax: 1000,
  /** Counts at or above this are kept for countTtlMs; smaller ones are cheap and always exact. */
  countCacheMin: 1000,
  countTtlMs: 10_000,
  countCacheSize: 500,
};

const FENCE_LIMIT = 1_000_000_000;

/** Kept counts per database (tests run several shops in one process), dropped wholesale by a new generation. */
const countCaches = new WeakMap<
  object,
  Map<string, { total: number; expires: number; generation: number }>
>();

async function countProducts(db: Conn, filters: ProductFilters, where: SQL | undefined): Promise<number> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  const key = JSON.stringify(filters);
  const kept = cache.get(key);
  const started = catalogueVersion();
  if (kept && kept.generation === started && kept.expires > Date.now()) return kept.total;
  const [row] = await db.select({ n: count() }).from(products).where(where);
  const total = row?.n ?? 0;
  if (total >= listingTuning.countCacheMin) {
    if (cache.size >= listingTuning.countCacheSize) cache.delete(cache.keys().next().value!);
    cache.set(key, { total, expires: Date.now() + listingTuning.countTtlMs, generation: started });
  }
  return total;
}

/**
 * One page and the total. The count is a separate `count(*)`, not `count(*) over()`: the window function
 * makes PostgreSQL read and sort every matching row before the LIMIT, while the page alone walks an index
 * and stops after `limit` rows. The count runs first because it steers the page query:
 * - no match (or a page past the end): no page query at all;
 * - few matches: PostgreSQL might walk the sort index hoping to meet matches soon (a misestimate there, such
 *   as a brand and a category that never go together, reads the whole table), so the matches are taken
 *   first through the filter indexes, behind a LIMIT that stops the planner merging the two, then sorted;
 * - many matches: the plain query, which walks the sort index and stops early.
 * Large counts (costly, and where being a few seconds old does not matter) are kept briefly; any write
 * through this API drops them.
 */
export async function listProducts(
  db: Conn,
  q: ProductPageQuery,
): Promise<{ items: ProductSummary[]; total: number }> {
  const where = and(...productConditions(q.filters));
  const total = await countProducts(db, q.filters, where);
  if (total === 0 || q.offset >= total) return { items: [], total };
  let rows: ProductRow[];
  if (total <= listingTuning.fenceMax) {
    // Any LIMIT keeps the subquery apart; this one never cuts, even if rows arrived since the count.
    // Named "products" so the shared column and ORDER BY references bind to the matches.
    const matches = db
      .select(productOwnColumns)
      .from(products)
      .where(where)
      .limit(FENCE_LIMIT)
      .as("products");
    rows = await db
      .select(productColumns)
      .from(matches)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .orderBy(...q.order)
      .limit(q.limit)
      .offset(q.offset);
  } else {
    rows = await selectProducts(db)
      .where(where)
      .orderBy(...q.order)
      .limit(q.limit)
      .offset(q.offset);
  }
  return { items: rows.map(toProduct), total };
}

/** The featured products, newest first. */
export async function featuredProducts(db: Conn, limit: number): Promise<ProductSummary[]> {
  const rows = await selectProducts(db)
    .where(eq(products.featured, true))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
  return rows.map(toProduct);
}

/** A product by id, or by slug for storefront-friendly URLs; anything else is undefined (a 404), never a SQL error. */
export async function findProductRow(db: Conn, idOrSlug: string): Promise<ProductRow | undefined> {
  if (isUuid(idOrSlug)) {
    const [row] = await selectProducts(db).where(eq(products.id, idOrSlug.toLowerCase()));
    if (row) return row;
  }
  const [row] = await selectProducts(db).where(eq(products.slug, idOrSlug.toLowerCase()));
  return row;
}

export async function findProduct(db: Conn, idOrSlug: string): Promise<ProductSummary | undefined> {
  const row = await findProductRow(db, idOrSlug);
  return row && toProduct(row);
}

/** Approved reviews, newest first, for the public detail: the reviewer's email never leaves the server here. */
export async function publicReviews(db: Conn, productId: string): Promise<Review[]> {
  const rows = await db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      userId: reviews.userId,
      name: reviews.name,
      userImage: reviews.userImage,
      review: reviews.review,
      rating: reviews.rating,
      status: reviews.status,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, "approved")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((r) => ({
    id: r.id,
    productId: r.productId,
    userId: r.userId,
    name: r.name,
    userImage: r.userImage,
    review: r.review,
    rating: r.rating,
    date: r.createdAt.toISOString(),
    status: r.status as Review["status"],
  }));
}

// ---------- Facets ----------

const TYPE_NAMES: Record<ProductType, string> = {
  electronics: "Electronics",
  fashion: "Fashion",
  beauty: "Beauty",
  jewelry: "Jewelry",
};

/**
 * The sidebar's counts under the current filters, each facet ignoring its own filter, all as GROUP BYs.
 * Categories, brands, product types and statuses list every value (0 included) so a chosen value never
 * vanishes; subcategories list those of the categories in scope plus any used by matching products.
 */
export async function productFacets(db: Conn, f: ProductFilters): Promise<ProductFacets> {
  const where = (omit: FacetKey) => and(...productConditions(f, omit));

  const categoryCounts = db
    .select({ categoryId: products.categoryId, n: count().as("n") })
    .from(products)
    .where(where("category"))
    .groupBy(products.categoryId)
    .as("cc");
  const brandCounts = db
    .select({ brandId: products.brandId, n: count().as("n") })
    .from(products)
    .where(and(where("brand"), sql`${products.brandId} is not null`))
    .groupBy(products.brandId)
    .as("bc");
  const scopeConditions: SQL[] = [];
  if (f.categorySlug !== undefined) scopeConditions.push(eq(categories.slug, f.categorySlug));
  if (f.categoryId !== undefined) scopeConditions.push(eq(categories.id, f.categoryId));

  const [priceRows, categoryRows, subRows, scopeRows, brandRows, typeRows, statusRows] = await Promise.all([
    db
      .select({ max: sql<number | null>`max(${products.salePriceCents})` })
      .from(products)
      .where(where("price")),
    db
      .select({
        slug: categories.slug,
        name: categories.name,
        count: sql<number>`coalesce(${categoryCounts.n}, 0)`,
      })
      .from(categories)
      .leftJoin(categoryCounts, eq(categoryCounts.categoryId, categories.id))
      .orderBy(asc(categories.name)),
    db
      .select({
        slug: products.subcategorySlug,
        name: sql<string>`min(${products.subcategory})`,
        count: count(),
      })
      .from(products)
      .where(and(where("subCategory"), ne(products.subcategorySlug, "")))
      .groupBy(products.subcategorySlug),
    db
      .select({ children: categories.children })
      .from(categories)
      .where(and(...scopeConditions)),
    db
      .select({ slug: brands.slug, name: brands.name, count: sql<number>`coalesce(${brandCounts.n}, 0)` })
      .from(brands)
      .leftJoin(brandCounts, eq(brandCounts.brandId, brands.id))
      .orderBy(asc(brands.name)),
    db
      .select({ type: products.productType, count: count() })
      .from(products)
      .where(where("productType"))
      .groupBy(products.productType),
    db
      .select({
        inStock: sql<number>`count(*) filter (where ${products.quantity} > 0)`,
        onSale: sql<number>`count(*) filter (where ${products.discount} > 0)`,
      })
      .from(products)
      .where(where("status")),
  ]);

  const subcategories = new Map<string, { slug: string; name: string; count: number }>();
  for (const row of scopeRows) {
    for (const name of row.children) {
      const slug = slugify(name);
      if (slug && !subcategories.has(slug)) subcategories.set(slug, { slug, name, count: 0 });
    }
  }
  for (const row of subRows) {
    const known = subcategories.get(row.slug);
    subcategories.set(row.slug, { slug: row.slug, name: known?.name ?? row.name, count: Number(row.count) });
  }
  const typeCounts = new Map(typeRows.map((r) => [r.type, Number(r.count)]));
  const status = statusRows[0];
  const maxCents = priceRows[0]?.max;

  return {
    price: { min: 0, max: maxCents == null ? 0 : fromCents(Number(maxCents)) },
    categories: categoryRows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) })),
    subCategories: [...subcategories.values()].sort((a, b) => a.name.localeCompare(b.name)),
    brands: brandRows.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.count) })),
    productTypes: PRODUCT_TYPES.map((type) => ({
      slug: type,
      name: TYPE_NAMES[type],
      count: typeCounts.get(type) ?? 0,
    })),
    statuses: [
      { slug: "in-stock", name: "In stock", count: Number(status?.inStock ?? 0) },
      { slug: "on-sale", name: "On sale", count: Number(status?.onSale ?? 0) },
    ],
  };
}

// ---------- Writes ----------

/** A URL-safe product slug from a title. */
export const productSlug = (title: string): string => urlSlug(title) || "product";

/** The base slug if free, else base-2, base-3, ... (the unique index still guards a race). */
async function uniqueSlug(db: Conn, base: string, exceptId?: string): Promise<string> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), like(products.slug, `${escapeLike(base)}-%`)),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function parseDate(value: string, name: string): Date {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw badRequest(`${name} must be a date such as 2025-01-31T00:00:00Z`);
  return new Date(time);
}

/** The error's PostgreSQL constraint name, looking through Drizzle's wrapper. */
function violatedConstraint(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505" && typeof constraint === "string") return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const skuTaken = (sku: string) =>
  conflict(`A product with SKU '${sku}' already exists; choose another SKU`, "SKU_TAKEN");
const slugTaken = (slug: string) =>
  conflict(
    `The slug '${slug}' is already used by another product; choose another or leave it empty`,
    "SLUG_TAKEN",
  );

/** Turns a unique violation that slipped past the checks (two writes at once) into the same clear 409s. */
async function withUniqueMessages<T>(
  input: { sku: string; slug?: string },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === "products_sku_key") throw skuTaken(input.sku);
    if (constraint === "products_slug_key") throw slugTaken(input.slug ?? "");
    throw error;
  }
}

/** Checks references and derives every stored column from the admin's input. */
async function productValues(
  db: Conn,
  input: ProductInputData,
  existing: { id: string; slug: string } | null,
) {
  const categoryId = input.categoryId.toLowerCase();
  const [category] = isUuid(categoryId)
    ? await db
        .select({
          id: categories.id,
          name: categories.name,
          productType: categories.productType,
          children: categories.children,
        })
        .from(categories)
        .where(eq(categories.id, categoryId))
    : [];
  if (!category)
    throw badRequest(`categoryId '${input.categoryId}' is not a category; pick one from GET /api/categories`);

  let brand: { id: string; name: string } | undefined;
  if (input.brandId) {
    const brandId = input.brandId.toLowerCase();
    [brand] = isUuid(brandId)
      ? await db.select({ id: brands.id, name: brands.name }).from(brands).where(eq(brands.id, brandId))
      : [];
    if (!brand) throw badRequest(`brandId '${input.brandId}' is not a brand; pick one from GET /api/brands`);
  }

  let subcategory = "";
  if (input.children !== "") {
    const wanted = slugify(input.children);
    const match = category.children.find((name) => slugify(name) === wanted);
    if (!match) {
      throw badRequest(
        category.children.length
          ? `children '${input.children}' is not a subcategory of ${category.name}; use one of: ${category.children.join(", ")}`
          : `${category.name} has no subcategories; leave children empty`,
      );
    }
    subcategory = match;
  }

  const skuClash = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sku, input.sku), existing ? ne(products.id, existing.id) : undefined))
    .limit(1);
  if (skuClash.length) throw skuTaken(input.sku);

  let slug: string;
  if (input.slug) {
    const clash = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, input.slug), existing ? ne(products.id, existing.id) : undefined))
      .limit(1);
    if (clash.length) throw slugTaken(input.slug);
    slug = input.slug;
  } else if (existing) {
    // A PUT without a slug keeps the product's URL stable.
    slug = existing.slug;
  } else {
    slug = await uniqueSlug(db, productSlug(input.title));
  }

  let offerStart: Date | null = null;
  let offerEnd: Date | null = null;
  if (input.offerDate) {
    offerStart = parseDate(input.offerDate.startDate, "offerDate.startDate");
    offerEnd = parseDate(input.offerDate.endDate, "offerDate.endDate");
    if (offerEnd < offerStart) throw badRequest("offerDate.endDate must not be before offerDate.startDate");
  }

  const priceCents = toCents(input.price);
  return {
    sku: input.sku,
    title: input.title,
    slug,
    unit: input.unit,
    img: input.imageURLs[0]?.img ?? "",
    imageUrls: input.imageURLs.map((image) => ({ img: image.img, color: image.color ?? null })),
    categoryId: category.id,
    subcategory,
    subcategorySlug: slugify(subcategory),
    brandId: brand?.id ?? null,
    productType: category.productType,
    tags: input.tags,
    priceCents,
    discount: input.discount,
    salePriceCents: productSalePriceCents(priceCents, input.discount),
    quantity: input.quantity,
    sizes: input.sizes,
    featured: input.featured,
    description: input.description,
    additionalInformation: input.additionalInformation,
    offerStart,
    offerEnd,
    videoId: input.videoId ?? null,
    searchText: productSearchText({
      title: input.title,
      sku: input.sku,
      tags: input.tags,
      brandName: brand?.name,
      categoryName: category.name,
      subcategory,
    }),
  };
}

export async function createProduct(db: Db, input: ProductInputData): Promise<ProductSummary> {
  return changingCatalogue(() =>
    withUniqueMessages(input, () =>
      db.transaction(async (tx) => {
        const values = await productValues(tx, input, null);
        const [row] = await tx.insert(products).values(values).returning({ id: products.id });
        return toProduct((await findProductRow(tx, row!.id))!);
      }),
    ),
  );
}

/** A full replace, as react-admin sends the whole record; sellCount, rating and reviews are not the admin's to set. */
export async function updateProduct(db: Db, id: string, input: ProductInputData): Promise<ProductSummary> {
  if (!isUuid(id)) throw notFound("Product");
  return changingCatalogue(() =>
    withUniqueMessages(input, () =>
      db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: products.id, slug: products.slug })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!existing) throw notFound("Product");
        const values = await productValues(tx, input, existing);
        await tx
          .update(products)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(products.id, id));
        return toProduct((await findProductRow(tx, id))!);
      }),
    ),
  );
}

/** Deletes a product nobody ordered and answers the deleted record, as react-admin expects. */
export async function deleteProduct(db: Db, id: string): Promise<ProductSummary> {
  if (!isUuid(id)) throw notFound("Product");
  return changingCatalogue(() =>
    db.transaction(async (tx) => {
      const [row] = await selectProducts(tx)
        .where(eq(products.id, id.toLowerCase()))
        .for("update", { of: products });
      if (!row) throw notFound("Product");
      const [ordered] = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.productId, row.id))
        .limit(1);
      if (ordered)
        throw conflict("This product has orders; set its quantity to 0 instead", "PRODUCT_HAS_ORDERS");
      await tx.delete(products).where(eq(products.id, row.id));
      return toProduct(row);
    }),
  );
}

/**
 * Recomputes search_text for the products matching `where` (after a category or brand rename), in batches
 * of one UPDATE ... FROM (VALUES ...) each, inside the caller's transaction.
 */
export async function refreshSearchText(db: Conn, where: SQL): Promise<number> {
  const rows = await selectProducts(db).where(where);
  const BATCH = 500;
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = rows.slice(start, start + BATCH).map(
      (row) =>
        sql`(${row.id}::uuid, ${productSearchText({
          title: row.title,
          sku: row.sku,
          tags: row.tags,
          brandName: row.brandName,
          categoryName: row.categoryName,
          subcategory: row.subcategory,
        })})`,
    );
    await db.execute(
      sql`update products set search_text = v.t from (values ${sql.join(values, sql`, `)}) as v(id, t) where products.id = v.id`,
    );
  }
  return rows.length;
}
