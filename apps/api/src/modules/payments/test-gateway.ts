/**
 * The shop's test gateway (outside production only): a hosted payment page and a JSON web service speaking AZUL's
 * protocol — the same signed form in, the same signed redirect out, VerifyPayment and Refund — so the demo shop and
 * every test go through the AZUL adapter exactly as production does. Cards: @shop/domain/payments' TEST_GATEWAY_CARDS.
 */
import { createHmac, randomInt } from "node:crypto";
import { TEST_GATEWAY_CARDS } from "@shop/domain/payments";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Env } from "../../env.ts";
import { type Html, html } from "../../mail/html.ts";
import {
  type AzulConfig,
  authHash,
  REQUEST_HASH_FIELDS,
  RESPONSE_HASH_FIELDS,
  sameHash,
} from "./providers/azul.ts";
import { testGatewayTransactions } from "./tables.ts";

export const TEST_GATEWAY_PREFIX = "/test-gateway";
const MERCHANT_ID = "39038540035";

/** The test gateway's secrets, derived from the shop's own so every process of one shop agrees on them. */
function secret(env: Env, what: string) {
  return createHmac("sha256", env.JWT_SECRET).update(`test-gateway:${what}`).digest("hex");
}

/**
 * The AZUL settings that point the adapter at the test gateway: its page on the shop's origin (the browser goes
 * there), its web service on `apiBase` (the API calls itself there, server to server).
 */
export function testGatewayConfig(env: Env, apiBase: () => string): AzulConfig {
  const shop = env.SHOP_ORIGIN[0]!;
  return {
    name: "test_gateway",
    paymentPageUrl: `${shop}/api${TEST_GATEWAY_PREFIX}/PaymentPage`,
    get webserviceUrl() {
      return `${apiBase()}/api${TEST_GATEWAY_PREFIX}/WebServices/JSON/Default.aspx`;
    },
    merchantId: MERCHANT_ID,
    merchantName: "Shop test gateway",
    merchantType: "E-Commerce",
    authKey: secret(env, "auth-key"),
    auth1: secret(env, "auth1").slice(0, 16),
    auth2: secret(env, "auth2").slice(0, 16),
    channel: "EC",
    currencyCode: "$",
    currencies: ["DOP", "USD"],
    timeoutMs: 10_000,
  };
}

type Outcome = "approved" | "declined" | "failed";
const outcomeOfCard = (card: string): Outcome => {
  const digits = card.replace(/\D/g, "");
  if (digits === TEST_GATEWAY_CARDS.approve) return "approved";
  if (digits === TEST_GATEWAY_CARDS.fail) return "failed";
  return "declined";
};

/** YYYYMMDDHHMMSS, as AZUL writes DateTime. */
const azulDateTime = (d: Date) => d.toISOString().replace(/\D/g, "").slice(0, 14);

type Row = typeof testGatewayTransactions.$inferSelect;

/** The result fields of a finished transaction, as AZUL sends them back (ITBIS travels, unsigned). */
function resultFields(row: Row, config: AzulConfig): Record<string, string> {
  const fields: Record<string, string> =
    row.status === "approved"
      ? { ResponseCode: "ISO8583", IsoCode: "00", ResponseMessage: "APROBADA", ErrorDescription: "" }
      : row.status === "declined"
        ? {
            ResponseCode: "ISO8583",
            IsoCode: "51",
            ResponseMessage: "DECLINADA",
            ErrorDescription: "Insufficient funds",
          }
        : { ResponseCode: "Error", IsoCode: "", ResponseMessage: "", ErrorDescription: "PROCESSING_ERROR" };
  const out: Record<string, string> = {
    OrderNumber: row.orderNumber,
    Amount: String(row.amountCents),
    ITBIS: "000",
    AuthorizationCode: row.authorizationCode ?? "",
    DateTime: row.dateTime ?? "",
    ...fields,
    RRN: row.rrn ?? "",
    AzulOrderId: String(row.azulOrderId ?? ""),
  };
  out.AuthHash = authHash(RESPONSE_HASH_FIELDS, out, config.authKey);
  return out;
}

