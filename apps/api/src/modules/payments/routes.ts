/**
 * Payments over HTTP: how a shopper may pay, a trip to the card gateway and its way back (signed), staff marking
 * money received and giving it back. The test gateway is mounted here outside production.
 */
import { PAYMENT_METHODS } from "@shop/domain/constants";
import { toCents } from "@shop/domain/money";
import { markPaidBodySchema, refundBodySchema } from "@shop/domain/schemas/admin";
import { idParamsSchema, orderPaymentSchema, paymentMethodsSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../http-errors.ts";
import { callerOf } from "../../plugins/auth.ts";
import { HOUR } from "../../plugins/rate-limits.ts";
import { recordAudit } from "../audit/record.ts";
import { orderLinkToken, orderLinkValid } from "../orders/links.ts";
import { payableOrder } from "../orders/payable.ts";
import { creditRefund } from "../receipts/issue.ts";
import { findCustomer } from "../users/customers.ts";
import { cardGatewayOf } from "./gateway.ts";
import * as payments from "./service.ts";
import { paymentSummaries } from "./summary.ts";
import testGatewayRoutes from "./test-gateway.ts";

const bearer = [{ bearer: [] }];
/** A guest's signed link to the order (orders/links.ts), in place of a session. */
const linkQuery = z.object({ token: z.string().max(100).optional() });
const checkoutFormSchema = z.object({ action: z.string(), fields: z.record(z.string(), z.string()) });

export default async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { gateway, testGateway } = cardGatewayOf(app);
  const shop = app.env.SHOP_ORIGIN[0]!;
  const log = (error: unknown) => app.log.error({ err: error }, "a payment listener failed");
  if (testGateway) await app.register(testGatewayRoutes, { config: testGateway });

  /** The order's page, signed so a guest without a session lands on it too. */
  const orderPage = (orderId: string, outcome: string) =>
    `${shop}/order?id=${encodeURIComponent(orderId)}&token=${orderLinkToken(app.env.JWT_SECRET, orderId)}&payment=${outcome}`;

  async function summaryOf(orderId: string) {
    const order = await payableOrder(app.db, orderId);
    if (!order) throw notFound("Order");
    return (await paymentSummaries(app.db, [order])).get(order.id)!;
  }

  async function staff(request: FastifyRequest) {
    const id = callerOf(request).id;
    return { id, email: (await findCustomer(app.db, id))?.email ?? "" };
  }

  /**
   * The shopper's own order, or one opened through its signed link (a guest); 404 for anyone else's, so ids reveal
   * nothing; admins see every order.
   */
  async function ownOrder(request: FastifyRequest, id: string, token?: string) {
    const caller = request.caller;
    const order = await payableOrder(app.db, id);
    const mine = order && caller && (order.userId === caller.id || caller.role === "admin");
    const linked = order && orderLinkValid(app.env.JWT_SECRET, order.id, token);
    if (!order || !(mine || linked)) throw notFound("Order");
    return order;
  }

  r.get(
    "/payments/methods",
    {
      schema: {
        tags: ["payments"],
        summary: "How a shopper may pay here",
        response: { 200: paymentMethodsSchema },
      },
      config: { access: "public" },
    },
    async () => ({
      methods: PAYMENT_METHODS.filter((m) => m !== "card" || gateway !== null),
      cardCurrencies: gateway ? [...gateway.currencies] : [],
      bankTransferDetails: app.env.BANK_TRANSFER_DETAILS ?? null,
      testGateway: testGateway !== null,
    }),
  );

  r.post(
    "/orders/:id/pay",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Start paying the shopper's own card order: the signed form their browser posts to the gateway's page",
        security: bearer,
        params: idParamsSchema,
        querystring: linkQuery,
        response: { 200: checkoutFormSchema },
      },
      config: {
        access: "optional",
        limits: [{ name: "card-payments", by: "account", max: 30, windowMs: HOUR }],
      },
    },
    async (request) => {
      if (!gateway) throw badRequest("Card payments are not available in this shop", "NO_CARD_GATEWAY");
      const order = await ownOrder(request, request.params.id, request.query.token);
      return payments.startCardPayment(app.db, gateway, {
        orderId: order.id,
        userId: order.userId,
        urls: (attemptId) => ({
          approvedUrl: `${shop}/api/payments/return/approved`,
          declinedUrl: `${shop}/api/payments/return/declined`,
          cancelUrl: `${shop}/api/payments/return/cancelled/${attemptId}`,
        }),
      });
    },
  );

  // The gateway sends the shopper back here with the signed result; the signature is the only proof trusted.
  r.get(
    "/payments/return/:result",
    {
      schema: {
        tags: ["payments"],
        summary: "Where the card gateway sends the shopper back with its signed result",
        params: z.object({ result: z.enum(["approved", "declined"]) }),
        querystring: z.record(z.string(), z.string()),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      if (!gateway) throw badRequest("Card payments are not available in this shop", "NO_CARD_GATEWAY");
      const result = gateway.readReturn(request.query);
      if (!result) {
        request.log.warn(
          { query: request.query },
          "a payment result whose signature does not verify was refused",
        );
        throw badRequest(
          "This payment result's signature does not verify; nothing was recorded",
          "BAD_SIGNATURE",
        );
      }
      const settled = await payments.settleAttempt(app.db, gateway, result, log);
      return reply.redirect(orderPage(settled.orderId, settled.outcome), 303);
    },
  );

  r.get(
    "/payments/return/cancelled/:id",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Where the card gateway sends a shopper who cancelled: the gateway is asked what became of it",
        params: z.object({ id: z.uuid() }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      if (!gateway) throw badRequest("Card payments are not available in this shop", "NO_CARD_GATEWAY");
      // Unsigned: it only makes the shop ask the gateway, whose answer decides.
      const settled = await payments.reconcileAttempt(app.db, gateway, request.params.id, {
        cancelUnknown: true,
        log,
      });
      if (!settled) throw notFound("Payment");
      return reply.redirect(orderPage(settled.orderId, settled.outcome), 303);
    },
  );

  r.post(
    "/orders/:id/payment-check",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Ask the card gateway again about the order's unfinished payments (a tab closed after paying)",
        security: bearer,
        params: idParamsSchema,
        querystring: linkQuery,
        response: { 200: orderPaymentSchema },
      },
      config: {
        access: "optional",
        limits: [{ name: "payment-checks", by: "account", max: 120, windowMs: HOUR }],
      },
    },
    async (request) => {
      const order = await ownOrder(request, request.params.id, request.query.token);
      if (gateway) {
        for (const attemptId of await payments.pendingAttemptsOf(app.db, order.id)) {
          await payments.reconcileAttempt(app.db, gateway, attemptId, { cancelUnknown: false, log });
        }
      }
      return summaryOf(order.id);
    },
  );

  r.post(
    "/orders/:id/payments",
    {
      schema: {
        tags: ["payments"],
        summary: "Record money received by hand: a transfer seen in the bank, cash handed over (admin)",
        security: bearer,
        params: idParamsSchema,
        body: markPaidBodySchema,
        response: { 200: orderPaymentSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const by = await staff(request);
      const recorded = await payments.markPaid(
        app.db,
        { orderId: request.params.id, ...request.body, by },
        log,
      );
      if (recorded.created) {
        await recordAudit(app.db, request, {
          action: "order.payment",
          entity: "order",
          entityId: request.params.id,
          before: null,
          after: { paidOn: request.body.paidOn, reference: request.body.reference },
        });
      }
      return summaryOf(request.params.id);
    },
  );

  r.post(
    "/orders/:id/refunds",
    {
      schema: {
        tags: ["payments"],
        summary:
          "Give money back, whole or in part: through the card gateway for card payments, recorded for cash and transfers (admin)",
        security: bearer,
        params: idParamsSchema,
        body: refundBodySchema,
        response: { 200: orderPaymentSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const by = await staff(request);
      const done = await payments.refund(app.db, gateway, {
        orderId: request.params.id,
        amountCents: toCents(request.body.amount),
        reason: request.body.reason,
        key: request.body.key,
        by,
      });
      if (!done.replayed && done.row.status === "settled") {
        // Money given back on a sale with its receipt: the credit note that corrects it (decision 066). The money
        // is back whatever happens here; a note that cannot be issued (no E34 range left) is logged for staff.
        try {
          await app.db.transaction((tx) =>
            creditRefund(
              tx,
              {
                orderId: done.order.id,
                amountCents: done.row.amountCents,
                currency: done.order.currency,
                rate: done.order.rate,
                reason: request.body.reason,
              },
              new Date(),
            ),
          );
        } catch (error) {
          request.log.error(
            { err: error, orderId: done.order.id },
            "the refund's credit note could not be issued",
          );
        }
      }
      if (!done.replayed) {
        await recordAudit(app.db, request, {
          action: "order.refund",
          entity: "order",
          entityId: request.params.id,
          before: null,
          after: { amount: request.body.amount, currency: done.order.currency, reason: request.body.reason },
        });
      }
      return summaryOf(request.params.id);
    },
  );
}
