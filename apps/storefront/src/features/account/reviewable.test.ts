import { ORDER_STATUSES, type OrderStatus } from "@shop/domain/constants";
import type { Order, OrderLine } from "@shop/domain/schemas/public";
import { describe, expect, it } from "vitest";
import { reviewable } from "./reviewable.ts";

const line = (productId: string): OrderLine => ({
  productId,
  title: `Product ${productId}`,
  sku: `SKU-${productId}`,
  img: `/api/images/${productId}.svg`,
  productType: "electronics",
  unitPrice: 10,
  discount: 0,
  quantity: 1,
  lineTotal: 10,
  color: null,
  size: null,
  variantId: null,
  options: {},
});

const order = (status: OrderStatus, ...productIds: string[]) =>
  ({ id: `order-${status}`, status, items: productIds.map(line) }) as unknown as Order;

describe("reviewable", () => {
  it("offers the products of delivered orders only, never a pending and unpaid one's", () => {
    const orders = ORDER_STATUSES.map((status) =>
      order(status, status === "delivered" ? "a" : `not-${status}`),
    );
    expect(reviewable(orders).map((p) => p.productId)).toEqual(["a"]);
    expect(reviewable([order("pending", "b")])).toEqual([]);
  });

  it("offers each product once, with its title and picture", () => {
    expect(reviewable([order("delivered", "a", "b"), order("delivered", "a")])).toEqual([
      { productId: "a", title: "Product a", img: "/api/images/a.svg" },
      { productId: "b", title: "Product b", img: "/api/images/b.svg" },
    ]);
  });
});