function page(reply: FastifyReply, status: number, title: string, body: Html) {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .send(
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;max-width:420px;margin:24px auto;padding:0 16px;color:#1f2430">
<p style="background:#fff4e5;padding:8px;border-radius:4px">Test gateway: no real card is charged.</p>
<h1 style="font-size:22px">${title}</h1>${body}</body></html>`.value,
    );
}

const formBody = z.record(z.string(), z.string());

export default async function testGatewayRoutes(app: FastifyInstance, options: { config: AzulConfig }) {
  const { config } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The hosted page receives a browser's form post.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  r.post(
    `${TEST_GATEWAY_PREFIX}/PaymentPage`,
    {
      schema: { hide: true, body: formBody },
      config: { access: "public" },
    },
    async (request, reply) => {
      const form = request.body;
      if (form.MerchantId !== config.merchantId) {
        return page(reply, 400, "INVALID_MERCHANTID", html`<p>The merchant id is not valid.</p>`);
      }
      if (!sameHash(form.AuthHash, authHash(REQUEST_HASH_FIELDS, form, config.authKey))) {
        return page(reply, 400, "INVALID_AUTH:AuthHash", html`<p>The form's AuthHash does not verify.</p>`);
      }
      for (const name of ["OrderNumber", "Amount"] as const) {
        if (!/^\d{1,15}$/.test(form[name] ?? "")) {
          return page(reply, 400, `VALIDATION_ERROR:${name}`, html`<p>${name} is not valid.</p>`);
        }
      }
      for (const name of ["ApprovedUrl", "DeclinedUrl", "CancelUrl"] as const) {
        if (!URL.canParse(form[name] ?? "")) {
          return page(reply, 400, `INVALID_BASEDOMAIN:${name}`, html`<p>${name} is not a URL.</p>`);
        }
      }
      const [row] = await app.db
        .insert(testGatewayTransactions)
        .values({
          merchantId: form.MerchantId,
          orderNumber: form.OrderNumber!,
          amountCents: Number(form.Amount),
          approvedUrl: form.ApprovedUrl!,
          declinedUrl: form.DeclinedUrl!,
          cancelUrl: form.CancelUrl!,
        })
        .returning();
      const amount = (Number(form.Amount) / 100).toFixed(2);
      return page(
        reply,
        200,
        "Pay by card",
        html`<p>${config.merchantName}: order ${row!.orderNumber}, <strong>${form.CurrencyCode ?? ""}${amount}</strong></p>
<form method="post" action="/api${TEST_GATEWAY_PREFIX}/PaymentPage/${row!.id}">
<p><label>Card number<br><input name="CardNumber" inputmode="numeric" autocomplete="off" required style="width:100%;padding:6px"></label></p>
<p><label>Expiry (MM/YY)<br><input name="Expiration" value="12/30" required style="padding:6px"></label>
<label>Security code<br><input name="CVC" value="999" required style="padding:6px"></label></p>
<p><button type="submit" style="padding:8px 16px">Pay</button> <a href="${row!.cancelUrl}">Cancel</a></p>
</form>
<p><small>Cards: ${TEST_GATEWAY_CARDS.approve} approves, ${TEST_GATEWAY_CARDS.decline} is declined, ${TEST_GATEWAY_CARDS.fail} fails.</small></p>`,
      );
    },
  );

  r.post(
    `${TEST_GATEWAY_PREFIX}/PaymentPage/:id`,
    {
      schema: {
        hide: true,
        params: z.object({ id: z.uuid() }),
        body: z.object({
          CardNumber: z.string().max(30),
          Expiration: z.string().max(10),
          CVC: z.string().max(4),
        }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const outcome = outcomeOfCard(request.body.CardNumber);
      const approved = outcome === "approved";
      // Only an open page finishes; a second post answers the first result again.
      await app.db
        .update(testGatewayTransactions)
        .set({
          status: outcome,
          authorizationCode: approved ? String(randomInt(100_000, 999_999)) : null,
          rrn: outcome === "failed" ? null : String(randomInt(1e11, 1e12 - 1)),
          dateTime: azulDateTime(new Date()),
        })
        .where(
          and(eq(testGatewayTransactions.id, request.params.id), eq(testGatewayTransactions.status, "open")),
        );
      const [row] = await app.db
        .select()
        .from(testGatewayTransactions)
        .where(eq(testGatewayTransactions.id, request.params.id));
      if (!row) return page(reply, 404, "PROCESSING_ERROR", html`<p>No such payment.</p>`);
      const target = new URL(row.status === "approved" ? row.approvedUrl : row.declinedUrl);
      for (const [k, v] of Object.entries(resultFields(row, config))) target.searchParams.set(k, v);
      return reply.redirect(target.toString(), 303);
    },
  );

  // The web service: VerifyPayment (?VerifyPayment) and ProcessPayment's Refund, with Auth1/Auth2.
  r.post(
    `${TEST_GATEWAY_PREFIX}/WebServices/JSON/Default.aspx`,
    {
      schema: { hide: true, body: z.record(z.string(), z.unknown()) },
      config: { access: "public" },
    },
    async (request, reply) => {
      if (request.headers.auth1 !== config.auth1 || request.headers.auth2 !== config.auth2) {
        return reply.status(401).send({ ResponseCode: "Error", ErrorDescription: "INVALID_AUTH" });
      }
      const body = request.body as Record<string, string | undefined>;
      if (body.Store !== config.merchantId) {
        return { ResponseCode: "Error", ErrorDescription: "INVALID_MERCHANTID" };
      }
      if ("VerifyPayment" in (request.query as object)) {
        const [row] = await app.db
          .select()
          .from(testGatewayTransactions)
          .where(
            and(
              eq(testGatewayTransactions.orderNumber, body.CustomOrderId ?? ""),
              sql`${testGatewayTransactions.status} <> 'open'`,
            ),
          )
          .orderBy(sql`${testGatewayTransactions.createdAt} desc`)
          .limit(1);
        if (!row) return { Found: false, ResponseCode: "", ErrorDescription: "" };
        const { AuthHash: _hash, ...fields } = resultFields(row, config);
        return { Found: true, CustomOrderId: row.orderNumber, ...fields };
      }
      if (body.TrxType === "Refund") {
        const amount = Number(body.Amount);
        // AZUL allows one refund per transaction, of at most its amount (the guide's REFUND section).
        const [row] = await app.db
          .update(testGatewayTransactions)
          .set({ refundedCents: amount })
          .where(
            and(
              eq(testGatewayTransactions.azulOrderId, Number(body.AzulOrderId) || -1),
              eq(testGatewayTransactions.status, "approved"),
              eq(testGatewayTransactions.refundedCents, 0),
              sql`${testGatewayTransactions.amountCents} >= ${Number.isSafeInteger(amount) && amount > 0 ? amount : 0} and ${amount} > 0`,
            ),
          )
          .returning();
        if (!row) {
          return {
            ResponseCode: "ISO8583",
            IsoCode: "12",
            ResponseMessage: "DECLINADA",
            ErrorDescription: "Refund refused",
          };
        }
        return {
          ResponseCode: "ISO8583",
          IsoCode: "00",
          ResponseMessage: "APROBADA",
          ErrorDescription: "",
          AzulOrderId: String(row.azulOrderId),
          RRN: String(randomInt(1e11, 1e12 - 1)),
          DateTime: azulDateTime(new Date()),
        };
      }
      return { ResponseCode: "Error", ErrorDescription: "VALIDATION_ERROR:TrxType" };
    },
  );
}
