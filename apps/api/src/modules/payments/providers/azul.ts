/**
 * AZUL's hosted Payment Page and web services, as AZUL documents them (the developer guide, mirrored in
 * indexa-git/pyazul docs/development/azul_documentation.md; decision 062 names the sections):
 * - the form's fields and its AuthHash: HMAC-SHA512, keyed with the merchant's AuthKey, over the fields marked
 *   HASH in the guide's table, in that order, then the AuthKey; hex;
 * - the result on ApprovedUrl / DeclinedUrl in the query string, signed over OrderNumber, Amount,
 *   AuthorizationCode, DateTime, ResponseCode, IsoCode, ResponseMessage, ErrorDescription, RRN and the AuthKey
 *   (ITBIS travels but is not signed), from a "Unicode" (UTF-16LE) string;
 * - VerifyPayment and a Refund through the JSON web service, with the Auth1/Auth2 headers.
 * The shop's test gateway speaks the same protocol, so this adapter is what every test drives.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { CurrencyCode } from "@shop/domain/constants";
import type { CardGateway, CheckoutForm, CheckoutRequest, GatewayResult, RefundRequest } from "./provider.ts";

export interface AzulConfig {
  /** "azul", or "test_gateway" when the shop's own test double answers. */
  name: string;
  paymentPageUrl: string;
  /** The JSON web service (…/WebServices/JSON/Default.aspx). */
  webserviceUrl: string;
  merchantId: string;
  merchantName: string;
  merchantType: string;
  authKey: string;
  auth1: string;
  auth2: string;
  channel: string;
  /** AZUL's code for the merchant account's currency ("$"), and which of the shop's currencies it is. */
  currencyCode: string;
  currencies: readonly CurrencyCode[];
  /** How long a web-service call may take. */
  timeoutMs?: number;
}

/** The request fields under the AuthHash, in the guide's order. */
export const REQUEST_HASH_FIELDS = [
  "MerchantId",
  "MerchantName",
  "MerchantType",
  "CurrencyCode",
  "OrderNumber",
  "Amount",
  "ITBIS",
  "ApprovedUrl",
  "DeclinedUrl",
  "CancelUrl",
  "UseCustomField1",
  "CustomField1Label",
  "CustomField1Value",
  "UseCustomField2",
  "CustomField2Label",
  "CustomField2Value",
] as const;

/** The result fields under the response's AuthHash, in the guide's order (ITBIS is not among them). */
export const RESPONSE_HASH_FIELDS = [
  "OrderNumber",
  "Amount",
  "AuthorizationCode",
  "DateTime",
  "ResponseCode",
  "IsoCode",
  "ResponseMessage",
  "ErrorDescription",
  "RRN",
] as const;

/** HMAC-SHA512 of the fields' values then the key, from a UTF-16LE ("Unicode") string, in lowercase hex. */
export function authHash(
  fields: readonly string[],
  values: Record<string, string | undefined>,
  authKey: string,
): string {
  const text = fields.map((f) => values[f] ?? "").join("") + authKey;
  return createHmac("sha512", authKey).update(Buffer.from(text, "utf16le")).digest("hex");
}

/** Compares a hash as sent (either case of hex) with the expected one, in constant time. */
export function sameHash(sent: string | undefined, expected: string): boolean {
  if (!sent || !/^[0-9a-fA-F]{128}$/.test(sent)) return false;
  return timingSafeEqual(Buffer.from(sent.toLowerCase(), "hex"), Buffer.from(expected, "hex"));
}

/** AZUL's outcome: ISO-8583 processed with IsoCode 00 is approved; processed otherwise, declined; "Error", failed. */
function outcomeOf(responseCode: string | undefined, isoCode: string | undefined): GatewayResult["outcome"] {
  if ((responseCode ?? "").toUpperCase() === "ISO8583") return isoCode === "00" ? "approved" : "declined";
  return "failed";
}

const digits = (v: string | undefined) => (v && /^\d{1,12}$/.test(v) ? Number(v) : Number.NaN);
const orNull = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);

