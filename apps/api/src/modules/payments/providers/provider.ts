/**
 * The one interface every way of paying goes through (docs/decisions/062-payments-and-providers.md). Manual
 * providers (cash on delivery, bank transfer) have staff record the money; a card gateway sends the shopper to its
 * hosted page with a signed form, signs the result it sends back, answers "what became of this payment?" and
 * gives money back.
 */
import type { CurrencyCode, PaymentMethod } from "@shop/domain/constants";

/** A card payment's end as the gateway tells it (a signed redirect, or its answer to a verification). */
export interface GatewayResult {
  /** The attempt's reference, sent to the gateway as its OrderNumber. */
  reference: string;
  outcome: "approved" | "declined" | "failed";
  amountCents: number;
  authorizationCode: string | null;
  rrn: string | null;
  /** The gateway's own id of the transaction (AZUL's AzulOrderId), needed to refund it. */
  gatewayOrderId: string | null;
  message: string;
}

export interface CheckoutRequest {
  reference: string;
  amountCents: number;
  currency: CurrencyCode;
  approvedUrl: string;
  declinedUrl: string;
  cancelUrl: string;
}

/** A form the shopper's browser posts to the gateway's hosted page (never the shop's server: the gateway's rule). */
export interface CheckoutForm {
  action: string;
  fields: Record<string, string>;
}

export interface RefundRequest {
  reference: string;
  gatewayOrderId: string | null;
  amountCents: number;
  currency: CurrencyCode;
  /** Our id of this refund, so the gateway can tell a second request for it. */
  key: string;
}

export type RefundAnswer = { ok: true; reference: string } | { ok: false; message: string };

export interface CardGateway {
  /** As recorded on payments: "azul", "test_gateway". */
  readonly name: string;
  /** One currency per merchant account (AZUL's rule); the test gateway takes both. */
  readonly currencies: readonly CurrencyCode[];
  checkoutForm(request: CheckoutRequest): CheckoutForm;
  /** The result in a return URL's query, or null when its signature does not verify. */
  readReturn(query: Record<string, string | undefined>): GatewayResult | null;
  /** Asks the gateway what became of a payment; null when it knows nothing of it. */
  verify(reference: string): Promise<GatewayResult | null>;
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

export interface PaymentProvider {
  /** As recorded on payments: "cash", "bank_transfer", "azul", "test_gateway". */
  readonly name: string;
  readonly method: PaymentMethod;
  /** Manual: staff record the money and give it back by hand. Otherwise the gateway does both. */
  readonly gateway: CardGateway | null;
}

export const manualProviders: Record<Exclude<PaymentMethod, "card">, PaymentProvider> = {
  cash_on_delivery: { name: "cash", method: "cash_on_delivery", gateway: null },
  bank_transfer: { name: "bank_transfer", method: "bank_transfer", gateway: null },
};
