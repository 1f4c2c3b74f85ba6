/**
 * The signed link to an order's page: it opens the order without signing in (a guest has no account), so it is an
 * HMAC of the order's id under the shop's secret, compared in constant time. It is sent only to the order's e-mail.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function orderLinkToken(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(`order-link:${orderId.toLowerCase()}`).digest("base64url");
}

export function orderLinkValid(secret: string, orderId: string, token: string | undefined): boolean {
  if (!token || !/^[\w-]{43}$/.test(token)) return false;
  return timingSafeEqual(Buffer.from(token), Buffer.from(orderLinkToken(secret, orderId)));
}
