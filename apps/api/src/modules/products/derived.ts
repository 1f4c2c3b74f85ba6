/** Columns kept in step with a product's own fields on every write: sale price for sorting, text for search. */
import { discountedPriceCents } from "@shop/domain/pricing";

export function productSearchText(p: {
  title: string;
  sku: string;
  tags: readonly string[];
  brandName?: string | null;
  categoryName?: string | null;
  subcategory?: string | null;
}): string {
  return [p.title, p.sku, p.brandName ?? "", p.categoryName ?? "", p.subcategory ?? "", ...p.tags]
    .join(" ")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

export function productSalePriceCents(priceCents: number, discount: number): number {
  return discountedPriceCents(priceCents, discount);
}
