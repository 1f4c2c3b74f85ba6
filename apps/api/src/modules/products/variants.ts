/**
 * A product's options and variants as the back office writes them: made from the product form's colours and sizes,
 * edited in the variants grid, generated from every combination, changed in bulk. Their stock goes through the
 * inventory; their SKU, values, price and picture are written here (docs/decisions/059-product-variants.md).
 */
import { fromCents, toCents } from "@shop/domain/money";
import type { AdminVariants, VariantBulkInput, variantsInputSchema } from "@shop/domain/schemas/admin";
import {
  COLOR_OPTION,
  combinations,
  isColorOption,
  isSizeOption,
  optionSlug,
  SIZE_OPTION,
  spreadStock,
  variantSku,
} from "@shop/domain/variants";
import { and, asc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import { changeStock, removeVariants, stockNewVariants } from "../inventory/stock.ts";
import { type ProductImageRow, type ProductOptionRow, products, productVariants } from "./tables.ts";

type VariantRow = typeof productVariants.$inferSelect;
type VariantsInput = z.infer<typeof variantsInputSchema>;

/** The key two variants with the same values share, whatever the case or spacing of the values. */
function choiceKey(choice: Record<string, string>): string {
  return JSON.stringify(
    Object.entries(choice)
      .map(([name, value]) => [name, optionSlug(value)])
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

/** The first picture of a colour, for a variant of that colour. */
function pictureOf(choice: Record<string, string>, images: readonly ProductImageRow[]): string | null {
  const colour = Object.entries(choice).find(([name]) => isColorOption(name))?.[1];
  if (!colour) return null;
  return images.find((i) => i.color && optionSlug(i.color.name) === optionSlug(colour))?.img ?? null;
}

/**
 * The options a product form's colours and sizes make: the size option's values are the form's sizes; the colour
 * option keeps its values and gains the pictures' colours; names and any other option are kept.
 */
export function optionsFromForm(
  current: readonly ProductOptionRow[],
  images: readonly ProductImageRow[],
  sizes: readonly string[],
): ProductOptionRow[] {
  const colours: { value: string; clrCode: string | null }[] = [];
  for (const image of images) {
    const name = image.color?.name?.trim();
    if (name && !colours.some((c) => c.value === name))
      colours.push({ value: name, clrCode: image.color!.clrCode });
  }
  const sizeValues = [...new Set(sizes.map((s) => s.trim()).filter(Boolean))].map((value) => ({
    value,
    clrCode: null,
  }));
  const result: ProductOptionRow[] = [];
  let colourDone = false;
  let sizeDone = false;
  for (const option of current) {
    if (isColorOption(option.name)) {
      // Colours the grid defined stay (a colour without a picture yet is still sold); the pictures add theirs
      // and give their swatch. A colour is removed in the grid, never by taking its picture away.
      const kept = option.values.map((v) => {
        const pictured = colours.find((c) => optionSlug(c.value) === optionSlug(v.value));
        return { value: v.value, clrCode: pictured?.clrCode ?? v.clrCode ?? null };
      });
      const added = colours.filter((c) => !kept.some((k) => optionSlug(k.value) === optionSlug(c.value)));
      const values = [...kept, ...added];
      if (!colourDone && values.length) result.push({ name: option.name, values });
      colourDone = true;
    } else if (isSizeOption(option.name)) {
      if (!sizeDone && sizeValues.length) result.push({ name: option.name, values: sizeValues });
      sizeDone = true;
    } else {
      result.push(option);
    }
  }
  if (!colourDone && colours.length) result.unshift({ name: COLOR_OPTION, values: colours });
  if (!sizeDone && sizeValues.length) result.push({ name: SIZE_OPTION, values: sizeValues });
  return result;
}

interface ProductForVariants {
  id: string;
  sku: string;
  imageUrls: ProductImageRow[];
  options: ProductOptionRow[];
}

/** Inserts variants (no stock yet), each with its picture, SKU clashes answered as a clear 409. */
async function insertVariants(
  tx: Tx,
  product: ProductForVariants,
  rows: {
    sku: string;
    options: Record<string, string>;
    priceCents?: number | null;
    discount?: number | null;
  }[],
  firstPosition: number,
): Promise<VariantRow[]> {
  if (rows.length === 0) return [];
  await refuseTakenSkus(
    tx,
    rows.map((r) => r.sku),
    [],
  );
  return tx
    .insert(productVariants)
    .values(
      rows.map((r, i) => ({
        productId: product.id,
        sku: r.sku,
        options: r.options,
        position: firstPosition + i,
        priceCents: r.priceCents ?? null,
        discount: r.discount ?? null,
        img: pictureOf(r.options, product.imageUrls),
      })),
    )
    .returning();
}

/** A 409 naming a SKU another variant has. */
async function refuseTakenSkus(tx: Tx, skus: readonly string[], exceptIds: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  for (const sku of skus) {
    if (seen.has(sku)) throw conflict(`Two variants have the SKU '${sku}'; give each its own`, "SKU_TAKEN");
    seen.add(sku);
  }
  if (skus.length === 0) return;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.sku, [...skus]),
        exceptIds.length ? notInArray(productVariants.id, [...exceptIds]) : undefined,
      ),
    )
    .limit(1);
  if (taken)
    throw conflict(`A variant with SKU '${taken.sku}' already exists; choose another SKU`, "SKU_TAKEN");
}

