/** The signed-in shopper's orders, kept by TanStack Query: the history and one order. */
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
};

export const ORDER_STATUS_LABELS: Record<Order["status"], string> = orderLabels.status;
export const PAYMENT_METHOD_LABELS: Record<Order["paymentMethod"], string> = orderLabels.payment;
