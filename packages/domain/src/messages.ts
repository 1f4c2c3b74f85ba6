// Every user-facing string the spec quotes (sections 5 and 8), exact to the letter, misspellings included.

import type { OrderStatus, PaymentMethod, ProductType } from "./constants.ts";
import { formatMoney } from "./currency.ts";
import type { PaymentState } from "./payments.ts";

/** Cart toasts are in Spanish (spec section 1). */
export const cartMessages = {
  invalidId: "No se puede agregar el producto al carrito: ID no válido",
  outOfStock: (title: string) => `Agotado: ${title}`,
  insufficientStock: (available: number) => `Stock insuficiente. Disponible: ${available}`,
  removed: (title: string) => `${title} removido del carrito`,
  cleared: "Carrito vaciado",
  added: (quantity: number, title: string) => `${quantity} x ${title} agregado al carrito`,
  raised: (quantity: number, title: string, total: number) => `+${quantity} ${title}. Total: ${total}`,
  decremented: (title: string) => `Cantidad decrementada para ${title}`,
  incremented: (title: string) => `Cantidad incrementada para ${title}`,
  quantityUpdated: (quantity: number, title: string) => `Cantidad actualizada: ${quantity} x ${title}`,
  // Not quoted by the spec: for an item that is no longer in the cart (e.g. removed in another tab).
  notInCart: "El producto no está en el carrito",
  // Not quoted by the spec: for a quantity that is not a number.
  invalidQuantity: "Cantidad no válida",
  // Not quoted by the spec: a line kept from before sizes, of a product sold in several, asks for one in the cart.
  chooseSize: "Elige una talla",
  chooseVariant: "Elige una opción",
  soldOut: "agotado",
} as const;

export const listMessages = {
  compareAdded: (title: string) => `${title} added to compare`,
  // The spec's wording, kept as is.
  compareRemoved: (title: string) => `${title} remove to compare`,
  wishlistAdded: (title: string) => `${title} added to wishlist`,
  wishlistRemoved: (title: string) => `${title} removed from wishlist`,
  productNotFound: "Product not found",
  alreadyInWishlist: "Product already in wishlist",
} as const;

export const accountMessages = {
  invalidServerResponse: "Respuesta inválida del servidor",
  notAuthorized: "No autorizado",
  userNotAuthenticated: "User not authenticated",
  loginError: (status: number, body: string) => `Error de inicio de sesión: ${status} - ${body}`,
  registerError: (status: number, body: string) => `Error de registro: ${status} - ${body}`,
  userLoadError: (status: number) => `Error cargando datos del usuario: ${status}`,
  networkError: "Error al conectar con el servidor. Por favor, intente de nuevo.",
  addressFetchError: (status: number) => `Error fetching addresses: ${status}`,
  addressAddError: (status: number) => `Error adding addresses: ${status}`,
  addressUpdateError: (status: number) => `Error updating addresses: ${status}`,
  addressDeleteError: (status: number) => `Error deleting addresses: ${status}`,
  addressDefaultError: (status: number) => `Error setting default address: ${status}`,
  changePasswordError: "Error changing password",
  /** `detail` is the response's message, else its error, else its body. */
  apiError: (status: number, detail: string) => `API Error: ${status} - ${detail}`,
} as const;

export const exchangeMessages = {
  fallbackWarning: "Usando tasa predeterminada debido a un error en la API",
  fetchError: "Error al obtener tasas de cambio",
  /** An update-rate reply without a success flag counts as success when its message holds this word. */
  updateSuccessWord: "exitosamente",
  updateSuccess: "Tasa de cambio actualizada exitosamente",
} as const;

export const storeMessages = {
  unknownError: "Error desconocido",
  wishlistUpdateError: "Error updating wishlist",
  wishlistRemoveError: "Error removing from wishlist",
  wishlistLoadError: "Error loading wishlist",
} as const;

/** Each product type's name as shoppers read it (menus, the compare table). */
export const productTypeNames: Record<ProductType, string> = {
  electronics: "Electronics",
  fashion: "Fashion",
  beauty: "Beauty",
  jewelry: "Jewelry",
};

