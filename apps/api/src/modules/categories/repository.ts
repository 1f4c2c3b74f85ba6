/** Categories in the database: lists with product counts per category and subcategory, and the admin's writes. */
import { slugify } from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import type { categoryInputSchema } from "@shop/domain/schemas/admin";
import type { Category } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Conn, Db } from "../../db/client.ts";
import { escapeLike, isUuid } from "../../db/match.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import {
  moveToProductType,
  productCountColumn,
  refreshSearchTextOf,
  respellSubcategory,
  subcategoriesInUse,
  subcategoryCounts,
} from "../products/grouping.ts";
import { categories } from "./tables.ts";

export type CategoryInputData = z.infer<typeof categoryInputSchema>;

const productCount = productCountColumn("category", sql.raw('"categories"."id"'));

const categoryColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  productType: categories.productType,
  description: categories.description,
  img: categories.img,
  children: categories.children,
  productCount,
};
type CategoryRow = {
  id: string;
  name: string;
  slug: string;
  productType: string;
  description: string;
  img: string | null;
  children: string[];
  productCount: number;
};

/** react-admin's sort fields for categories, mapped explicitly. */
const SORTS = {
  id: (dir: typeof asc) => [dir(categories.id)],
  name: (dir: typeof asc) => [dir(categories.name), dir(categories.id)],
  productType: (dir: typeof asc) => [dir(categories.productType), asc(categories.name), asc(categories.id)],
  productCount: (dir: typeof asc) => [dir(sql`product_count`), asc(categories.name), asc(categories.id)],
} satisfies Record<string, (dir: typeof asc) => SQL[]>;
export const CATEGORY_SORT_FIELDS = Object.keys(SORTS) as (keyof typeof SORTS)[];

export interface CategoryFilters {
  q?: string;
  productType?: ProductType;
  ids?: string[];
}

function conditions(f: CategoryFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.q) where.push(ilike(categories.name, `%${escapeLike(f.q)}%`));
  if (f.productType) where.push(eq(categories.productType, f.productType));
  if (f.ids) {
    const ids = f.ids.filter(isUuid).map((id) => id.toLowerCase());
    where.push(ids.length ? inArray(categories.id, ids) : sql`false`);
  }
  return and(...where);
}

function toCategory(row: CategoryRow, counts: Map<string, number>): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    productType: row.productType as ProductType,
    description: row.description,
    img: row.img,
    children: row.children,
    productCount: row.productCount,
    subcategories: row.children.map((name) => {
      const slug = slugify(name);
      return { name, slug, productCount: counts.get(`${row.id}/${slug}`) ?? 0 };
    }),
  };
}

async function withCounts(db: Conn, rows: CategoryRow[]): Promise<Category[]> {
  const counts = await subcategoryCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toCategory(row, counts));
}

export async function listCategories(
  db: Conn,
  q: {
    filters: CategoryFilters;
    sort: { field: string; order: "asc" | "desc" } | null;
    limit: number;
    offset: number;
  },
): Promise<{ items: Category[]; total: number }> {
  const where = conditions(q.filters);
  const sort = SORTS[(q.sort?.field ?? "name") as keyof typeof SORTS];
  if (!sort)
    throw badRequest(`Cannot sort by '${q.sort?.field}'; sort by one of: ${CATEGORY_SORT_FIELDS.join(", ")}`);
  const [rows, counted] = await Promise.all([
    db
      .select(categoryColumns)
      .from(categories)
      .where(where)
      .orderBy(...sort(q.sort?.order === "desc" ? desc : asc))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(categories).where(where),
  ]);
  return { items: await withCounts(db, rows), total: counted[0]?.n ?? 0 };
}

/** A category by id, or by slug (the storefront's /shop?category=... value); undefined when neither matches. */
export async function findCategory(db: Conn, idOrSlug: string): Promise<Category | undefined> {
  let rows: CategoryRow[] = [];
  if (isUuid(idOrSlug)) {
    rows = await db.select(categoryColumns).from(categories).where(eq(categories.id, idOrSlug.toLowerCase()));
  }
  if (!rows.length) {
    rows = await db
      .select(categoryColumns)
      .from(categories)
      .where(eq(categories.slug, slugOf(idOrSlug)));
  }
  return (await withCounts(db, rows))[0];
}

/** Slugs arrive URL-decoded once by the router; decode once more like the listing filters, then slugify. */
function slugOf(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {}
  return slugify(text);
}

