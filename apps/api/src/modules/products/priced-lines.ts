/** Requested items (an order's, a coupon check's) priced from the products in the database: the server's prices, never the browser's. */
import type { PricedLine } from "@shop/domain/pricing";
import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { products } from "../../db/schema.ts";
import { badRequest } from "../../http-errors.ts";

export interface RequestedItem {
  productId: string;
  quantity: number;
  color?: string | null;
  size?: string | null;
}

export type ProductRow = typeof products.$inferSelect;

export interface LoadedLine extends PricedLine {
  product: ProductRow;
  color: string | null;
  size: string | null;
}

/** Loads each item's product and prices it; unknown products, colours or sizes are a 400 naming the item. */
export async function loadPricedLines(db: Db | Tx, items: readonly RequestedItem[]): Promise<LoadedLine[]> {
  const unknown = items.find((i) => !isUuid(i.productId));
  if (unknown) throw badRequest(`Product ${unknown.productId} does not exist`);
  const ids = [...new Set(items.map((i) => i.productId))];
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return items.map((item) => {
    const product = byId.get(item.productId);
    if (!product) throw badRequest(`Product ${item.productId} does not exist`);
    const colors = product.imageUrls.map((i) => i.color?.name).filter((c): c is string => Boolean(c));
    if (item.color && colors.length && !colors.includes(item.color)) {
      throw badRequest(`${product.title} comes in ${colors.join(", ")}, not ${item.color}`);
    }
    if (item.size && !product.sizes.includes(item.size)) {
      throw badRequest(
        product.sizes.length
          ? `${product.title} comes in sizes ${product.sizes.join(", ")}, not ${item.size}`
          : `${product.title} has no sizes`,
      );
    }
    return {
      product,
      productId: product.id,
      title: product.title,
      productType: product.productType as PricedLine["productType"],
      priceCents: product.priceCents,
      discountPercent: product.discount,
      quantity: item.quantity,
      color: item.color ?? null,
      size: item.size ?? null,
    };
  });
}