export function azulGateway(config: AzulConfig): CardGateway {
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function webservice(operation: string | null, body: Record<string, string>) {
    const url = operation ? `${config.webserviceUrl}?${operation}` : config.webserviceUrl;
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", Auth1: config.auth1, Auth2: config.auth2 },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`the card gateway answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  return {
    name: config.name,
    currencies: config.currencies,

    checkoutForm(request: CheckoutRequest): CheckoutForm {
      if (!config.currencies.includes(request.currency)) {
        throw new Error(`the card gateway takes ${config.currencies.join(", ")}, not ${request.currency}`);
      }
      const fields: Record<string, string> = {
        MerchantId: config.merchantId,
        MerchantName: config.merchantName,
        MerchantType: config.merchantType,
        CurrencyCode: config.currencyCode,
        OrderNumber: request.reference,
        // Cents without a separator: "1000" is 10.00.
        Amount: String(request.amountCents),
        // The shop's ITBIS is not split out yet: sent as zero, as the guide allows.
        ITBIS: "000",
        ApprovedUrl: request.approvedUrl,
        DeclinedUrl: request.declinedUrl,
        CancelUrl: request.cancelUrl,
        UseCustomField1: "0",
        CustomField1Label: "",
        CustomField1Value: "",
        UseCustomField2: "0",
        CustomField2Label: "",
        CustomField2Value: "",
        ShowTransactionResult: "0",
        Locale: "EN",
      };
      fields.AuthHash = authHash(REQUEST_HASH_FIELDS, fields, config.authKey);
      return { action: config.paymentPageUrl, fields };
    },

    readReturn(query) {
      const expected = authHash(RESPONSE_HASH_FIELDS, query, config.authKey);
      if (!sameHash(query.AuthHash, expected)) return null;
      const amountCents = digits(query.Amount);
      if (!query.OrderNumber || !Number.isSafeInteger(amountCents)) return null;
      return {
        reference: query.OrderNumber,
        outcome: outcomeOf(query.ResponseCode, query.IsoCode),
        amountCents,
        authorizationCode: orNull(query.AuthorizationCode),
        rrn: orNull(query.RRN),
        gatewayOrderId: orNull(query.AzulOrderId),
        message: query.ErrorDescription || query.ResponseMessage || "",
      };
    },

    async verify(reference) {
      const answer = await webservice("VerifyPayment", {
        Channel: config.channel,
        Store: config.merchantId,
        CustomOrderId: reference,
      });
      if (answer.Found !== true && answer.Found !== "true") return null;
      const amountCents = digits(String(answer.Amount ?? ""));
      if (!Number.isSafeInteger(amountCents)) return null;
      return {
        reference,
        outcome: outcomeOf(String(answer.ResponseCode ?? ""), String(answer.IsoCode ?? answer.ISOCode ?? "")),
        amountCents,
        authorizationCode: orNull(answer.AuthorizationCode),
        rrn: orNull(answer.RRN),
        gatewayOrderId: orNull(answer.AzulOrderId),
        message: String(answer.ErrorDescription || answer.ResponseMessage || ""),
      };
    },

    async refund(request: RefundRequest) {
      const answer = await webservice(null, {
        Channel: config.channel,
        Store: config.merchantId,
        PosInputMode: "E-Commerce",
        TrxType: "Refund",
        Amount: String(request.amountCents),
        Itbis: "000",
        OrderNumber: request.reference,
        AzulOrderId: request.gatewayOrderId ?? "",
        CustomOrderId: request.key,
      });
      const outcome = outcomeOf(
        String(answer.ResponseCode ?? ""),
        String(answer.IsoCode ?? answer.ISOCode ?? ""),
      );
      if (outcome === "approved") {
        return { ok: true, reference: String(answer.AzulOrderId ?? answer.RRN ?? request.key) };
      }
      return {
        ok: false,
        message: String(
          answer.ErrorDescription || answer.ResponseMessage || "the gateway refused the refund",
        ),
      };
    },
  };
}
