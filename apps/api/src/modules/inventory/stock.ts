/**
 * The inventory: every change of stock goes through here (an order taking it, a cancellation or a return putting it
 * back, the back office setting or adding it, variants made or removed), and so do the low-stock reads. Stock is
 * kept per variant; a product's quantity and sell_count are its variants' summed, written here in the same
 * transaction (docs/decisions/048-modules-own-their-tables.md, 059-product-variants.md).
 */
import { LOW_STOCK_THRESHOLD, STOCK_REFUSAL_CODES } from "@shop/domain/constants";
import { cartMessages } from "@shop/domain/messages";
import { spreadStock, variantTitle } from "@shop/domain/variants";
import { and, asc, eq, gte, inArray, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { badRequest, conflict } from "../../http-errors.ts";
// Stock lives in the variants' rows and, summed, in their products' (which listings filter on): this module is the
// one writer of both tables' quantity and sell_count.
import { products, productVariants } from "../products/tables.ts";

/** A quantity of a variant taken or given back. */
export interface StockLine {
  productId: string;
  variantId: string;
  quantity: number;
}

const byKey = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);

/** Quantities per key summed over the lines, in key order: concurrent writers then lock rows in one order. */
function summed(lines: readonly StockLine[], key: "productId" | "variantId"): [string, number][] {
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line[key], (wanted.get(line[key]) ?? 0) + line.quantity);
  return [...wanted.entries()].sort(byKey);
}

/**
 * Takes the stock of every line in the caller's transaction, or throws 409 with the spec's message (`Agotado:
 * {title — variant}` or `Stock insuficiente. Disponible: {n}`, n the variant's stock), the product, the variant and
 * how many are left. Every writer locks the products' rows first (in id order), then the variants' (in id order), so
 * two orders never wait on each other in a circle; each variant's stock is taken by one conditional update, so
 * concurrent orders never take more than a variant has. A price read after this is the price when the stock was taken.
 */
