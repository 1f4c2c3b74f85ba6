/**
 * Requested items (an order's, a coupon check's) priced from the products and variants in the database: the server's
 * prices, never the browser's. Each line is resolved to the variant it buys.
 */
import type { PricedLine } from "@shop/domain/pricing";
import { colorAndSize, optionSlug, variantForColorAndSize, variantTitle } from "@shop/domain/variants";
import { asc, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { badRequest, variantRequired } from "../../http-errors.ts";
import { products, productVariants } from "./tables.ts";

export interface RequestedItem {
  productId: string;
  variantId?: string | null;
  quantity: number;
  color?: string | null;
  size?: string | null;
}

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof productVariants.$inferSelect;

export interface LoadedLine extends PricedLine {
  product: ProductRow;
  variant: VariantRow;
  variantId: string;
  /** The product's title with the variant's values ("Tempo Knit Running Shoe — Coral / 42"). */
  variantTitle: string;
  color: string | null;
  size: string | null;
}

/** Lists what a product comes in, for a refusal the shopper can act on. */
function offered(product: ProductRow): string {
  return product.options.map((o) => `${o.name}: ${o.values.map((v) => v.value).join(", ")}`).join("; ");
}

/**
 * Loads each item's product and variant and prices it. The variant is the one named, or (without a variantId) the
 * product's only one, or the one the colour and size name; unknown products, variants, colours or sizes are a 400
 * naming the item, and a product with several variants and no choice a 400 VARIANT_REQUIRED.
 */
export async function loadPricedLines(
  db: Db | Tx,
  items: readonly RequestedItem[],
  /** A coupon check prices a line whose variant is not chosen yet at the product's first variant's price. */
  options: { variantRequired: boolean } = { variantRequired: true },
): Promise<LoadedLine[]> {
  const unknown = items.find((i) => !isUuid(i.productId));
  if (unknown) throw badRequest(`Product ${unknown.productId} does not exist`);
  const badVariant = items.find((i) => i.variantId && !isUuid(i.variantId));
  if (badVariant) throw badRequest(`Variant ${badVariant.variantId} does not exist`);
  const ids = [...new Set(items.map((i) => i.productId.toLowerCase()))];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const variantRows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of variantRows) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  return items.map((item) => {
    const product = byId.get(item.productId.toLowerCase());
    if (!product) throw badRequest(`Product ${item.productId} does not exist`);
    const variants = variantsOf.get(product.id) ?? [];
    let variant: VariantRow | undefined;
    if (item.variantId) {
      variant = variants.find((v) => v.id === item.variantId!.toLowerCase());
      if (!variant) throw badRequest(`Variant ${item.variantId} is not one of ${product.title}'s`);
    } else {
      variant = variantForColorAndSize(variants, item.color, item.size);
      if (!variant && !options.variantRequired && !item.color && !item.size) variant = variants[0];
      if (!variant) {
        const colors = product.options.find((o) => o.name in (variants[0]?.options ?? {}))?.values ?? [];
        if (
          item.color &&
          colors.length &&
          !colors.some((c) => optionSlug(c.value) === optionSlug(item.color!))
        ) {
          throw badRequest(
            `${product.title} comes in ${colors.map((c) => c.value).join(", ")}, not ${item.color}`,
          );
        }
        if (item.size && !product.sizes.some((s) => optionSlug(s) === optionSlug(item.size!))) {
          throw badRequest(
            product.sizes.length
              ? `${product.title} comes in sizes ${product.sizes.join(", ")}, not ${item.size}`
              : `${product.title} has no sizes`,
          );
        }
        throw variantRequired(
          `Choose a variant of ${product.title} (${offered(product)}): send its variantId, or its color and size`,
          product.id,
        );
      }
    }
    const own = colorAndSize(variant.options);
    return {
      product,
      variant,
      variantId: variant.id,
      variantTitle: variantTitle(product.title, variant.options, product.options),
      productId: product.id,
      title: product.title,
      productType: product.productType as PricedLine["productType"],
      priceCents: variant.priceCents ?? product.priceCents,
      discountPercent: variant.discount ?? product.discount,
      quantity: item.quantity,
      color: own.color,
      size: own.size,
    };
  });
}
