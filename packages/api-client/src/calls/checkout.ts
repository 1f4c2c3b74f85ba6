/** Checkout calls: shipping methods, coupons and their validation, and orders (place, history, detail, cancel). */
import type { OrderStatus } from "@shop/domain/constants";
import {
  type Coupon,
  type CouponValidateResponse,
  couponSchema,
  type couponValidateBodySchema,
  couponValidateResponseSchema,
  type Order,
  type OrderBody,
  orderSchema,
  type ShippingMethod,
  shippingMethodSchema,
} from "@shop/domain/schemas/public";
import type { z } from "zod";
import { segment, type Transport } from "../http.ts";
import type { Paginated } from "../pagination.ts";
import type { PageParams } from "./catalogue.ts";

export type CouponValidateBody = z.input<typeof couponValidateBodySchema>;

export interface OrderListParams extends PageParams {
  status?: OrderStatus;
  /** Only the caller's own orders; true by default, so an admin's storefront history is theirs too. */
  mine?: boolean;
}

export interface PlaceOrderOptions {
  /**
   * Sent as the Idempotency-Key header: placing the same order again with the same key answers the first
   * order instead of a second one (a double click, a retry after a lost answer).
   */
  idempotencyKey?: string;
}

export function checkoutCalls(t: Transport) {
  const shipping = {
    /** GET /shipping: the active methods, by sort order. */
    list: (params: PageParams = {}): Promise<Paginated<ShippingMethod>> =>
      t.list({ call: "shipping.list", path: "/shipping", query: { ...params } }, shippingMethodSchema),
    get: (id: string): Promise<ShippingMethod> =>
      t.json({ call: "shipping.get", path: `/shipping/${segment(id)}` }, shippingMethodSchema),
  };

  const coupons = {
    /** GET /coupons: the coupons usable now. */
    list: (params: PageParams = {}): Promise<Paginated<Coupon>> =>
      t.list({ call: "coupons.list", path: "/coupons", query: { ...params } }, couponSchema),
    /** POST /coupons/validate: a refused code is not an error but `valid: false` with a reason and a message. */
    validate: (body: CouponValidateBody): Promise<CouponValidateResponse> =>
      t.json(
        { call: "coupons.validate", method: "POST", path: "/coupons/validate", body },
        couponValidateResponseSchema,
      ),
  };

  const orders = {
    /** POST /orders (logged in): the server prices the order; an optional Idempotency-Key makes retries safe. */
    place: (body: OrderBody, options: PlaceOrderOptions = {}): Promise<Order> =>
      t.json(
        {
          call: "orders.place",
          method: "POST",
          path: "/orders",
          body,
          headers: options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : undefined,
        },
        orderSchema,
      ),
    /** GET /orders: the logged-in user's order history. */
    list: ({ mine = true, ...params }: OrderListParams = {}): Promise<Paginated<Order>> =>
      t.list({ call: "orders.list", path: "/orders", query: { ...params, mine } }, orderSchema),
    /** GET /orders/{id}: someone else's order answers 404. */
    get: (id: string): Promise<Order> =>
      t.json({ call: "orders.get", path: `/orders/${segment(id)}` }, orderSchema),
    /** POST /orders/{id}/cancel: only while the order is pending. */
    cancel: (id: string): Promise<Order> =>
      t.json({ call: "orders.cancel", method: "POST", path: `/orders/${segment(id)}/cancel` }, orderSchema),
  };

  return { shipping, coupons, orders };
}