export async function reserve(tx: Tx, lines: readonly StockLine[], now = new Date()): Promise<void> {
  for (const [productId, quantity] of summed(lines, "productId")) {
    await tx
      .update(products)
      .set({
        quantity: sql`greatest(${products.quantity} - ${quantity}, 0)`,
        sellCount: sql`${products.sellCount} + ${quantity}`,
        updatedAt: now,
      })
      .where(eq(products.id, productId));
  }
  for (const [variantId, quantity] of summed(lines, "variantId")) {
    const [taken] = await tx
      .update(productVariants)
      .set({
        quantity: sql`${productVariants.quantity} - ${quantity}`,
        sellCount: sql`${productVariants.sellCount} + ${quantity}`,
        updatedAt: now,
      })
      .where(and(eq(productVariants.id, variantId), gte(productVariants.quantity, quantity)))
      .returning({ id: productVariants.id });
    if (taken) continue;
    const [current] = await tx
      .select({
        productId: products.id,
        title: products.title,
        options: productVariants.options,
        productOptions: products.options,
        quantity: productVariants.quantity,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(productVariants.id, variantId));
    const available = current?.quantity ?? 0;
    throw conflict(
      available === 0
        ? cartMessages.outOfStock(
            current ? variantTitle(current.title, current.options, current.productOptions) : variantId,
          )
        : cartMessages.insufficientStock(available),
      available === 0 ? STOCK_REFUSAL_CODES.outOfStock : STOCK_REFUSAL_CODES.insufficient,
      { productId: current?.productId ?? variantId, variantId, available },
    );
  }
}

/**
 * Puts the stock of every line back (a cancelled order, a return), in the caller's transaction. Lines whose variant
 * is gone (removed by an admin since) give back nothing. Answers the variants that were sold out and now are not,
 * for their back-in-stock mails once the transaction commits.
 */
export async function release(tx: Tx, lines: readonly StockLine[], now = new Date()): Promise<string[]> {
  const existing = lines.length
    ? await tx
        .select({ id: productVariants.id, quantity: productVariants.quantity })
        .from(productVariants)
        .where(
          inArray(
            productVariants.id,
            lines.map((l) => l.variantId),
          ),
        )
    : [];
  const before = new Map(existing.map((v) => [v.id, v.quantity]));
  const kept = lines.filter((l) => before.has(l.variantId));
  for (const [productId, quantity] of summed(kept, "productId")) {
    await tx
      .update(products)
      .set({
        quantity: sql`${products.quantity} + ${quantity}`,
        sellCount: sql`greatest(${products.sellCount} - ${quantity}, 0)`,
        updatedAt: now,
      })
      .where(eq(products.id, productId));
  }
  const restocked: string[] = [];
  for (const [variantId, quantity] of summed(kept, "variantId")) {
    const [row] = await tx
      .update(productVariants)
      .set({
        quantity: sql`${productVariants.quantity} + ${quantity}`,
        sellCount: sql`greatest(${productVariants.sellCount} - ${quantity}, 0)`,
        updatedAt: now,
      })
      .where(eq(productVariants.id, variantId))
      .returning({ quantity: productVariants.quantity });
    if (row && row.quantity > 0 && row.quantity - quantity <= 0) restocked.push(variantId);
  }
  return restocked;
}

/** A variant's stock as the back office sets it: to a count (set) or by a change (add, which may be negative). */
export interface StockChange {
  variantId: string;
  set?: number;
  add?: number;
}

/**
 * Sets or adds to variants' stock (the back office's grid and bulk actions), keeping their products' sums. A change
 * that would leave a variant below zero is a 400 naming it. Answers the variants that were sold out and now are not.
 */
export async function changeStock(
  tx: Tx,
  changes: readonly StockChange[],
  now = new Date(),
): Promise<string[]> {
  if (changes.length === 0) return [];
  const ids = [...new Set(changes.map((c) => c.variantId))];
  const owners = await tx
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, ids));
  const productOf = new Map(owners.map((o) => [o.id, o.productId]));
  const productIds = [...new Set(owners.map((o) => o.productId))].sort();
  // Products first, then variants, as every writer locks them.
  if (productIds.length) {
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for("update");
  }
  const rows = await tx
    .select({ id: productVariants.id, sku: productVariants.sku, quantity: productVariants.quantity })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(asc(productVariants.id))
    .for("update");
  const current = new Map(rows.map((r) => [r.id, r]));
  const next = new Map<string, number>();
  for (const change of changes) {
    const row = current.get(change.variantId);
    if (!row) throw badRequest(`Variant ${change.variantId} does not exist`);
    const from = next.get(row.id) ?? row.quantity;
    const to = change.set !== undefined ? change.set : from + (change.add ?? 0);
    if (to < 0) throw badRequest(`${row.sku} has ${from} in stock; it cannot go below 0`);
    if (to > 1_000_000) throw badRequest(`${row.sku} would hold ${to}; at most 1000000`);
    next.set(row.id, to);
  }
  const delta = new Map<string, number>();
  const restocked: string[] = [];
  const changed: [string, number][] = [];
  for (const [variantId, quantity] of [...next.entries()].sort(byKey)) {
    const was = current.get(variantId)!.quantity;
    if (quantity === was) continue;
    changed.push([variantId, quantity]);
    const productId = productOf.get(variantId)!;
    delta.set(productId, (delta.get(productId) ?? 0) + quantity - was);
    if (was === 0 && quantity > 0) restocked.push(variantId);
  }
  // One statement for the variants and one for their products, however many (an import's thousands): the rows are
  // locked above, and each table's statement-level triggers (the product documents) run once, not once a row.
  if (changed.length) {
    await tx.execute(sql`update ${productVariants} set quantity = c.quantity, updated_at = ${now.toISOString()}::timestamptz
      from unnest(${uuidArray(changed.map(([id]) => id))}::uuid[], ${intArray(changed.map(([, q]) => q))}::int[])
        as c(id, quantity)
      where ${productVariants.id} = c.id`);
  }
  const sums = [...delta.entries()].filter(([, change]) => change !== 0).sort(byKey);
  if (sums.length) {
    await tx.execute(sql`update ${products} set quantity = ${products.quantity} + c.change, updated_at = ${now.toISOString()}::timestamptz
      from unnest(${uuidArray(sums.map(([id]) => id))}::uuid[], ${intArray(sums.map(([, c]) => c))}::int[])
        as c(id, change)
      where ${products.id} = c.id`);
  }
  return restocked;
}

