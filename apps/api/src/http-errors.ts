/** Errors a route throws on purpose: a status and a message the caller can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Headers the answer carries, such as Retry-After. */
    readonly headers?: Record<string, string>,
    /**
     * Facts a client acts on, sent beside the message: a stock refusal's product and what is left, or the product
     * whose line must name its variant.
     */
    readonly details?: StockRefusal | { productId: string },
  ) {
    super(message);
  }
}

/** Which product an order could not take and how many are left, so a cart can be corrected line by line. */
export interface StockRefusal {
  productId: string;
  /** The variant refused: its stock is `available`. */
  variantId?: string;
  available: number;
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, code);
/** A line of a product sold in several variants that names none: which product, so a cart can ask on that line. */
export const variantRequired = (message: string, productId: string) =>
  new HttpError(400, message, "VARIANT_REQUIRED", undefined, { productId });
export const unauthorized = (message = "Authentication required") => new HttpError(401, message);
export const forbidden = (message = "You do not have access to this resource") => new HttpError(403, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string, code?: string, details?: StockRefusal) =>
  new HttpError(409, message, code, undefined, details);
