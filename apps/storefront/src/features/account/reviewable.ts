/** What the account offers to review: the products of the shopper's delivered orders, the only ones the API takes a review of. */
import type { Order } from "@shop/domain/schemas/public";
import type { ReviewableProduct } from "./components/reviews-section.tsx";

/**
 * Each product once, from the orders that were delivered: a pending, unpaid, shipped or cancelled order's products
 * are not the shopper's to review yet (or at all).
 */
export function reviewable(orders: readonly Order[]): ReviewableProduct[] {
  const seen = new Map<string, ReviewableProduct>();
  for (const order of orders) {
    if (order.status !== "delivered") continue;
    for (const line of order.items) {
      if (!seen.has(line.productId))
        seen.set(line.productId, { productId: line.productId, title: line.title, img: line.img });
    }
  }
  return [...seen.values()];
}
