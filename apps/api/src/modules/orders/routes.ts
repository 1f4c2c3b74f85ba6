/** Orders: shoppers place and read their own; admins list all, filter them and move them through their statuses. */
import { ORDER_STATUSES } from "@shop/domain/constants";
import { isPaid, PAYMENT_STATES, stepWaitsForPayment } from "@shop/domain/payments";
import { orderUpdateBodySchema } from "@shop/domain/schemas/admin";
import {
  guestOrderBodySchema,
  idParamsSchema,
  type Order,
  orderBodySchema,
  orderSchema,
  orderStatusSchema,
} from "@shop/domain/schemas/public";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import type { Mail } from "../../mail/mailer.ts";
import { callerOf } from "../../plugins/auth.ts";
import { HOUR } from "../../plugins/rate-limits.ts";
import { recordAudit } from "../audit/record.ts";
import { afterRestock } from "../inventory/routes.ts";
import { cardRefusal } from "../payments/gateway.ts";
import { onOrderPaid } from "../payments/service.ts";
import { currentIssuer } from "../receipts/fiscal-data.ts";
import { findCustomer, guestCustomer } from "../users/customers.ts";
import { orderLinkToken, orderLinkValid } from "./links.ts";
import { type OrderMailSettings, orderPlacedMail, orderStatusMail, paymentReceivedMail } from "./mails.ts";
import * as repo from "./repository.ts";

const bearer = [{ bearer: [] }];
const guestOrderAnswerSchema = z.object({ order: orderSchema, token: z.string() });
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
    orderToken: (orderId) => orderLinkToken(app.env.JWT_SECRET, orderId),
  };

  // An order that becomes paid (staff's "Mark as paid", a card result) tells its shopper once: payments announces it
  // once per order, after the payment committed, whatever number of times the news arrived.
  const stopHearingPaid = onOrderPaid(app.db, (event) => {
    app.mailer.later("the payment-received mail", async () => {
      const order = await repo.getOrder(app.db, event.orderId);
      // Money arriving for an order already cancelled goes straight back: nothing to thank the shopper for.
      if (!order || order.status === "cancelled") return null;
      return paymentReceivedMail(order, event, mailSettings);
    });
  });
  app.addHook("onClose", async () => {
    stopHearingPaid();
  });

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
      if (request.body.paymentMethod === "card") {
        const refusal = cardRefusal(app, request.body.currency);
        if (refusal) throw badRequest(`body.paymentMethod: ${refusal}`, "CARD_UNAVAILABLE");
      }
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

  r.post(
    "/orders/guest",
    {
      schema: {
        tags: ["orders"],
        summary:
          "Place an order without an account: an e-mail, a name and an address; answers the order and its page's signature",
        headers: idempotencyHeaders,
        body: guestOrderBodySchema,
        response: { 200: guestOrderAnswerSchema, 201: guestOrderAnswerSchema },
      },
      // The limits of an account hold per e-mail for guests, and per client address for everyone.
      config: {
        access: "public",
        limits: [
          { name: "orders-email", by: "email", max: app.env.ORDERS_PER_HOUR_PER_ACCOUNT, windowMs: HOUR },
          { name: "orders-address", by: "address", max: app.env.ORDERS_PER_HOUR_PER_ADDRESS, windowMs: HOUR },
        ],
      },
    },
    async (request, reply) => {
      const { email, firstName, lastName, ...body } = request.body;
      if (body.paymentMethod === "card") {
        const refusal = cardRefusal(app, body.currency);
        if (refusal) throw badRequest(`body.paymentMethod: ${refusal}`, "CARD_UNAVAILABLE");
      }
      const userId = await guestCustomer(app.db, { email, firstName, lastName });
      const { order, replayed } = await repo.placeOrder(app.db, {
        userId,
        body,
        idempotencyKey: request.headers["idempotency-key"],
        maxQuantity: app.env.ORDER_MAX_QUANTITY,
      });
      if (!replayed) mailShopper(request, order, orderPlacedMail);
      reply.status(replayed ? 200 : 201);
      return { order, token: orderLinkToken(app.env.JWT_SECRET, order.id) };
    },
  );

  r.get(
    "/orders/:id/view",
    {
      schema: {
        tags: ["orders"],
        summary: "An order through its signed link (the link in its mails), without signing in",
        params: idParamsSchema,
        querystring: z.object({ token: z.string().max(100) }),
        response: { 200: orderSchema },
      },
      // No count: a 256-bit signature is not guessed, and checking one costs a hash.
      config: { access: "public" },
    },
    async (request) => {
      // A wrong signature answers as an unknown order does.
      if (!orderLinkValid(app.env.JWT_SECRET, request.params.id, request.query.token))
        throw notFound("Order");
      const order = await repo.getOrder(app.db, request.params.id);
      if (!order) throw notFound("Order");
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
          paymentState: z.enum(PAYMENT_STATES).optional(),
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
        paymentState: filterValue(f, "paymentState", z.enum(PAYMENT_STATES)) ?? q.paymentState,
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
      const { status, carrier, trackingNumber, unpaidAllowed, note } = request.body;
      const before = await repo.getOrder(app.db, request.params.id);
      if (!before) throw notFound("Order");
      // A transfer or card order is not prepared or shipped unpaid, unless staff say so.
      const waits = stepWaitsForPayment({
        to: status,
        paymentMethod: before.paymentMethod,
        paymentState: before.payment.state,
      });
      if (waits && !unpaidAllowed && before.status !== status) throw conflict(waits, "UNPAID");
      const actorId = callerOf(request).id;
      const after = await repo.changeOrderStatus(app.db, request.params.id, status, {
        actor: { id: actorId, email: (await findCustomer(app.db, actorId))?.email ?? "" },
        note:
          waits && unpaidAllowed
            ? ["Goes ahead unpaid, as staff confirmed", note].filter(Boolean).join(": ")
            : note,
        shipment: status === "shipped" && carrier && trackingNumber ? { carrier, trackingNumber } : undefined,
        // The fiscal data as saved when the receipt is issued: the receipt of this delivery names it (decision 069).
        issuer: (tx) => currentIssuer(tx, app.env),
      });
      // A cancellation may have put a sold-out variant back: its waiting shoppers get their mail.
      if (status === "cancelled") afterRestock(app);
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
      if (isPaid(order.payment.state))
        throw conflict("This order is paid; contact us to cancel it and be refunded");
      // Only from pending, checked again under the order's lock: an admin may be confirming it this very moment.
      const after = await repo.changeOrderStatus(app.db, order.id, "cancelled", { onlyFrom: "pending" });
      afterRestock(app);
      if (after.status !== "cancelled") throw refuse(after.status);
      return after;
    },
  );
}
