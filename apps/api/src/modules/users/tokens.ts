/** Refresh and one-time tokens: random, stored only as a SHA-256 hash. */
import { createHash, randomBytes } from "node:crypto";

/** A refresh token unused for this long ends; using it renews it, up to the login's end below. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * How long a login lasts however often it is refreshed, after which its user signs in again: a shopper's, 30 days;
 * an admin's, 12 hours, the reauthentication NIST SP 800-63B asks of its AAL2 (decision 047).
 */
export const SESSION_LIFETIME_MS = {
  customer: 30 * 24 * 60 * 60 * 1000,
  admin: 12 * 60 * 60 * 1000,
} as const;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