/** The SKU a generated variant gets: the product's with the values, made unique with -2, -3 if another has it. */
async function freeSku(tx: Tx, wanted: string, taken: Set<string>): Promise<string> {
  for (let n = 1; ; n++) {
    const sku = n === 1 ? wanted : `${wanted}-${n}`;
    if (taken.has(sku)) continue;
    const [row] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, sku))
      .limit(1);
    if (!row) {
      taken.add(sku);
      return sku;
    }
  }
}

/**
 * Brings a product's variants in line with its options after the product form saved it: every combination of the
 * options gets a variant (a new product's stock spread over them; later ones start at none), and variants with a
 * value no longer offered are removed. The only variant of a product without options keeps the product's SKU.
 */
export async function syncVariantsWithOptions(
  tx: Tx,
  product: ProductForVariants,
  newProductQuantity: number | null,
): Promise<void> {
  const existing = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const wanted = combinations(product.options);
  const wantedKeys = new Set(wanted.map(choiceKey));
  const gone = existing.filter((v) => !wantedKeys.has(choiceKey(v.options)));
  const have = new Set(existing.filter((v) => !gone.includes(v)).map((v) => choiceKey(v.options)));
  const missing = wanted.filter((c) => !have.has(choiceKey(c)));
  // A product without options whose only variant is kept: it follows the product's SKU.
  if (
    product.options.length === 0 &&
    gone.length === 0 &&
    existing.length === 1 &&
    existing[0]!.sku !== product.sku
  ) {
    await refuseTakenSkus(tx, [product.sku], [existing[0]!.id]);
    await tx.update(productVariants).set({ sku: product.sku }).where(eq(productVariants.id, existing[0]!.id));
  }
  // Pictures follow the colours: a variant shows its colour's first picture as the product's pictures are now.
  for (const v of existing) {
    const img = pictureOf(v.options, product.imageUrls);
    if (!gone.includes(v) && img !== v.img) {
      await tx.update(productVariants).set({ img }).where(eq(productVariants.id, v.id));
    }
  }
  if (gone.length === 0 && missing.length === 0) return;
  // Removed before the new ones are made, so a product losing its options can give its SKU to its only variant.
  await removeVariants(
    tx,
    gone.map((v) => v.id),
  );
  const taken = new Set<string>();
  const rows = [];
  for (const choice of missing) {
    const sku =
      product.options.length === 0
        ? product.sku
        : await freeSku(tx, variantSku(product.sku, choice, product.options), taken);
    rows.push({ sku, options: choice });
  }
  const made = await insertVariants(tx, product, rows, existing.length + 1);
  if (newProductQuantity !== null) {
    const quantities = spreadStock(newProductQuantity, made.length);
    await stockNewVariants(
      tx,
      made.map((v, i) => ({ variantId: v.id, productId: product.id, quantity: quantities[i]! })),
    );
  }
}

// ---------- The back office's grid ----------

