/** Brands in the database: lists with product counts and the admin's writes. */
import { slugify } from "@shop/domain/catalogue";
import type { brandInputSchema } from "@shop/domain/schemas/admin";
import type { Brand } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Conn, Db } from "../../db/client.ts";
import { escapeLike, isUuid } from "../../db/match.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import { productCountColumn, refreshSearchTextOf } from "../products/grouping.ts";
import { brands } from "./tables.ts";

export type BrandInputData = z.infer<typeof brandInputSchema>;

const productCount = productCountColumn("brand", sql.raw('"brands"."id"'));

const brandColumns = {
  id: brands.id,
  name: brands.name,
  slug: brands.slug,
  description: brands.description,
  productCount,
};

/** react-admin's sort fields for brands, mapped explicitly. */
const SORTS = {
  id: (dir: typeof asc) => [dir(brands.id)],
  name: (dir: typeof asc) => [dir(brands.name), dir(brands.id)],
  productCount: (dir: typeof asc) => [dir(sql`product_count`), asc(brands.name), asc(brands.id)],
} satisfies Record<string, (dir: typeof asc) => SQL[]>;
export const BRAND_SORT_FIELDS = Object.keys(SORTS) as (keyof typeof SORTS)[];

export interface BrandFilters {
  q?: string;
  ids?: string[];
}

export async function listBrands(
  db: Conn,
  q: {
    filters: BrandFilters;
    sort: { field: string; order: "asc" | "desc" } | null;
    limit: number;
    offset: number;
  },
): Promise<{ items: Brand[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.filters.q) conditions.push(ilike(brands.name, `%${escapeLike(q.filters.q)}%`));
  if (q.filters.ids) {
    const ids = q.filters.ids.filter(isUuid).map((id) => id.toLowerCase());
    conditions.push(ids.length ? inArray(brands.id, ids) : sql`false`);
  }
  const where = and(...conditions);
  const sort = SORTS[(q.sort?.field ?? "name") as keyof typeof SORTS];
  if (!sort)
    throw badRequest(`Cannot sort by '${q.sort?.field}'; sort by one of: ${BRAND_SORT_FIELDS.join(", ")}`);
  const [items, counted] = await Promise.all([
    db
      .select(brandColumns)
      .from(brands)
      .where(where)
      .orderBy(...sort(q.sort?.order === "desc" ? desc : asc))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(brands).where(where),
  ]);
  return { items, total: counted[0]?.n ?? 0 };
}

/** A brand by id, or by slug (the storefront's /shop?brand=... value). */
export async function findBrand(db: Conn, idOrSlug: string): Promise<Brand | undefined> {
  if (isUuid(idOrSlug)) {
    const [row] = await db.select(brandColumns).from(brands).where(eq(brands.id, idOrSlug.toLowerCase()));
    if (row) return row;
  }
  let text = idOrSlug;
  try {
    text = decodeURIComponent(idOrSlug);
  } catch {}
  const [row] = await db
    .select(brandColumns)
    .from(brands)
    .where(eq(brands.slug, slugify(text)));
  return row;
}

const nameTaken = (name: string) =>
  conflict(
    `A brand named '${name}' (or with the same slug) already exists; choose another name`,
    "BRAND_EXISTS",
  );

function slugOfName(name: string): string {
  const slug = slugify(name);
  if (!slug) throw badRequest("name must contain letters or digits");
  return slug;
}

export async function createBrand(db: Db, input: BrandInputData): Promise<Brand> {
  const slug = slugOfName(input.name);
  const [row] = await db
    .insert(brands)
    .values({ name: input.name, slug, description: input.description })
    .onConflictDoNothing({ target: brands.slug })
    .returning({ id: brands.id });
  if (!row) throw nameTaken(input.name);
  return (await findBrand(db, row.id))!;
}

/** A full replace; a rename changes the slug and the search text of the brand's products in the same transaction. */
export async function updateBrand(db: Db, id: string, input: BrandInputData): Promise<Brand> {
  if (!isUuid(id)) throw notFound("Brand");
  const slug = slugOfName(input.name);
  // Cached listing counts filter by brand slug, which this write may change.
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const [existing] = await tx.select().from(brands).where(eq(brands.id, id)).for("update");
      if (!existing) throw notFound("Brand");
      if (slug !== existing.slug) {
        const [clash] = await tx
          .select({ id: brands.id })
          .from(brands)
          .where(and(eq(brands.slug, slug), ne(brands.id, id)));
        if (clash) throw nameTaken(input.name);
      }
      await tx
        .update(brands)
        .set({ name: input.name, slug, description: input.description })
        .where(eq(brands.id, id));
      if (input.name !== existing.name) await refreshSearchTextOf(tx, { brandId: id });
      return (await findBrand(tx, id))!;
    }),
  );
}

/**
 * Deletes a brand without products and answers the deleted record. The foreign key would set the products'
 * brand to null, but that silently changes what shoppers see and search, so a brand in use is refused.
 */
export async function deleteBrand(db: Db, id: string): Promise<Brand> {
  if (!isUuid(id)) throw notFound("Brand");
  // Cached listing counts filter by brand slug, which this write may change.
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const brand = await findBrand(tx, id);
      if (!brand || brand.id !== id.toLowerCase()) throw notFound("Brand");
      if (brand.productCount > 0) {
        throw conflict(
          `This brand has ${brand.productCount} product${brand.productCount === 1 ? "" : "s"}; move them to another brand or delete them first`,
          "BRAND_HAS_PRODUCTS",
        );
      }
      await tx.delete(brands).where(eq(brands.id, brand.id));
      return brand;
    }),
  );
}