export const pageMessages = {
  notFoundStatus: 404,
  notFoundMessage: "Page not found",
  notFoundText: "Whoops, this is embarassing. Looks like the page you were looking for wasn't found.",
  backToHome: "Back to Home",
  seeMore: "See more",
  seeLess: "See less",
  returnsNote: "30-day easy returns. Order before 2.30pm for same-day dispatch.",
} as const;

/** A date as the calendar day in UTC, so the message reads the same on every server and browser. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** An amount given in USD cents, written out; the API writes US$, the storefront the shopper's currency. */
export type FormatUsdCents = (usdCents: number) => string;
const inUsd: FormatUsdCents = (usdCents) => formatMoney(usdCents, "USD");

/**
 * Coupon answers: the spec quotes none, so these are ours, in English like the rest of the storefront. Those
 * with an amount take the formatter of the currency to show it in (US$ by default).
 */
export const couponMessages = {
  applied: (code: string, discountCents: number, format: FormatUsdCents = inUsd) =>
    `Coupon ${code} applied: ${format(discountCents)} off`,
  /** An unknown code and one staff switched off get this same answer. */
  notFound: (code: string) => `Coupon ${code} does not exist`,
  notStarted: (code: string, startsAt: Date) => `Coupon ${code} starts on ${isoDay(startsAt)}`,
  expired: (code: string, endsAt: Date) => `Coupon ${code} expired on ${isoDay(endsAt)}`,
  usedUp: (code: string) => `Coupon ${code} has been used up`,
  customerLimit: (code: string) => `You have already used coupon ${code}`,
  wrongProductType: (code: string, productType: ProductType) =>
    `Coupon ${code} applies only to ${productType} products`,
  belowMinimum: (code: string, minOrderCents: number, format: FormatUsdCents = inUsd) =>
    `Coupon ${code} needs an order of at least ${format(minOrderCents)}`,
} as const;

/** How the storefront and the shop's mails name an order's status and payment method (the spec quotes none). */
export const orderLabels = {
  status: {
    pending: "Pending",
    processing: "Processing",
    shipped: "Shipped",
    delivered: "Delivered",
    cancelled: "Cancelled",
  } satisfies Record<OrderStatus, string>,
  payment: {
    cash_on_delivery: "Cash on delivery",
    bank_transfer: "Bank transfer",
    card: "Card",
  } satisfies Record<PaymentMethod, string>,
  paymentState: {
    unpaid: "Unpaid",
    authorized: "Authorized",
    paid: "Paid",
    partially_refunded: "Partially refunded",
    refunded: "Refunded",
    failed: "Payment failed",
    cancelled: "Payment cancelled",
  } satisfies Record<PaymentState, string>,
} as const;

/**
 * English plurals of a count: "one" for 1 (and -1), "other" for the rest, as `Intl.PluralRules("en-US")` chooses for
 * whole numbers (the counts this shop writes), which `messages.test.ts` holds for every count it tries. Not Intl
 * itself: its first use loads locale data, 14 ms of a phone's main thread on a listing (40 counts) in a trace.
 */
const englishOne = (count: number) => Math.abs(count) === 1;

/**
 * A count with its noun in English, grouped by thousands: "1 item", "0 items", "2 items", "1,250 products". The
 * storefront writes every count this way.
 */
export function counted(count: number, one: string, other: string): string {
  const digits = Number.isInteger(count)
    ? String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",")
    : count.toLocaleString("en-US");
  return `${digits} ${englishOne(count) ? one : other}`;
}

/** The stock hints beside a quantity (the product page's, the cart's), in English like the rest of the storefront. */
export const stockMessages = {
  /** Shown while the stock is LOW_STOCK_THRESHOLD or fewer. */
  fewLeft: (stock: number) => `Only ${stock} left`,
  /** Shown once the quantity chosen reaches the stock: more is refused (cartMessages.insufficientStock). */
  allChosen: (stock: number) =>
    englishOne(stock) ? "You have chosen the last one" : `You have chosen all ${stock} we have`,
} as const;

/**
 * ITBIS beside the shop's totals (Ley 358-05: an advertised price says whether its taxes are in it). In Spanish,
 * as the tax and Dominican receipts name it, on every page and mail that shows a total.
 */
export const itbisMessages = {
  included: "ITBIS incluido",
  rate: (rate: number) => (rate === 0 ? "Exento" : `ITBIS ${rate}%`),
  includedAmount: (amount: string) => `ITBIS incluido: ${amount}`,
} as const;
