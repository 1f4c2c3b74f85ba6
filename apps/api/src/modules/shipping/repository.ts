/** Shipping methods in the database: the checkout's delivery options, their prices and the row→wire mapping. */
import { fromCents, toCents } from "@shop/domain/money";
import type { shippingMethodInputSchema } from "@shop/domain/schemas/admin";
import type { ShippingMethod } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import type { ListRequest } from "../../lists.ts";
import { shippingMethods } from "./tables.ts";

export type ShippingMethodRow = typeof shippingMethods.$inferSelect;
export type ShippingMethodInput = z.infer<typeof shippingMethodInputSchema>;

export function toShippingMethod(row: ShippingMethodRow): ShippingMethod {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: fromCents(row.priceCents),
    freeOver: row.freeOverCents === null ? null : fromCents(row.freeOverCents),
    estimatedDays: row.estimatedDays,
    active: row.active,
    sortOrder: row.sortOrder,
  };
}

export const SHIPPING_SORT_FIELDS = ["id", "name", "price", "sortOrder", "active"] as const;
type ShippingSortField = (typeof SHIPPING_SORT_FIELDS)[number];

// Sort names map to columns through this table only; nothing from the request reaches SQL as text.
const sortColumns = {
  id: shippingMethods.id,
  name: shippingMethods.name,
  price: shippingMethods.priceCents,
  sortOrder: shippingMethods.sortOrder,
  active: shippingMethods.active,
} satisfies Record<ShippingSortField, unknown>;

export interface ShippingFilters {
  q?: string | undefined;
  active?: boolean | undefined;
  ids?: string[] | undefined;
}

export async function listShippingMethods(
  db: Db,
  list: Pick<ListRequest, "sort" | "offset" | "pageSize">,
  filters: ShippingFilters,
): Promise<{ items: ShippingMethod[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(or(ilike(shippingMethods.name, pattern), ilike(shippingMethods.description, pattern)));
  }
  if (filters.active !== undefined) conditions.push(eq(shippingMethods.active, filters.active));
  if (filters.ids) {
    const ids = filters.ids.filter(isUuid);
    conditions.push(ids.length ? inArray(shippingMethods.id, ids) : sql`false`);
  }
  const where = and(...conditions);
  const order = list.sort
    ? [(list.sort.order === "asc" ? asc : desc)(sortColumns[list.sort.field as ShippingSortField])]
    : [asc(shippingMethods.sortOrder), asc(shippingMethods.priceCents)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shippingMethods)
      .where(where)
      .orderBy(...order, asc(shippingMethods.name), asc(shippingMethods.id))
      .limit(list.pageSize)
      .offset(list.offset),
    db.select({ n: count() }).from(shippingMethods).where(where),
  ]);
  return { items: rows.map(toShippingMethod), total: total?.n ?? 0 };
}

function toValues(input: ShippingMethodInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: toCents(input.price),
    freeOverCents: input.freeOver === undefined || input.freeOver === null ? null : toCents(input.freeOver),
    estimatedDays: input.estimatedDays,
    active: input.active,
    sortOrder: input.sortOrder,
  };
}

export async function insertShippingMethod(db: Db, input: ShippingMethodInput): Promise<ShippingMethod> {
  const [row] = await db.insert(shippingMethods).values(toValues(input)).returning();
  return toShippingMethod(row!);
}

export async function updateShippingMethod(
  db: Db,
  id: string,
  input: ShippingMethodInput,
): Promise<ShippingMethod | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(shippingMethods)
    .set(toValues(input))
    .where(eq(shippingMethods.id, id))
    .returning();
  return row && toShippingMethod(row);
}

/** Orders keep the method's name and lose only the link (the foreign key sets it null), so any method can go. */
export async function deleteShippingMethod(db: Db, id: string): Promise<ShippingMethod | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
  return row && toShippingMethod(row);
}
