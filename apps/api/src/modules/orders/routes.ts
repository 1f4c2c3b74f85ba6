/** Orders: shoppers place and read their own; admins list all, filter them and move them through their statuses. */
import { ORDER_STATUSES } from "@shop/domain/constants";
import { orderUpdateBodySchema } from "@shop/domain/schemas/admin";
import {
  idParamsSchema,
  type Order,
  orderBodySchema,
  orderSchema,
  orderStatusSchema,
} from "@shop/domain/schemas/public";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { conflict, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import type { Mail } from "../../mail/mailer.ts";
import { callerOf } from "../../plugins/auth.ts";
import { HOUR } from "../../plugins/rate-limits.ts";
import { recordAudit } from "../audit/repository.ts";
import { type OrderMailSettings, orderPlacedMail, orderStatusMail } from "./mails.ts";
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
  const mailSettings: OrderMailSettings = {
    shopOrigin: app.env.SHOP_ORIGIN[0]!,
    bankTransferDetails: app.env.BANK_TRANSFER_DETAILS,
    unpaidOrderHours: app.env.UNPAID_ORDER_HOURS,
  };

  /**
   * Mails the shopper about an order that is already committed, without waiting: a slow or failing mail server
   * neither delays nor fails the answer; its failure is logged and the order stands.
   */
  function mailShopper(
    request: FastifyRequest,
    order: Order,
    compose: (o: Order, s: OrderMailSettings) => Mail,
  ) {
    try {
      app.mailer
        .send(compose(order, mailSettings))
        .catch((error: unknown) =>
          request.log.error({ err: error, orderId: order.id }, "the order's mail to the shopper failed"),
        );
    } catch (error) {
      request.log.error(
        { err: error, orderId: order.id },
        "the order's mail to the shopper could not be written",
      );
    }
  }

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
      // Unpaid orders hold stock: how many one account, or one address, may place is capped.
      config: {
        access: "user",
        limits: [
          { name: "orders-account", by: "account", max: app.env.ORDERS_PER_HOUR_PER_ACCOUNT, windowMs: HOUR },
          { name: "orders-address", by: "address", max: app.env.ORDERS_PER_HOUR_PER_ADDRESS, windowMs: HOUR },
        ],
      },
    },
    async (request, reply) => {
      const { order, replayed } = await repo.placeOrder(app.db, {
        userId: callerOf(request).id,
        body: request.body,
        idempotencyKey: request.headers["idempotency-key"],
        maxQuantity: app.env.ORDER_MAX_QUANTITY,
      });
      // A replayed request answers an order already mailed.
      if (!replayed) mailShopper(request, order, orderPlacedMail);
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
      config: { access: "user" },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const q = request.query;
      const list = parseListQuery(q, { sortFields: repo.ORDER_SORT_FIELDS, defaultPageSize: 10 });
      const f = list.filter;
      const asAdmin = caller.role === "admin" && q.mine !== "true";
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
      config: { access: "user" },
    },
    async (request) => {
      const caller = callerOf(request);
      const order = await repo.getOrder(app.db, request.params.id);
      // Someone else's order answers 404, so order ids reveal nothing.
      if (!order || (order.userId !== caller.id && caller.role !== "admin")) throw notFound("Order");
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
      config: { access: "admin" },
    },
    async (request) => {
      const before = await repo.getOrder(app.db, request.params.id);
      const after = await repo.changeOrderStatus(app.db, request.params.id, request.body.status);
      if (before && before.status !== after.status) {
        await recordAudit(app.db, request, {
          action: "order.status",
          entity: "order",
          entityId: after.id,
          before: { status: before.status },
          after: { status: after.status },
        });
        mailShopper(request, after, orderStatusMail);
      }
      return after;
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
      config: { access: "user" },
    },
    async (request) => {
      const order = await repo.getOrder(app.db, request.params.id);
      if (!order || order.userId !== callerOf(request).id) throw notFound("Order");
      const refuse = (status: string) => conflict(`This order is ${status}; contact us to change it`);
      if (order.status !== "pending") throw refuse(order.status);
      // Only from pending, checked again under the order's lock: an admin may be confirming it this very moment.
      const after = await repo.changeOrderStatus(app.db, order.id, "cancelled", { onlyFrom: "pending" });
      if (after.status !== "cancelled") throw refuse(after.status);
      return after;
    },
  );
}
