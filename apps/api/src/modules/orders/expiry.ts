/** Releases the stock of unpaid orders: pending orders older than UNPAID_ORDER_HOURS are cancelled, in every process, safely. */
import type { FastifyInstance } from "fastify";
import { orderLinkToken } from "./links.ts";
import { unpaidCancelledMail } from "./mails.ts";
import { cancelUnpaidOrders, getOrder } from "./repository.ts";

const HOUR_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;

/**
 * Sweeps now and every five minutes until the app closes, mailing each shopper whose order was cancelled; nothing
 * when UNPAID_ORDER_HOURS is 0.
 */
export function sweepUnpaidOrders(app: FastifyInstance): void {
  const hours = app.env.UNPAID_ORDER_HOURS;
  if (hours <= 0) return;
  const sweep = async () => {
    try {
      const now = new Date();
      const cancelled = await cancelUnpaidOrders(
        app.db,
        new Date(now.getTime() - hours * HOUR_MS),
        now,
        (id) => {
          // The shopper is told, after the cancellation committed; a mail that fails is logged and changes nothing.
          void getOrder(app.db, id)
            .then((order) => {
              if (!order) return;
              return app.mailer.send(
                unpaidCancelledMail(order, {
                  shopOrigin: app.env.SHOP_ORIGIN[0]!,
                  bankTransferDetails: app.env.BANK_TRANSFER_DETAILS,
                  unpaidOrderHours: hours,
                  orderToken: (orderId) => orderLinkToken(app.env.JWT_SECRET, orderId),
                }),
              );
            })
            .catch((error: unknown) =>
              app.log.error({ err: error, orderId: id }, "the cancellation mail failed"),
            );
        },
      );
      if (cancelled)
        app.log.info(`cancelled ${cancelled} unpaid orders older than ${hours} h; their stock is back`);
    } catch (error) {
      app.log.error({ err: error }, "cancelling unpaid orders failed; trying again later");
    }
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  void sweep();
}
