/** What the server says when an order asks for more than is left: which product, how many are left, and its text. */
import { STOCK_REFUSAL_CODES } from "@shop/domain/constants";

export interface StockRefusal {
  productId: string;
  /** The variant refused, when the server names one. */
  variantId: string | null;
  available: number;
  /** The spec's text: 'Stock insuficiente. Disponible: {n}' or 'Agotado: {title}'. */
  message: string;
}

const STOCK_CODES = new Set<string>(Object.values(STOCK_REFUSAL_CODES));

export function stockRefusal(error: unknown): StockRefusal | null {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  if (status !== 409 || body === null || typeof body !== "object") return null;
  const { code, productId, variantId, available, message } = body as Record<string, unknown>;
  if (typeof code !== "string" || !STOCK_CODES.has(code)) return null;
  if (typeof productId !== "string" || typeof available !== "number" || typeof message !== "string")
    return null;
  return { productId, variantId: typeof variantId === "string" ? variantId : null, available, message };
}

/**
 * The product whose line named no variant when it is sold in several (400 VARIANT_REQUIRED): a cart line kept from
 * before sizes, whose size is chosen on the line.
 */
export function variantRefusal(error: unknown): string | null {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  if (status !== 400 || body === null || typeof body !== "object") return null;
  const { code, productId } = body as Record<string, unknown>;
  return code === "VARIANT_REQUIRED" && typeof productId === "string" ? productId : null;
}

/** A key for one attempt at placing an order; randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}
