/** Checkout calls: shipping methods, coupons and their validation, and orders (place, history, detail, cancel). */
import type { OrderStatus } from "@shop/domain/constants";
import {
  type Coupon,
  type CouponValidateResponse,
  couponSchema,
  type couponValidateBodySchema,
  couponValidateResponseSchema,
  type GuestOrderBody,
  type Order,
  type OrderBody,
  type OrderPayment,
  type OrderReturn,
  orderPaymentSchema,
  orderReturnSchema,
  orderSchema,
  type PaymentMethods,
  paymentMethodsSchema,
  type ShippingMethod,
  shippingMethodSchema,
} from "@shop/domain/schemas/public";
import { z } from "zod";
import { segment, type Transport } from "../http.ts";
import type { Paginated } from "../pagination.ts";
import type { PageParams } from "./catalogue.ts";

/** The form a shopper's browser posts to the card gateway's hosted page. */
export const checkoutFormSchema = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

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
    /**
     * POST /orders/{id}/pay: the signed form for the card gateway, for the order's total in its currency; a guest
     * passes the order link's `token`.
     */
    pay: (id: string, token?: string): Promise<CheckoutForm> =>
      t.json(
        { call: "orders.pay", method: "POST", path: `/orders/${segment(id)}/pay`, query: { token } },
        checkoutFormSchema,
      ),
    /** POST /orders/{id}/payment-check: the gateway is asked again about unfinished card payments. */
    checkPayment: (id: string, token?: string): Promise<OrderPayment> =>
      t.json(
        {
          call: "orders.checkPayment",
          method: "POST",
          path: `/orders/${segment(id)}/payment-check`,
          query: { token },
        },
        orderPaymentSchema,
      ),
    /** GET /orders/{id}/view: an order through the signed link its mails carry, without signing in. */
    view: (id: string, token: string): Promise<Order> =>
      t.json(
        { call: "orders.view", path: `/orders/${segment(id)}/view`, query: { token }, session: false },
        orderSchema,
      ),
    /** POST /orders/guest: an order without an account; answers it and its page's signature. */
    placeAsGuest: (
      body: GuestOrderBody,
      options: PlaceOrderOptions = {},
    ): Promise<{ order: Order; token: string }> =>
      t.json(
        {
          call: "orders.placeAsGuest",
          method: "POST",
          path: "/orders/guest",
          body,
          session: false,
          headers: options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : undefined,
        },
        z.object({ order: orderSchema, token: z.string() }),
      ),
  };

  const returns = {
    /** GET /orders/{id}/returns: the returns staff opened on the shopper's own order. */
    ofOrder: (id: string, token?: string): Promise<OrderReturn[]> =>
      t.json(
        { call: "returns.ofOrder", path: `/orders/${segment(id)}/returns`, query: { token } },
        z.array(orderReturnSchema),
      ),
  };

  const payments = {
    /** GET /payments/methods: the ways to pay here, the card's currencies, the shop's bank account. */
    methods: (): Promise<PaymentMethods> =>
      t.json({ call: "payments.methods", path: "/payments/methods" }, paymentMethodsSchema),
  };

  return { shipping, coupons, orders, payments, returns };
}
