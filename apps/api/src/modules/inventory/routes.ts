/** The inventory's shopper doors: ask for one mail when a sold-out variant is back, and unsubscribe without signing in. */
import { backInStockBodySchema, messageResponseSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MINUTE } from "../../plugins/rate-limits.ts";
import {
  BACK_IN_STOCK_MESSAGES,
  backInStockMail,
  claimDueRequests,
  requestBackInStock,
  unsubscribeBackInStock,
} from "./back-in-stock.ts";

const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Mails every shopper waiting for a variant that has stock again, once each, without holding up the caller. Called
 * after whatever puts stock back (a cancellation, the back office) and every minute (another process's restock).
 */
export async function sendBackInStockMails(app: FastifyInstance): Promise<number> {
  const due = await claimDueRequests(app.db);
  const shopOrigin = app.env.SHOP_ORIGIN[0]!;
  for (const mail of due) app.mailer.later("back-in-stock", () => backInStockMail(shopOrigin, mail));
  return due.length;
}

/** Sends what is due now and every minute until the app closes. */
export function sweepBackInStock(app: FastifyInstance): void {
  const sweep = async () => {
    try {
      await sendBackInStockMails(app);
    } catch (error) {
      app.log.error({ err: error }, "sending back-in-stock mails failed; trying again later");
    }
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  void sweep();
}

/** After a write that may have put stock back: the mails go, and a failure only logs (the sweep tries again). */
export function afterRestock(app: FastifyInstance): void {
  sendBackInStockMails(app).catch((error: unknown) =>
    app.log.error({ err: error }, "sending back-in-stock mails failed; the sweep tries again"),
  );
}

export default async function inventoryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/variants/:variantId/notify",
    {
      // Anyone may ask (a guest too), a few times a minute per address: enough for a shopper, dull for a spammer.
      config: {
        access: "public",
        limits: [{ name: "back-in-stock-address", by: "address", max: 10, windowMs: MINUTE }],
      },
      schema: {
        tags: ["inventory"],
        summary:
          "Ask for one email when this sold-out variant is back in stock (asking twice keeps one request)",
        params: z.object({ variantId: z.string().max(64) }),
        body: backInStockBodySchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await requestBackInStock(app.db, request.params.variantId, request.body.email);
      return reply.code(202).send({ success: true, message: BACK_IN_STOCK_MESSAGES.requested });
    },
  );

  r.get(
    "/back-in-stock/unsubscribe",
    {
      config: {
        access: "public",
        limits: [{ name: "back-in-stock-unsubscribe", by: "address", max: 30, windowMs: MINUTE }],
      },
      schema: {
        tags: ["inventory"],
        summary:
          "Forget a back-in-stock request by the token in its email; no sign-in, same answer for any token",
        querystring: z.object({ token: z.string().max(200).default("") }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await unsubscribeBackInStock(app.db, request.query.token);
      return { success: true, message: BACK_IN_STOCK_MESSAGES.unsubscribed };
    },
  );
}
