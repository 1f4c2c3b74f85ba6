/** What the server says when an order asks for more than is left: which product, how many are left, and its text. */
export interface StockRefusal {
  productId: string;
  available: number;
  /** The spec's text: 'Stock insuficiente. Disponible: {n}' or 'Agotado: {title}'. */
  message: string;
}

const STOCK_CODES = new Set(["OUT_OF_STOCK", "INSUFFICIENT_STOCK"]);

export function stockRefusal(error: unknown): StockRefusal | null {
  const { status, body } = (error ?? {}) as { status?: unknown; body?: unknown };
  if (status !== 409 || body === null || typeof body !== "object") return null;
  const { code, productId, available, message } = body as Record<string, unknown>;
  if (typeof code !== "string" || !STOCK_CODES.has(code)) return null;
  if (typeof productId !== "string" || typeof available !== "number" || typeof message !== "string")
    return null;
  return { productId, available, message };
}

/** A key for one attempt at placing an order; randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function" && globalThis.isSecureContext !== false)
    return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}
