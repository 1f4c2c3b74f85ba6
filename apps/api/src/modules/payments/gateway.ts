/**
 * Which card gateway this shop uses (CARD_GATEWAY): AZUL configured by environment, the shop's own test gateway
 * (outside production), or none; and the schedule that asks it about payments nobody came back from.
 */
import type { FastifyInstance } from "fastify";
import { type AzulConfig, azulGateway } from "./providers/azul.ts";
import type { CardGateway } from "./providers/provider.ts";
import { reconcilePending } from "./service.ts";
import { testGatewayConfig } from "./test-gateway.ts";

const gateways = new WeakMap<
  FastifyInstance,
  { gateway: CardGateway | null; testGateway: AzulConfig | null }
>();

/** The API's own address as it listens (the test gateway's web service is called there), else its PORT. */
function ownBase(app: FastifyInstance): string {
  const address = app.server.address();
  if (address && typeof address === "object") {
    const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
    const loopback = host === "0.0.0.0" ? "127.0.0.1" : host === "[::]" ? "[::1]" : host;
    return `http://${loopback}:${address.port}`;
  }
  return `http://localhost:${app.env.PORT}`;
}

export function cardGatewayOf(app: FastifyInstance) {
  const root = app.server as unknown as FastifyInstance;
  const known = gateways.get(root);
  if (known) return known;
  const env = app.env;
  let made: { gateway: CardGateway | null; testGateway: AzulConfig | null };
  if (env.CARD_GATEWAY === "azul") {
    made = {
      gateway: azulGateway({
        name: "azul",
        paymentPageUrl: env.AZUL_PAYMENT_PAGE_URL,
        webserviceUrl: env.AZUL_WEBSERVICE_URL,
        merchantId: env.AZUL_MERCHANT_ID!,
        merchantName: env.AZUL_MERCHANT_NAME!,
        merchantType: env.AZUL_MERCHANT_TYPE,
        authKey: env.AZUL_AUTH_KEY!,
        auth1: env.AZUL_AUTH1!,
        auth2: env.AZUL_AUTH2!,
        channel: env.AZUL_CHANNEL,
        currencyCode: env.AZUL_CURRENCY_CODE,
        currencies: [env.AZUL_CURRENCY],
      }),
      testGateway: null,
    };
  } else if (env.CARD_GATEWAY === "test" && env.NODE_ENV !== "production") {
    const config = testGatewayConfig(env, () => ownBase(app));
    made = { gateway: azulGateway(config), testGateway: config };
  } else {
    made = { gateway: null, testGateway: null };
  }
  gateways.set(root, made);
  return made;
}

const SWEEP_EVERY_MS = 5 * 60 * 1000;
const MINUTE = 60 * 1000;

/**
 * Every five minutes, asks the gateway about card payments left pending for more than two minutes (the shopper
 * paid and closed the tab, or lost the connection on the way back); those still unknown after
 * CARD_ABANDONED_MINUTES are cancelled.
 */
export function reconcileCardPayments(app: FastifyInstance): void {
  const { gateway } = cardGatewayOf(app);
  if (!gateway) return;
  const sweep = async () => {
    try {
      const now = Date.now();
      const paid = await reconcilePending(
        app.db,
        gateway,
        {
          olderThan: new Date(now - 2 * MINUTE),
          giveUpBefore: new Date(now - app.env.CARD_ABANDONED_MINUTES * MINUTE),
        },
        (error) => app.log.error({ err: error }, "reconciling a card payment failed"),
      );
      if (paid) app.log.info(`${paid} card payments found paid at the gateway and recorded`);
    } catch (error) {
      app.log.error({ err: error }, "reconciling card payments failed; trying again later");
    }
  };
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

/** Why a card order in `currency` cannot be placed here, or null when it can. */
export function cardRefusal(app: FastifyInstance, currency: string): string | null {
  const { gateway } = cardGatewayOf(app);
  if (!gateway) return "Card payments are not available in this shop: choose another payment method";
  if (!gateway.currencies.includes(currency as never)) {
    return `Card payments are taken in ${gateway.currencies.join(" or ")} only: choose that currency or another payment method`;
  }
  return null;
}
