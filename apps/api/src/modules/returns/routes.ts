/** Returns over HTTP: staff open and receive them; a shopper reads their own order's returns and is mailed. */
import { receiveReturnBodySchema, returnBodySchema } from "@shop/domain/schemas/admin";
import { idParamsSchema, type OrderReturn, orderReturnSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http-errors.ts";
import { html } from "../../mail/html.ts";
import type { Mail } from "../../mail/mailer.ts";
import { callerOf } from "../../plugins/auth.ts";
import { orderLinkValid } from "../orders/links.ts";
import { payableOrder } from "../orders/payable.ts";
import { findCustomer } from "../users/customers.ts";
import * as service from "./service.ts";

const bearer = [{ bearer: [] }];

/** The shopper's mail about a return: opened (what is expected back) or received (what went back in stock). */
function returnMail(to: string, orderNumber: string, link: string, r: OrderReturn): Mail {
  const opened = r.status === "requested";
  const subject = opened
    ? `A return is open for your order ${orderNumber}`
    : `We received the return of your order ${orderNumber}`;
  const lines = r.lines.map(
    (l) =>
      `${l.quantity} × ${l.title}${[l.color, l.size].filter(Boolean).length ? ` (${[l.color, l.size].filter(Boolean).join(", ")})` : ""}${
        opened
          ? ""
          : `: ${l.good ?? 0} received in good condition${l.damaged ? `, ${l.damaged} damaged` : ""}`
      }`,
  );
  const intro = opened
    ? `We have opened a return for order ${orderNumber} (${r.reason}). Please send back:`
    : `The items of your return for order ${orderNumber} have arrived. Any refund is recorded on your order.`;
  const text = [intro, "", ...lines.map((l) => `  ${l}`), "", `Your order: ${link}`].join("\n");
  const body = html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${subject}</title></head><body style="font-family:Arial,Helvetica,sans-serif"><p>${intro}</p><ul>${lines.map((l) => html`<li>${l}</li>`)}</ul><p><a href="${link}">See your order</a></p></body></html>`;
  return { to, subject, text, html: body.value };
}

export default async function returnRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const shop = app.env.SHOP_ORIGIN[0]!;

  async function mailShopper(request: FastifyRequest, orderId: string, returnId: string) {
    try {
      const order = await payableOrder(app.db, orderId);
      const customer = order && (await findCustomer(app.db, order.userId));
      const found = (await service.returnsOf(app.db, orderId)).find((x) => x.id === returnId);
      if (!order || !customer?.email || !found) return;
      const link = `${shop}/order?id=${encodeURIComponent(orderId)}`;
      app.mailer
        .send(returnMail(customer.email, order.orderNumber, link, found))
        .catch((error: unknown) => request.log.error({ err: error, orderId }, "the return's mail failed"));
    } catch (error) {
      request.log.error({ err: error, orderId }, "the return's mail could not be written");
    }
  }

  r.get(
    "/orders/:id/returns",
    {
      schema: {
        tags: ["returns"],
        summary: "The returns of an order: the shopper's own, or any for admins",
        security: bearer,
        params: idParamsSchema,
        querystring: z.object({ token: z.string().max(100).optional() }),
        response: { 200: z.array(orderReturnSchema) },
      },
      config: { access: "optional" },
    },
    async (request) => {
      const caller = request.caller;
      const order = await payableOrder(app.db, request.params.id);
      const mine = order && caller && (order.userId === caller.id || caller.role === "admin");
      // A guest reads them through the order's signed link.
      const linked = order && orderLinkValid(app.env.JWT_SECRET, order.id, request.query.token);
      if (!order || !(mine || linked)) throw notFound("Order");
      return service.returnsOf(app.db, order.id);
    },
  );

  r.post(
    "/orders/:id/returns",
    {
      schema: {
        tags: ["returns"],
        summary: "Open a return: the order's lines and quantities, and why (admin)",
        security: bearer,
        params: idParamsSchema,
        body: returnBodySchema,
        response: { 201: z.array(orderReturnSchema) },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const returnId = await service.openReturn(app.db, {
        orderId: request.params.id,
        reason: request.body.reason,
        lines: request.body.lines,
        by: callerOf(request).id,
      });
      await mailShopper(request, request.params.id, returnId);
      reply.status(201);
      return service.returnsOf(app.db, request.params.id);
    },
  );

  r.post(
    "/orders/:id/returns/:returnId/received",
    {
      schema: {
        tags: ["returns"],
        summary: "Mark a return received: good units back in stock, damaged ones kept out (admin)",
        security: bearer,
        params: idParamsSchema.extend({ returnId: z.uuid() }),
        body: receiveReturnBodySchema,
        response: { 200: z.array(orderReturnSchema) },
      },
      config: { access: "admin" },
    },
    async (request) => {
      await service.receiveReturn(app.db, {
        orderId: request.params.id,
        returnId: request.params.returnId,
        lines: request.body.lines,
        by: callerOf(request).id,
      });
      await mailShopper(request, request.params.id, request.params.returnId);
      return service.returnsOf(app.db, request.params.id);
    },
  );
}