async function productFor(db: Db | Tx, id: string, lock: boolean) {
  if (!isUuid(id)) throw notFound("Product");
  const query = db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      priceCents: products.priceCents,
      discount: products.discount,
      imageUrls: products.imageUrls,
      options: products.options,
      sizes: products.sizes,
    })
    .from(products)
    .where(eq(products.id, id.toLowerCase()));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Product");
  return row;
}

/** A product's options and variants as the grid edits them. */
export async function adminVariants(db: Db | Tx, productId: string): Promise<AdminVariants> {
  const product = await productFor(db, productId, false);
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, product.id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return {
    productId: product.id,
    title: product.title,
    sku: product.sku,
    price: fromCents(product.priceCents),
    discount: Number(product.discount),
    options: product.options,
    variants: rows.map((v) => ({
      id: v.id,
      sku: v.sku,
      options: v.options,
      price: v.priceCents === null ? null : fromCents(v.priceCents),
      discount: v.discount === null ? null : Number(v.discount),
      quantity: v.quantity,
      sellCount: v.sellCount,
      img: v.img,
    })),
  };
}

/** Each row's values must be one of each option's, every option given, no two rows alike. */
function checkRows(input: VariantsInput): void {
  const names = input.options.map((o) => o.name);
  if (new Set(names).size !== names.length) throw badRequest("options: two options have the same name");
  const keys = new Set<string>();
  input.variants.forEach((row, i) => {
    const given = Object.keys(row.options);
    for (const option of input.options) {
      const value = row.options[option.name];
      if (value === undefined) throw badRequest(`variants.${i}.options: ${row.sku} needs a ${option.name}`);
      if (!option.values.some((v) => v.value === value)) {
        throw badRequest(
          `variants.${i}.options.${option.name}: '${value}' is not one of ${option.values.map((v) => v.value).join(", ")}`,
        );
      }
    }
    const extra = given.find((name) => !names.includes(name));
    if (extra) throw badRequest(`variants.${i}.options.${extra}: the product has no option ${extra}`);
    const key = choiceKey(row.options);
    if (keys.has(key)) throw badRequest(`variants.${i}: two variants have the same values`);
    keys.add(key);
  });
}

/**
 * Replaces a product's options and variants (the grid's save): rows with an id are updated (SKU, values, price,
 * discount, stock), rows without are made, the product's other variants are removed. All in one transaction.
 * Answers the grid and the variants back in stock (for their mails).
 */
export async function replaceVariants(
  db: Db,
  productId: string,
  input: VariantsInput,
): Promise<{ variants: AdminVariants; restocked: string[] }> {
  checkRows(input);
  return db.transaction(async (tx) => {
    const product = await productFor(tx, productId, true);
    const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, product.id));
    const byId = new Map(existing.map((v) => [v.id, v]));
    for (const [i, row] of input.variants.entries()) {
      if (row.id && !byId.has(row.id.toLowerCase())) {
        throw badRequest(`variants.${i}.id: ${row.id} is not a variant of ${product.title}`);
      }
    }
    const keptIds = input.variants.flatMap((r) => (r.id ? [r.id.toLowerCase()] : []));
    await refuseTakenSkus(
      tx,
      input.variants.map((r) => r.sku),
      existing.map((v) => v.id),
    );
    const options: ProductOptionRow[] = input.options.map((o) => ({
      name: o.name,
      values: o.values.map((v) => ({ value: v.value, clrCode: v.clrCode ?? null })),
    }));
    const sizes = options.find((o) => isSizeOption(o.name))?.values.map((v) => v.value) ?? [];
    await tx
      .update(products)
      .set({ options, sizes, updatedAt: new Date() })
      .where(eq(products.id, product.id));
    await removeVariants(
      tx,
      existing.filter((v) => !keptIds.includes(v.id)).map((v) => v.id),
    );
    // SKUs may swap between kept rows: park them first so the unique index never sees two at once.
    if (keptIds.length) {
      await tx
        .update(productVariants)
        .set({ sku: sql`${productVariants.sku} || '~' || ${productVariants.id}` })
        .where(inArray(productVariants.id, keptIds));
    }
    const stock: { variantId: string; set: number }[] = [];
    const made: { row: (typeof input.variants)[number]; position: number }[] = [];
    for (const [position, row] of input.variants.entries()) {
      const values = {
        sku: row.sku,
        options: row.options,
        position: position + 1,
        priceCents: row.price === null ? null : toCents(row.price),
        discount: row.discount,
        img: pictureOf(row.options, product.imageUrls),
        updatedAt: new Date(),
      };
      if (row.id) {
        await tx.update(productVariants).set(values).where(eq(productVariants.id, row.id.toLowerCase()));
        stock.push({ variantId: row.id.toLowerCase(), set: row.quantity });
      } else {
        made.push({ row, position: position + 1 });
      }
    }
    const inserted = [];
    for (const { row, position } of made) {
      inserted.push(
        ...(await insertVariants(
          tx,
          { ...product, options },
          [
            {
              sku: row.sku,
              options: row.options,
              priceCents: row.price === null ? null : toCents(row.price),
              discount: row.discount,
            },
          ],
          position,
        )),
      );
    }
    const restocked = await changeStock(tx, stock);
    await stockNewVariants(
      tx,
      inserted.map((v, i) => ({ variantId: v.id, productId: product.id, quantity: made[i]!.row.quantity })),
    );
    return { variants: await adminVariants(tx, product.id), restocked };
  });
}

