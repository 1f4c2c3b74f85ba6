/** The signed-in shopper's orders, cached by TanStack Query: the history and one order. */
import { orderLabels } from "@shop/domain/messages";
import type { Order } from "@shop/domain/schemas/public";
import { queryOptions } from "@tanstack/react-query";
import { api } from "#lib/api.ts";

export const orderQueries = {
  history: (page = 1) =>
    queryOptions({
      queryKey: ["orders", "mine", page],
      queryFn: () => api((client) => client.orders.list({ page, pageSize: 10 })),
      staleTime: 0,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: ["orders", "one", id],
      queryFn: () => api((client) => client.orders.get(id)),
      staleTime: 0,
    }),
  /** An order through the signed link its mails carry (a guest's), without a session. */
  linked: (id: string, token: string) =>
    queryOptions({
      queryKey: ["orders", "one", id],
      queryFn: () => api((client) => client.orders.view(id, token)),
      staleTime: 0,
    }),
  returns: (id: string, token?: string) =>
    queryOptions({
      queryKey: ["orders", "returns", id],
      queryFn: () => api((client) => client.returns.ofOrder(id, token)),
      staleTime: 0,
    }),
  /** How a shopper may pay here, and the shop's bank account for transfers. */
  paymentMethods: () =>
    queryOptions({
      queryKey: ["payments", "methods"],
      queryFn: () => api((client) => client.payments.methods()),
      staleTime: 5 * 60_000,
    }),
};

export const ORDER_STATUS_LABELS: Record<Order["status"], string> = orderLabels.status;
export const PAYMENT_METHOD_LABELS: Record<Order["paymentMethod"], string> = orderLabels.payment;
