/** Products in the database: the row→wire mapping, reads by id or slug, and admin writes (their stock through the inventory). */
import { slugify } from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import { fromCents, toCents } from "@shop/domain/money";
import type { productInputSchema } from "@shop/domain/schemas/admin";
import type { Product, ProductVariant } from "@shop/domain/schemas/public";
import { and, asc, eq, getTableColumns, inArray, like, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Conn, Db } from "../../db/client.ts";
import { escapeLike, isUuid } from "../../db/match.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import { urlSlug } from "../../slug.ts";
import { brands } from "../brands/tables.ts";
import { categories } from "../categories/tables.ts";
import { setStock } from "../inventory/stock.ts";
import { productOrdered } from "../orders/history.ts";
import { productSalePriceCents, productSearchText } from "./derived.ts";
import { type ProductImageRow, products, productVariants } from "./tables.ts";
import { optionsFromForm, syncVariantsWithOptions, variantSkuTaken } from "./variants.ts";

export type ProductInputData = z.infer<typeof productInputSchema>;
/** A product as the wire carries it in lists (reviews only on the detail). */
export type ProductSummary = Omit<Product, "reviews">;

// ---------- Row → wire ----------

/** The columns every product read selects: the product (but not its long search text) plus its category's and brand's names. */
const { searchText: _searchText, ...productOwnColumns } = getTableColumns(products);
const productColumns = {
  ...productOwnColumns,
  categoryName: categories.name,
  brandName: brands.name,
};
export type ProductRow = Omit<typeof products.$inferSelect, "searchText"> & {
  categoryName: string;
  brandName: string | null;
};
export type VariantRow = typeof productVariants.$inferSelect;
/** A product's row with its variants, in their order: what toProduct maps. */
export type ProductWithVariants = ProductRow & { variants: VariantRow[] };

/** The variants of the given products, each product's in their order. */
export async function variantsOf(
  db: Conn,
  productIds: readonly string[],
): Promise<Map<string, VariantRow[]>> {
  const byProduct = new Map<string, VariantRow[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...productIds]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

/** Rows with their variants attached. */
export async function withVariants(db: Conn, rows: readonly ProductRow[]): Promise<ProductWithVariants[]> {
  const variants = await variantsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, variants: variants.get(row.id) ?? [] }));
}

/** A variant as the wire carries it: its own price and discount, or the product's. */
function variantOnTheWire(product: ProductRow, v: VariantRow): ProductVariant {
  return {
    id: v.id,
    sku: v.sku,
    options: v.options,
    price: fromCents(v.priceCents ?? product.priceCents),
    discount: Number(v.discount ?? product.discount),
    quantity: v.quantity,
    status: v.quantity > 0 ? "in-stock" : "out-of-stock",
    img: v.img,
  };
}

/** Products joined to their category (always there) and brand (optional). */
export function selectProducts(db: Conn) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}

/** A picture as it is kept and sent: its alt text only when the admin wrote one (as product_document writes it). */
function imageOnTheWire(image: ProductImageRow): ProductImageRow {
  const { img, color = null, alt } = image;
  return alt ? { img, color, alt } : { img, color };
}

/**
 * The one mapping from a database row to the wire's product; orders and reviews reuse it. Lists read the same
 * object as JSON from product_documents, written by the database's product_document (migrations
 * 0004_product_documents, 0011_media), which must change with it.
 */
export function toProduct(row: ProductWithVariants): ProductSummary {
  return {
    id: row.id,
    sku: row.sku,
    img: row.img,
    title: row.title,
    slug: row.slug,
    unit: row.unit,
    imageURLs: row.imageUrls.map(imageOnTheWire),
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
    options: row.options,
    variants: row.variants.map((v) => variantOnTheWire(row, v)),
  };
}

// ---------- Reads ----------

/** A product by id, or by slug for storefront-friendly URLs; anything else is undefined (a 404), never a SQL error. */
export async function findProductRow(db: Conn, idOrSlug: string): Promise<ProductWithVariants | undefined> {
  let row: ProductRow | undefined;
  if (isUuid(idOrSlug)) [row] = await selectProducts(db).where(eq(products.id, idOrSlug.toLowerCase()));
  if (!row) [row] = await selectProducts(db).where(eq(products.slug, idOrSlug.toLowerCase()));
  return row ? (await withVariants(db, [row]))[0] : undefined;
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
  if (skuClash.length || (await variantSkuTaken(db as Db, input.sku, existing?.id ?? null))) {
    throw skuTaken(input.sku);
  }

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
    imageUrls: input.imageURLs.map((image) =>
      imageOnTheWire({ img: image.img, color: image.color ?? null, alt: image.alt?.trim() }),
    ),
    categoryId: category.id,
    subcategory,
    subcategorySlug: slugify(subcategory),
    brandId: brand?.id ?? null,
    productType: category.productType,
    tags: input.tags,
    priceCents,
    discount: input.discount,
    salePriceCents: productSalePriceCents(priceCents, input.discount),
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
  return changingCatalogue(db, () =>
    withUniqueMessages(input, () =>
      db.transaction(async (tx) => {
        const values = await productValues(tx, input, null);
        const options = optionsFromForm([], values.imageUrls, values.sizes);
        const [row] = await tx
          .insert(products)
          .values({ ...values, options })
          .returning({ id: products.id });
        // Every combination of its colours and sizes, the stock spread over them.
        await syncVariantsWithOptions(
          tx,
          { id: row!.id, sku: values.sku, imageUrls: values.imageUrls, options },
          input.quantity,
        );
        return toProduct((await findProductRow(tx, row!.id))!);
      }),
    ),
  );
}

/** A full replace, as react-admin sends the whole record; sellCount, rating and reviews are not the admin's to set. */
export async function updateProduct(db: Db, id: string, input: ProductInputData): Promise<ProductSummary> {
  if (!isUuid(id)) throw notFound("Product");
  return changingCatalogue(db, () =>
    withUniqueMessages(input, () =>
      db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: products.id, slug: products.slug, options: products.options })
          .from(products)
          .where(eq(products.id, id))
          .for("update");
        if (!existing) throw notFound("Product");
        const values = await productValues(tx, input, existing);
        // The form's colours and sizes become the colour and size options; other options stay.
        const options = optionsFromForm(existing.options, values.imageUrls, values.sizes);
        await tx
          .update(products)
          .set({ ...values, options, updatedAt: new Date() })
          .where(eq(products.id, id));
        await syncVariantsWithOptions(
          tx,
          { id, sku: values.sku, imageUrls: values.imageUrls, options },
          null,
        );
        await setStock(tx, id, input.quantity);
        return toProduct((await findProductRow(tx, id))!);
      }),
    ),
  );
}

/** Deletes a product nobody ordered and answers the deleted record, as react-admin expects. */
export async function deleteProduct(db: Db, id: string): Promise<ProductSummary> {
  if (!isUuid(id)) throw notFound("Product");
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const [row] = await selectProducts(tx)
        .where(eq(products.id, id.toLowerCase()))
        .for("update", { of: products });
      if (!row) throw notFound("Product");
      if (await productOrdered(tx, row.id))
        throw conflict("This product has orders; set its quantity to 0 instead", "PRODUCT_HAS_ORDERS");
      const [deleted] = await withVariants(tx, [row]);
      await tx.delete(products).where(eq(products.id, row.id));
      return toProduct(deleted!);
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
