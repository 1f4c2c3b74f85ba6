/**
 * The shop's API client: createShopClient groups a typed function for every /api call the apps make. This entry
 * offers only the client's own things (the client, its options and call types, its errors and token stores); the
 * entities it answers are typed by @shop/domain's schemas, which callers import from there by path.
 */
import {
  type contactInputSchema,
  type MessageResponse,
  messageResponseSchema,
} from "@shop/domain/schemas/public";
import type { z } from "zod";
import { accountCalls } from "./calls/account.ts";
import { catalogueCalls } from "./calls/catalogue.ts";
import { checkoutCalls } from "./calls/checkout.ts";
import { exchangeCalls } from "./calls/exchange.ts";
import { type ClientOptions, createTransport } from "./http.ts";

export type {
  BannerInput,
  BannerListParams,
  BlogListParams,
  BrandListParams,
  CategoryListParams,
  CreatedReview,
  PageParams,
} from "./calls/catalogue.ts";
export type { CouponValidateBody, OrderListParams, PlaceOrderOptions } from "./calls/checkout.ts";
export type { UpdateRateResult } from "./calls/exchange.ts";
export { ApiContractError, ApiError, NetworkError } from "./errors.ts";
export type { ClientOptions } from "./http.ts";
export type { Paginated } from "./pagination.ts";
export { createMemoryTokenStore, createStorageTokenStore, type TokenStore } from "./token-store.ts";

export type ContactInput = z.input<typeof contactInputSchema>;

/**
 * A client for the shop's API. Every result is checked against @shop/domain's schemas; failures are
 * ApiError (status, message, body), NetworkError (status 0) or ApiContractError (the answer broke the contract).
 */
export function createShopClient(options: ClientOptions) {
  const t = createTransport(options);
  return {
    ...catalogueCalls(t),
    ...accountCalls(t),
    ...checkoutCalls(t),
    exchange: exchangeCalls(t),
    /**
     * fetch for calls this client does not type (the back office's generic REST data provider): the stored
     * bearer token, and the same shared refresh on a 401. Answers the raw Response.
     */
    authFetch: t.authFetch,
    contact: {
      /** POST /contact: a message to the shop (five a minute per address). */
      send: (input: ContactInput): Promise<MessageResponse> =>
        t.json(
          { call: "contact.send", method: "POST", path: "/contact", body: input },
          messageResponseSchema,
        ),
    },
    /** HEAD /health: true while the API and its database answer; false otherwise (503, unreachable). */
    async health(): Promise<boolean> {
      try {
        await t.send({ call: "health", method: "HEAD", path: "/health" });
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type ShopClient = ReturnType<typeof createShopClient>;