/** An array parameter as PostgreSQL's literal (both drivers take it as text and the query casts it). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(",")}}`;
const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(",")}}`;

/**
 * The stock a new product comes in with, for writing into its rows as they are inserted (the catalogue import makes
 * thousands at once): each variant's count, bounded as changeStock bounds it, and the product's, their sum.
 * Inserted already counted, not counted in after, so each new product's listing row is written once, not twice.
 */
export function openingStock(variants: readonly { sku: string; quantity: number }[]): {
  variants: number[];
  product: number;
} {
  const counts = variants.map(({ sku, quantity }) => {
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > 1_000_000)
      throw badRequest(`${sku} would hold ${quantity}; stock is a whole number from 0 to 1000000`);
    return quantity;
  });
  return { variants: counts, product: counts.reduce((sum, n) => sum + n, 0) };
}

/** A new variant's stock, given when the variant is made. */
export interface NewVariantStock {
  variantId: string;
  productId: string;
  quantity: number;
}

/**
 * Counts the stock of variants just made (their rows inserted with none) into them and their products. Answers
 * nothing to mail: a new variant has no one waiting for it.
 */
export async function stockNewVariants(
  tx: Tx,
  stock: readonly NewVariantStock[],
  now = new Date(),
): Promise<void> {
  const changes = stock
    .filter((s) => s.quantity > 0)
    .map((s) => ({ variantId: s.variantId, set: s.quantity }));
  await changeStock(tx, changes, now);
}

/**
 * Removes variants (the back office's grid), their stock leaving their products' sums; their order lines keep
 * their SKU and values. In the caller's transaction.
 */
export async function removeVariants(tx: Tx, variantIds: readonly string[], now = new Date()): Promise<void> {
  if (variantIds.length === 0) return;
  await changeStock(
    tx,
    variantIds.map((variantId) => ({ variantId, set: 0 })),
    now,
  );
  await tx.delete(productVariants).where(inArray(productVariants.id, [...variantIds]));
}

/**
 * The product form's stock (the spec's one quantity per product): a product with one variant sets it; one with
 * several keeps its variants' stock when the number is their sum, and otherwise has the new number spread over its
 * variants as evenly as whole units go (0: every variant sold out), as the migration spread it.
 */
export async function setStock(tx: Tx, productId: string, quantity: number): Promise<string[]> {
  const variants = await tx
    .select({ id: productVariants.id, quantity: productVariants.quantity })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const sum = variants.reduce((total, v) => total + v.quantity, 0);
  if (sum === quantity) return [];
  const shares = spreadStock(quantity, variants.length);
  return changeStock(
    tx,
    variants.map((v, i) => ({ variantId: v.id, set: shares[i]! })),
  );
}

/** A variant running low: LOW_STOCK_THRESHOLD or fewer left, out of stock included. */
export interface LowStockRow {
  id: string;
  title: string;
  sku: string;
  quantity: number;
  variantId: string;
  options: Record<string, string>;
}

/** The variants running lowest, fewest left first (the dashboard's list), each with its product's id and title. */
export async function lowStock(db: Db, limit: number): Promise<LowStockRow[]> {
  const rows = await db
    .select({
      id: products.id,
      productTitle: products.title,
      productOptions: products.options,
      sku: productVariants.sku,
      quantity: productVariants.quantity,
      variantId: productVariants.id,
      options: productVariants.options,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(lte(productVariants.quantity, LOW_STOCK_THRESHOLD))
    .orderBy(
      asc(productVariants.quantity),
      asc(products.title),
      asc(productVariants.position),
      asc(productVariants.id),
    )
    .limit(limit);
  return rows.map(({ productTitle, productOptions, ...row }) => ({
    ...row,
    title: variantTitle(productTitle, row.options, productOptions),
  }));
}

/**
 * A condition on a product id column: some variant of the product is running low (the back office's stock filter).
 * The few variants running low are found by their index, so the listing that asks keeps no quantity of its own.
 */
export function runningLow(productId: SQLWrapper): SQL {
  return sql`${productId} in (select ${productVariants.productId} from ${productVariants} where ${productVariants.quantity} <= ${LOW_STOCK_THRESHOLD})`;
}
