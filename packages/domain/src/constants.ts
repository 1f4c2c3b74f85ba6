/** The shop's business constants (spec section 9). */

export const CURRENCY_CODES = ["USD", "DOP"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];
export const DEFAULT_CURRENCY: CurrencyCode = "DOP";
export const BASE_CURRENCY: CurrencyCode = "USD";

/** DOP per USD used when the exchange-rate API cannot answer. */
export const FALLBACK_DOP_RATE = 78.5;
/** The exchange rate is cached for one hour and refreshed hourly. */
export const EXCHANGE_RATE_TTL_MS = 60 * 60 * 1000;

/** The locale amounts are written in (spec: two decimals in es-DO); `formatAmount` writes its pattern out. */
export const MONEY_LOCALE = "es-DO";

export const DESCRIPTION_PREVIEW_LENGTH = 100;
/** The most images a product may have. */
export const MAX_PRODUCT_IMAGES = 12;
export const COUNTDOWN_TICK_MS = 1000;

/** The new-added sort shows the last 6 products; the other listing variant shows 8. */
export const NEW_ADDED_COUNT = 6;
export const NEW_ADDED_COUNT_ALT = 8;

export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_POSITION = "top-center";

/** Build check interval and page reload ttl. */
export const BUILD_CHECK_INTERVAL_MS = 10_000;
export const PAGE_RELOAD_TTL_MS = 10_000;

export const STORAGE_KEYS = {
  cart: "cart_products",
  compare: "compare_products",
  wishlist: "wishlist_items",
  preferredCurrency: "preferred-currency",
} as const;

/** The wishlist is kept under one fixed anonymous user key. */
export const WISHLIST_ANONYMOUS_USER_KEY = "anonymous";

export const PRODUCT_STATUSES = ["in-stock", "out-of-stock"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/** A product is low on stock with this many or fewer left (out of stock included): the dashboard and the filter. */
export const LOW_STOCK_THRESHOLD = 5;
/** The back office's stock filter: low (LOW_STOCK_THRESHOLD or fewer left) or out (none left). */
export const STOCK_LEVELS = ["low", "out"] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];
/**
 * The codes of an order refused for stock (409, with the product and how many are left): none left, or fewer than
 * asked. The API answers them; the storefront reads them to offer what is left.
 */
export const STOCK_REFUSAL_CODES = {
  outOfStock: "OUT_OF_STOCK",
  insufficient: "INSUFFICIENT_STOCK",
} as const;
export type StockRefusalCode = (typeof STOCK_REFUSAL_CODES)[keyof typeof STOCK_REFUSAL_CODES];

export const PRODUCT_TYPES = ["electronics", "fashion", "beauty", "jewelry"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const ROLES = ["admin", "customer"] as const;
export type Role = (typeof ROLES)[number];

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Allowed order status transitions; cancelled and delivered are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export const PAYMENT_METHODS = ["cash_on_delivery", "bank_transfer", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * The countries the shop delivers to, as ISO 3166-1 alpha-2 codes with their English names: the Dominican
 * Republic first (where almost every order goes, and the default), then the others by name.
 */
export const SHIPPING_COUNTRIES = [
  { code: "DO", name: "Dominican Republic" },
  { code: "CA", name: "Canada" },
  { code: "CO", name: "Colombia" },
  { code: "HT", name: "Haiti" },
  { code: "MX", name: "Mexico" },
  { code: "PR", name: "Puerto Rico" },
  { code: "ES", name: "Spain" },
  { code: "US", name: "United States" },
] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number]["code"];
export const DEFAULT_SHIPPING_COUNTRY: ShippingCountry = "DO";

/** A country's name from its code; a code the shop does not deliver to stays as it is. */
export function countryName(code: string): string {
  return SHIPPING_COUNTRIES.find((country) => country.code === code)?.name ?? code;
}

/** Whether the shop delivers to this country code (upper case). */
export function isShippingCountry(code: string): code is ShippingCountry {
  return SHIPPING_COUNTRIES.some((country) => country.code === code);
}

export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What the staff audit trail records changes to, and the actions it names (`<entity>.<verb>`). */
export const AUDIT_ENTITIES = [
  "product",
  "order",
  "coupon",
  "exchange-rate",
  "user",
  "receipt-range",
  "fiscal-data",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const AUDIT_ACTIONS = [
  "product.create",
  "product.update",
  "product.delete",
  "product.itbis-rate",
  "product.import",
  "order.status",
  "order.payment",
  "order.refund",
  "coupon.create",
  "coupon.update",
  "coupon.delete",
  "exchange-rate.update",
  "user.role",
  "user.update",
  "user.delete",
  "user.sessions-end",
  "receipt-range.create",
  "fiscal-data.update",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 12;
export const MIN_PASSWORD_LENGTH = 8;

/** Blog posts on one page of the blog's list. */
export const BLOG_PAGE_SIZE = 6;
/** Recent posts beside a blog post. */
export const RECENT_POSTS = 4;
