/** Orders: shoppers place and read their own; admins list all, filter them and move them through their statuses. */
import { ORDER_STATUSES } from "@shop/domain/constants";
import {
  idParamsSchema,
  orderBodySchema,
  orderSchema,
  orderStatusSchema,
  orderUpdateBodySchema,
} from "@shop/domain/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { conflict, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import * as repo from "./repository.ts";

const bearer = [{ bearer: [] }];
const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[\x21-\x7e]{1,100}$/, "must be 1 to 100 visible ASCII characters")
    .optional(),
});
const dateFilter = z.iso
  .datetime({ offset: true })
  .or(z.iso.date())
  .transform((d) => new Date(d));

export default async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/orders",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Place an order; the server prices it, takes the stock and redeems the coupon, all or nothing",
        security: bearer,
        headers: idempotencyHeaders,
        body: orderBodySchema,
        response: { 200: orderSchema, 201: orderSchema },
      },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      const { order, replayed } = await repo.placeOrder(app.db, {
        userId: caller.id,
        body: request.body,
        idempotencyKey: request.headers["idempotency-key"],
      });
      reply.status(replayed ? 200 : 201);
      return order;
    },
  );

  r.get(
    "/orders",
    {
      schema: {
        tags: ["orders"],
        summary: "A shopper's order history; for admins every order, with filters",
        security: bearer,
        querystring: listQuerySchema.extend({
          status: orderStatusSchema.optional(),
          userId: z.string().max(64).optional(),
          from: dateFilter.optional(),
          to: dateFilter.optional(),
          q: z.string().max(200).optional(),
          mine: z.enum(["true", "false"]).optional(),
        }),
        response: { 200: z.array(orderSchema) },
      },
    },
    async (request, reply) => {
      const caller = await app.requireUser(request);
      const q = request.query;
      const list = parseListQuery(q, { sortFields: repo.ORDER_SORT_FIELDS, defaultPageSize: 10 });
      const f = list.filter;
      const asAdmin = caller.role === "admin" && q.mine !== "true" && (await app.requireAdmin(request));
      const filters: repo.OrderFilters = {
        status: filterValue(f, "status", z.enum(ORDER_STATUSES)) ?? q.status,
        from: filterValue(f, "from", dateFilter) ?? q.from,
        to: filterValue(f, "to", dateFilter) ?? q.to,
        q: filterValue(f, "q", z.string().max(200)) ?? q.q,
        ids: filterIds(f),
        // A shopper sees only their own orders, whatever filter they send.
        userId: asAdmin ? (filterValue(f, "userId", z.string().max(64)) ?? q.userId) : caller.id,
      };
      const { items, total } = await repo.listOrders(app.db, list, filters);
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/orders/:id",
    {
      schema: { tags: ["orders"], security: bearer, params: idParamsSchema, response: { 200: orderSchema } },
    },
    async (request) => {
      const caller = await app.requireUser(request);
      const order = await repo.getOrder(app.db, request.params.id);
      // Someone else's order answers 404, so order ids reveal nothing.
      if (
        !order ||
        (order.userId !== caller.id && !(caller.role === "admin" && (await app.requireAdmin(request))))
      ) {
        throw notFound("Order");
      }
      return order;
    },
  );

  r.put(
    "/orders/:id",
    {
      schema: {
        tags: ["orders"],
        summary: "Change an order's status along the allowed transitions (admin)",
        security: bearer,
        params: idParamsSchema,
        body: orderUpdateBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      await app.requireAdmin(request);
      return repo.changeOrderStatus(app.db, request.params.id, request.body.status);
    },
  );

  r.post(
    "/orders/:id/cancel",
    {
      schema: {
        tags: ["orders"],
        summary: "A shopper cancels their own order while it is still pending",
        security: bearer,
        params: idParamsSchema,
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const caller = await app.requireUser(request);
      const order = await repo.getOrder(app.db, request.params.id);
      if (!order || order.userId !== caller.id) throw notFound("Order");
      if (order.status !== "pending") {
        throw conflict(`This order is ${order.status}; contact us to change it`);
      }
      return repo.changeOrderStatus(app.db, order.id, "cancelled");
    },
  );
}
