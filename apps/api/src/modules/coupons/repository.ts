/** Coupons in the database: lookups the checkout and orders use, the admin's list and writes, and the row→wire mapping. */
import type { ProductType } from "@shop/domain/constants";
import { fromCents, toCents } from "@shop/domain/money";
import type { CouponRule } from "@shop/domain/pricing";
import type { couponInputSchema } from "@shop/domain/schemas/admin";
import type { Coupon } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { conflict } from "../../http-errors.ts";
import type { ListRequest } from "../../lists.ts";
import { couponRedemptions, coupons } from "./tables.ts";

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInput = z.infer<typeof couponInputSchema>;

/** The rule the domain's checkCoupon and orderTotals apply: percent as a number, fixed amounts in cents. */
export function toCouponRule(row: CouponRow): CouponRule {
  return {
    code: row.code,
    kind: row.kind === "fixed" ? "fixed" : "percent",
    value: row.kind === "fixed" ? (row.valueCents ?? 0) : Number(row.valuePercent ?? 0),
    minOrderCents: row.minOrderCents,
    productType: (row.productType as ProductType | null) ?? null,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    timesUsed: row.timesUsed,
    active: row.active,
  };
}

/** The wire's coupon: value as a percent or decimal USD, the minimum in decimal USD, dates as ISO strings. */
export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    kind: row.kind === "fixed" ? "fixed" : "percent",
    value: row.kind === "fixed" ? fromCents(row.valueCents ?? 0) : Number(row.valuePercent ?? 0),
    minOrderAmount: fromCents(row.minOrderCents),
    productType: (row.productType as ProductType | null) ?? null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    timesUsed: row.timesUsed,
    active: row.active,
  };
}

/** Codes are stored upper-case, so a shopper's "welcome10" finds WELCOME10. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export async function findCouponByCode(db: Db | Tx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCode(code)));
  return row;
}

export async function findCoupon(db: Db | Tx, id: string): Promise<CouponRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** How many orders this customer has placed with the coupon: the per-customer limit counts these. */
export async function customerCouponUses(db: Db | Tx, couponId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row?.n ?? 0;
}

export const COUPON_SORT_FIELDS = ["id", "code", "title", "kind", "endsAt", "timesUsed", "active"] as const;
type CouponSortField = (typeof COUPON_SORT_FIELDS)[number];

// Sort names map to columns through this table only; nothing from the request reaches SQL as text.
const sortColumns = {
  id: coupons.id,
  code: coupons.code,
  title: coupons.title,
  kind: coupons.kind,
  endsAt: coupons.endsAt,
  timesUsed: coupons.timesUsed,
  active: coupons.active,
} satisfies Record<CouponSortField, unknown>;

export interface CouponFilters {
  q?: string | undefined;
  active?: boolean | undefined;
  kind?: "percent" | "fixed" | undefined;
  ids?: string[] | undefined;
  /** Only coupons shoppers may see at this moment: usable now, or not started yet (not paused, over or used up). */
  shownToShoppersAt?: Date | undefined;
}

/**
 * The coupons @shop/domain/coupons' shownToShoppers keeps at `now`: those couponState calls active or scheduled
 * (switched on, not past their end, not used up; they may not have started yet).
 */
function shownToShoppersAt(now: Date): SQL {
  return and(
    eq(coupons.active, true),
    or(isNull(coupons.endsAt), gte(coupons.endsAt, now)),
    or(isNull(coupons.usageLimit), gt(coupons.usageLimit, coupons.timesUsed)),
  )!;
}

export async function listCoupons(
  db: Db,
  list: Pick<ListRequest, "sort" | "offset" | "pageSize">,
  filters: CouponFilters,
): Promise<{ items: Coupon[]; total: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.q) {
    const pattern = containing(filters.q);
    conditions.push(or(ilike(coupons.code, pattern), ilike(coupons.title, pattern)));
  }
  if (filters.active !== undefined) conditions.push(eq(coupons.active, filters.active));
  if (filters.kind) conditions.push(eq(coupons.kind, filters.kind));
  if (filters.ids) {
    const ids = filters.ids.filter(isUuid);
    conditions.push(ids.length ? inArray(coupons.id, ids) : sql`false`);
  }
  if (filters.shownToShoppersAt) conditions.push(shownToShoppersAt(filters.shownToShoppersAt));
  const where = and(...conditions);
  const order = list.sort
    ? [(list.sort.order === "asc" ? asc : desc)(sortColumns[list.sort.field as CouponSortField])]
    : // The ones ending soonest first, so a storefront shows what is about to go.
      [sql`${coupons.endsAt} asc nulls last`];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...order, asc(coupons.code), asc(coupons.id))
      .limit(list.pageSize)
      .offset(list.offset),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { items: rows.map(toCoupon), total: total?.n ?? 0 };
}

function toValues(input: CouponInput) {
  return {
    code: normalizeCode(input.code),
    title: input.title,
    kind: input.kind,
    valuePercent: input.kind === "percent" ? input.value : null,
    valueCents: input.kind === "fixed" ? toCents(input.value) : null,
    minOrderCents: toCents(input.minOrderAmount),
    productType: input.productType ?? null,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    active: input.active,
  };
}

const codeTaken = (code: string) =>
  conflict(`A coupon with the code ${normalizeCode(code)} already exists`, "COUPON_CODE_TAKEN");

/** PostgreSQL's unique violation, possibly wrapped by the driver. */
function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function insertCoupon(db: Db, input: CouponInput): Promise<Coupon> {
  if (await findCouponByCode(db, input.code)) throw codeTaken(input.code);
  try {
    const [row] = await db.insert(coupons).values(toValues(input)).returning();
    return toCoupon(row!);
  } catch (error) {
    // Two admins creating the same code at once: the unique index decides, the message stays clear.
    if (isUniqueViolation(error)) throw codeTaken(input.code);
    throw error;
  }
}

/** A full replace, as react-admin sends the whole record; timesUsed follows orders and is not the admin's to set. */
export async function updateCoupon(db: Db, id: string, input: CouponInput): Promise<Coupon | undefined> {
  if (!isUuid(id)) return undefined;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
      if (!current) return undefined;
      const other = await findCouponByCode(tx, input.code);
      if (other && other.id !== id) throw codeTaken(input.code);
      if (input.usageLimit != null && input.usageLimit < current.timesUsed) {
        throw conflict(
          `Coupon ${current.code} has already been used ${current.timesUsed} times; the usage limit cannot be lower`,
          "COUPON_LIMIT_BELOW_USES",
        );
      }
      const [row] = await tx.update(coupons).set(toValues(input)).where(eq(coupons.id, id)).returning();
      return toCoupon(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken(input.code);
    throw error;
  }
}

/** A coupon some order used stays, for the orders' history and the per-customer counts: deactivate it instead. */
export async function deleteCoupon(db: Db, id: string): Promise<Coupon | undefined> {
  if (!isUuid(id)) return undefined;
  return db.transaction(async (tx) => {
    // The lock makes a concurrent order's redemption wait, so none slips in between the count and the delete.
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!current) return undefined;
    const [used] = await tx
      .select({ n: count() })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id));
    const uses = used?.n ?? 0;
    if (uses > 0) {
      throw conflict(
        `Coupon ${current.code} has been used in ${uses} ${uses === 1 ? "order" : "orders"} and cannot be deleted; deactivate it instead`,
        "COUPON_IN_USE",
      );
    }
    await tx.delete(coupons).where(eq(coupons.id, id));
    return toCoupon(current);
  });
}