/** Makes a variant (no stock, SKU from the product's) for every combination of the options not yet present. */
export async function generateVariants(db: Db, productId: string): Promise<AdminVariants> {
  return db.transaction(async (tx) => {
    const product = await productFor(tx, productId, true);
    if (product.options.length === 0) {
      throw badRequest(`${product.title} has no options to combine; add colours or sizes first`);
    }
    const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, product.id));
    const have = new Set(existing.map((v) => choiceKey(v.options)));
    const missing = combinations(product.options).filter((c) => !have.has(choiceKey(c)));
    const taken = new Set<string>();
    const rows = [];
    for (const choice of missing) {
      rows.push({
        sku: await freeSku(tx, variantSku(product.sku, choice, product.options), taken),
        options: choice,
      });
    }
    // A variant without the options' values (the product's only one before it had options) is replaced.
    const partial = existing.filter((v) => Object.keys(v.options).length < product.options.length);
    if (partial.length && partial.every((v) => v.quantity === 0)) {
      await removeVariants(
        tx,
        partial.map((v) => v.id),
      );
    }
    await insertVariants(tx, product, rows, existing.length + 1);
    return adminVariants(tx, product.id);
  });
}

/** One action on the selected rows: set or add stock, or set (or clear) their price. */
export async function bulkVariants(
  db: Db,
  productId: string,
  input: VariantBulkInput,
): Promise<{ variants: AdminVariants; restocked: string[] }> {
  return db.transaction(async (tx) => {
    const product = await productFor(tx, productId, true);
    const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
    const bad = ids.find((id) => !isUuid(id));
    if (bad) throw badRequest(`ids: ${bad} is not a variant of ${product.title}`);
    const rows = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, product.id), inArray(productVariants.id, ids)));
    if (rows.length !== ids.length) {
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      throw badRequest(`ids: ${missing} is not a variant of ${product.title}`);
    }
    let restocked: string[] = [];
    if (input.action === "set-price") {
      await tx
        .update(productVariants)
        .set({ priceCents: input.price === null ? null : toCents(input.price), updatedAt: new Date() })
        .where(inArray(productVariants.id, ids));
    } else {
      if (input.action === "set-stock" && input.quantity < 0)
        throw badRequest("quantity: stock cannot be below 0");
      restocked = await changeStock(
        tx,
        ids.map((variantId) =>
          input.action === "set-stock"
            ? { variantId, set: input.quantity }
            : { variantId, add: input.quantity },
        ),
      );
    }
    return { variants: await adminVariants(tx, product.id), restocked };
  });
}

/** Another product's variant already has this SKU (the product form's check; its own variants may). */
export async function variantSkuTaken(
  db: Db | Tx,
  sku: string,
  exceptProductId: string | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.sku, sku),
        exceptProductId ? ne(productVariants.productId, exceptProductId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