const nameTaken = (name: string) =>
  conflict(
    `A category named '${name}' (or with the same slug) already exists; choose another name`,
    "CATEGORY_EXISTS",
  );

/** The name's slug and the children, refusing names that slug to nothing and repeated subcategories. */
function checkInput(input: CategoryInputData): { slug: string; children: string[] } {
  const slug = slugify(input.name);
  if (!slug) throw badRequest("name must contain letters or digits");
  const seen = new Map<string, string>();
  for (const child of input.children) {
    const childSlug = slugify(child);
    if (!childSlug) throw badRequest(`children: '${child}' must contain letters or digits`);
    const earlier = seen.get(childSlug);
    if (earlier !== undefined) throw badRequest(`children: '${child}' repeats '${earlier}'`);
    seen.set(childSlug, child);
  }
  return { slug, children: input.children };
}

export async function createCategory(db: Db, input: CategoryInputData): Promise<Category> {
  const { slug, children } = checkInput(input);
  const [clash] = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (clash) throw nameTaken(input.name);
  const [row] = await db
    .insert(categories)
    .values({
      name: input.name,
      slug,
      productType: input.productType,
      description: input.description,
      img: input.img ?? null,
      children,
    })
    .onConflictDoNothing({ target: categories.slug })
    .returning({ id: categories.id });
  if (!row) throw nameTaken(input.name);
  return (await findCategory(db, row.id))!;
}

/**
 * A full replace. Renaming changes the slug and the search text of the category's products; a new product
 * type moves its products along; a subcategory whose name changes only in spelling (same slug) is renamed
 * on its products; a removed subcategory that products still use is refused rather than orphaning them.
 */
export async function updateCategory(db: Db, id: string, input: CategoryInputData): Promise<Category> {
  if (!isUuid(id)) throw notFound("Category");
  const { slug, children } = checkInput(input);
  // Cached listing counts filter by slug and type, which this write may change.
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const [existing] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
      if (!existing) throw notFound("Category");
      if (slug !== existing.slug) {
        const [clash] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.slug, slug), ne(categories.id, id)));
        if (clash) throw nameTaken(input.name);
      }

      const newBySlug = new Map(children.map((name) => [slugify(name), name]));
      const removed = existing.children.filter((name) => !newBySlug.has(slugify(name)));
      if (removed.length) {
        const used = await subcategoriesInUse(
          tx,
          id,
          removed.map((name) => slugify(name)),
        );
        if (used.length) {
          const names = used.map((u) => {
            const name = removed.find((r) => slugify(r) === u.slug) ?? u.slug;
            return `'${name}' (${u.n} product${u.n === 1 ? "" : "s"})`;
          });
          const total = used.reduce((sum, u) => sum + u.n, 0);
          throw conflict(
            `${total} product${total === 1 ? " uses" : "s use"} the subcategories you removed: ${names.join(", ")}; move those products to another subcategory first`,
            "SUBCATEGORY_IN_USE",
          );
        }
      }

      await tx
        .update(categories)
        .set({
          name: input.name,
          slug,
          productType: input.productType,
          description: input.description,
          img: input.img ?? null,
          children,
        })
        .where(eq(categories.id, id));

      const now = new Date();
      if (input.productType !== existing.productType) {
        await moveToProductType(tx, id, input.productType, now);
      }
      let respelled = false;
      for (const old of existing.children) {
        const next = newBySlug.get(slugify(old));
        if (next !== undefined && next !== old) {
          respelled = true;
          await respellSubcategory(tx, id, slugify(old), next, now);
        }
      }
      if (input.name !== existing.name || respelled) await refreshSearchTextOf(tx, { categoryId: id });
      return (await findCategory(tx, id))!;
    }),
  );
}

/** Deletes an empty category and answers the deleted record; one with products is refused. */
export async function deleteCategory(db: Db, id: string): Promise<Category> {
  if (!isUuid(id)) throw notFound("Category");
  // Cached listing counts filter by slug and type, which this write may change.
  return changingCatalogue(db, () =>
    db.transaction(async (tx) => {
      const category = await findCategory(tx, id);
      if (!category || category.id !== id.toLowerCase()) throw notFound("Category");
      if (category.productCount > 0) {
        throw conflict(
          `This category has ${category.productCount} product${category.productCount === 1 ? "" : "s"}; move or delete them before deleting the category`,
          "CATEGORY_HAS_PRODUCTS",
        );
      }
      await tx.delete(categories).where(eq(categories.id, category.id));
      return category;
    }),
  );
}
