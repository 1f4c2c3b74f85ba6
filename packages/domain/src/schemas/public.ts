/**
 * The contract between the API and its clients, shopper side: every entity and answer, and the bodies a shopper
 * sends. What only the back office sends or reads is in ./admin.ts.
 */
import { z } from "zod";
import {
  COUPON_KINDS,
  CURRENCY_CODES,
  DEFAULT_SHIPPING_COUNTRY,
  isShippingCountry,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  REVIEW_STATUSES,
  ROLES,
} from "../constants.ts";
import { fiscalMessages, parseTaxId } from "../fiscal.ts";
import { PAYMENT_STATES } from "../payments.ts";
import { email, id, isoDate, newPassword, trimmed } from "./fields.ts";

// z.object strips unknown keys, so a field the server does not expect (a role, a price) never survives parsing.

/** A decimal USD amount as it travels on the wire: at most two decimals, not negative. */
export const usdAmountSchema = z
  .number()
  .nonnegative()
  .max(10_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "must have at most two decimals");
export const currencySchema = z.enum(CURRENCY_CODES);
export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export const roleSchema = z.enum(ROLES);
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export const paymentStateSchema = z.enum(PAYMENT_STATES);
export const couponKindSchema = z.enum(COUPON_KINDS);
export const reviewStatusSchema = z.enum(REVIEW_STATUSES);

// ---------- Users, addresses, sessions ----------

export const addressSchema = z.object({
  addressId: id,
  streetAddress: z.string(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  phone: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressInputSchema = z.object({
  streetAddress: trimmed(200),
  city: z.string().trim().max(100).nullish(),
  province: z.string().trim().max(100).nullish(),
  postalCode: z.string().trim().max(20).nullish(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .transform((c) => c.toUpperCase())
    .refine(isShippingCountry, "must be a country the shop delivers to")
    .default(DEFAULT_SHIPPING_COUNTRY),
  phone: z.string().trim().max(30).nullish(),
  isDefault: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const userSchema = z.object({
  id,
  userId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  addresses: z.array(addressSchema).optional(),
  createdAt: isoDate.optional(),
});
export type User = z.infer<typeof userSchema>;

export const authSessionSchema = z.object({
  token: z.string().min(1),
  refreshToken: z.string().min(1),
  user: userSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const refreshResponseSchema = z.object({
  token: z.string().min(1),
  newRefreshToken: z.string().min(1),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const loginBodySchema = z.object({ email, password: z.string().min(1).max(200) });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const registerBodySchema = z.object({
  firstName: trimmed(80),
  lastName: trimmed(80),
  email,
  password: newPassword,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(500) });
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const forgotPasswordBodySchema = z.object({ email });
export const resetPasswordBodySchema = z.object({ token: z.string().min(1).max(500), newPassword });
export const changePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
/** Deleting one's own account asks for its password: an access token alone (a stolen one) deletes nothing. */
export const deleteAccountBodySchema = z.object({
  password: z.string().min(1, "Enter your password").max(200),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/** What a user may change on their own profile; role only through the admin variant. */
export const userUpdateBodySchema = z.object({
  firstName: trimmed(80).optional(),
  lastName: trimmed(80).optional(),
});
export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** What ending every session of a user answers: how many logins were still open. */
export const sessionsEndedSchema = messageResponseSchema.extend({ ended: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

// ---------- Catalogue ----------

export const colorSchema = z.object({
  name: trimmed(60),
  clrCode: z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a #RRGGBB colour"),
});
export const productImageSchema = z.object({
  img: z.string().min(1).max(500),
  color: colorSchema.nullish(),
  /** What the picture shows, written by the admin; the shop describes it by title and colour when absent. */
  alt: z.string().trim().max(200).optional(),
});
export const additionalInformationSchema = z.object({ key: trimmed(80), value: trimmed(300) });
export const offerDateSchema = z.object({ startDate: isoDate, endDate: isoDate });

export const reviewSchema = z.object({
  id,
  productId: id,
  userId: id.nullable().optional(),
  name: z.string(),
  /** Only admins see a reviewer's email. */
  email: z.string().optional(),
  userImage: z.string().nullable(),
  review: z.string(),
  rating: z.number().int().min(1).max(5),
  date: isoDate,
  status: reviewStatusSchema,
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewInputSchema = z.object({
  rating: z.number().int().min(1).max(5),
  review: z.string().trim().min(3, "must be at least 3 characters").max(2000),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;
/** One option of a product (colour, size; the names come from the data) and its values in the shop's order. */
export const productOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.object({ value: z.string(), clrCode: z.string().nullish() })),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** What is bought: one combination of a product's option values, with its own SKU, stock, price and picture. */
export const productVariantSchema = z.object({
  id,
  /** Unique over all variants; the only variant of a product without options has the product's SKU. */
  sku: z.string(),
  /** Option name -> value ({Color: "Coral", Size: "42"}); {} for the only variant of a product without options. */
  options: z.record(z.string(), z.string()),
  /** Decimal USD: the variant's own price, or the product's. */
  price: z.number(),
  /** Percent off: the variant's own, or the product's. */
  discount: z.number(),
  quantity: z.number().int(),
  status: productStatusSchema,
  /** The colour's first picture, or null. */
  img: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const productSchema = z.object({
  id,
  sku: z.string(),
  img: z.string(),
  title: z.string(),
  slug: z.string(),
  unit: z.string(),
  imageURLs: z.array(productImageSchema),
  parent: z.string(),
  children: z.string(),
  categoryId: id,
  brandId: id.nullable(),
  brand: z.object({ id: id.optional(), name: z.string() }),
  category: z.object({ id: id.optional(), name: z.string() }),
  productType: productTypeSchema,
  tags: z.array(z.string()),
  price: z.number(),
  discount: z.number(),
  quantity: z.number().int(),
  status: productStatusSchema,
  sellCount: z.number().int(),
  sizes: z.array(z.string()),
  featured: z.boolean(),
  description: z.string(),
  additionalInformation: z.array(z.object({ key: z.string(), value: z.string() })),
  offerDate: offerDateSchema.nullable(),
  videoId: z.string().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  reviews: z.array(reviewSchema).optional(),
  createdAt: isoDate,
  updatedAt: isoDate,
  /** [] for a product without options. */
  options: z.array(productOptionSchema),
  /** At least one; `quantity` is their stock summed and `status` is in-stock while any of them is. */
  variants: z.array(productVariantSchema),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  productType: productTypeSchema,
  description: z.string(),
  img: z.string().nullable(),
  children: z.array(z.string()),
  productCount: z.number().int(),
  subcategories: z.array(z.object({ name: z.string(), slug: z.string(), productCount: z.number().int() })),
});
export type Category = z.infer<typeof categorySchema>;

export const brandSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  productCount: z.number().int(),
});
export type Brand = z.infer<typeof brandSchema>;
export const bannerSchema = z.object({
  id,
  title: z.string(),
  subtitle: z.string(),
  img: z.string(),
  link: z.string(),
  position: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  /** When it starts and stops showing (ISO); null: no limit on that side. */
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const blogPostSchema = z.object({
  id,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  body: z.string(),
  img: z.string(),
  author: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  publishedAt: isoDate,
});
export type BlogPost = z.infer<typeof blogPostSchema>;
export const contactInputSchema = z.object({
  name: trimmed(120),
  email,
  subject: z.string().trim().max(200).default(""),
  message: z.string().trim().min(5, "must be at least 5 characters").max(5000),
});
export const facetCountSchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
/** A size or colour of the listing's products, with how many products offer it. */
export const optionFacetCountSchema = z.object({
  value: z.string(),
  slug: z.string(),
  count: z.number().int(),
  clrCode: z.string().nullish(),
});
export const productFacetsSchema = z.object({
  price: z.object({ min: z.number(), max: z.number() }),
  categories: z.array(facetCountSchema),
  subCategories: z.array(facetCountSchema),
  brands: z.array(facetCountSchema),
  productTypes: z.array(facetCountSchema),
  statuses: z.array(facetCountSchema),
  sizes: z.array(optionFacetCountSchema),
  colors: z.array(optionFacetCountSchema),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

// ---------- Back in stock ----------

/** POST /api/variants/:variantId/notify: one mail to this address when the variant is back in stock. */
export const backInStockBodySchema = z.object({ email });
export type BackInStockBody = z.infer<typeof backInStockBodySchema>;

// ---------- Exchange rates ----------

export const exchangeRateEntrySchema = z.object({
  currency: currencySchema,
  rate: z.number(),
  symbol: z.string(),
  name: z.string(),
});
export type ExchangeRateEntry = z.infer<typeof exchangeRateEntrySchema>;

export const exchangeRateResponseSchema = z.object({
  rate: z.number().positive(),
  fromCurrency: currencySchema,
  toCurrency: currencySchema,
  lastUpdated: isoDate,
  warning: z.string().optional(),
});
export type ExchangeRateResponse = z.infer<typeof exchangeRateResponseSchema>;

export const wrappedExchangeRateResponseSchema = z.object({
  data: z.object({
    rate: z.number().positive(),
    baseCurrency: currencySchema,
    targetCurrency: currencySchema,
    lastUpdated: isoDate,
  }),
  warning: z.string().optional(),
});
export type WrappedExchangeRateResponse = z.infer<typeof wrappedExchangeRateResponseSchema>;

export const exchangeRateHistoryEntrySchema = z.object({
  date: isoDate,
  rate: z.number(),
  fromCurrency: currencySchema,
  toCurrency: currencySchema,
});
export type ExchangeRateHistoryEntry = z.infer<typeof exchangeRateHistoryEntrySchema>;

/** POST /exchange-admin/update-rate: success flag, a message containing "exitosamente", and the stored rate. */
export const updateRateResponseSchema = messageResponseSchema.extend({
  rate: z.number().positive(),
  fromCurrency: currencySchema,
  toCurrency: currencySchema,
  lastUpdated: isoDate,
});
export type UpdateRateResponse = z.infer<typeof updateRateResponseSchema>;

// ---------- Shipping, coupons, orders ----------

export const shippingMethodSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  price: z.number(),
  freeOver: z.number().nullable(),
  estimatedDays: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const couponSchema = z.object({
  id,
  code: z.string(),
  title: z.string(),
  kind: couponKindSchema,
  /** Percent for "percent" coupons, decimal USD for "fixed" ones. */
  value: z.number(),
  minOrderAmount: z.number(),
  productType: productTypeSchema.nullable(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  timesUsed: z.number().int(),
  active: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;
/**
 * A line of an order or a coupon check: the variant bought, or (a product with one variant, or colour and size
 * naming one) the product; otherwise the order is refused with VARIANT_REQUIRED.
 */
export const orderItemInputSchema = z.object({
  productId: id.max(64),
  variantId: id.max(64).nullish(),
  quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(999),
  color: z.string().trim().max(60).nullish(),
  size: z.string().trim().max(20).nullish(),
});

export const couponValidateBodySchema = z.object({
  code: z.string().trim().min(1).max(40),
  items: z.array(orderItemInputSchema).min(1).max(100),
});
export const couponValidateResponseSchema = z.object({
  valid: z.boolean(),
  code: z.string(),
  discount: z.number(),
  reason: z.string().nullable(),
  /** In US dollars: the storefront writes its own message in the shopper's currency from the amounts below. */
  message: z.string(),
  subtotal: z.number(),
  /** The coupon's minimum order in decimal USD (0 when it has none or the code does not exist). */
  minOrderAmount: z.number(),
});
export type CouponValidateResponse = z.infer<typeof couponValidateResponseSchema>;

/** A buyer's taxpayer number, checked by its check digit and kept as digits only. */
export const taxIdSchema = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const parsed = parseTaxId(value);
    if (parsed.ok) return parsed.taxId;
    ctx.addIssue({ code: "custom", message: parsed.message });
    return z.NEVER;
  });

export const orderFiscalInputSchema = z.object({
  taxId: taxIdSchema,
  name: z.string().trim().min(2, fiscalMessages.buyerNameRequired).max(150),
});

const orderFields = {
  items: z.array(orderItemInputSchema).min(1, "an order needs at least one item").max(100),
  addressId: id.max(64).optional(),
  shippingAddress: addressInputSchema.optional(),
  shippingMethodId: id.max(64),
  couponCode: z.string().trim().max(40).nullish(),
  currency: currencySchema,
  paymentMethod: paymentMethodSchema,
  phone: z.string().trim().min(7, "must be a phone number").max(30),
  note: z.string().trim().max(1000).nullish(),
  /** The buyer's RNC or cédula and name, for a tax-credit receipt (E31); required at RD$250,000 or more. */
  fiscal: orderFiscalInputSchema.nullish(),
};

/**
 * POST /orders/guest: an order without an account: who the guest is (their e-mail reaches the order's mails and its
 * signed link) and where it goes.
 */
export const guestOrderBodySchema = z.object({
  ...orderFields,
  addressId: z.undefined().optional(),
  shippingAddress: addressInputSchema,
  email,
  firstName: trimmed(80),
  lastName: trimmed(80),
});
export type GuestOrderBody = z.input<typeof guestOrderBodySchema>;

export const orderBodySchema = z
  .object(orderFields)
  .refine((o) => Boolean(o.addressId) !== Boolean(o.shippingAddress), {
    message: "give either addressId or shippingAddress",
    path: ["addressId"],
  });
export type OrderBody = z.input<typeof orderBodySchema>;

export const orderLineSchema = z.object({
  productId: id,
  title: z.string(),
  sku: z.string(),
  img: z.string(),
  productType: productTypeSchema,
  unitPrice: z.number(),
  discount: z.number(),
  quantity: z.number().int(),
  lineTotal: z.number(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  /** The variant bought (null: a line of an order placed before variants whose variant is gone). */
  variantId: id.nullable(),
  /** Option name -> value of the variant bought; {} for none. */
  options: z.record(z.string(), z.string()),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const moneyTotals = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
});

/** A record of money received for an order or given back: who recorded it, through which provider, when. */
export const paymentRecordSchema = z.object({
  id,
  kind: z.enum(["payment", "refund"]),
  provider: z.string(),
  reference: z.string(),
  /** In the order's currency. */
  amount: z.number(),
  currency: currencySchema,
  at: isoDate,
  /** Staff who recorded it by hand; null for the card gateway. */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const orderPaymentSchema = z.object({
  state: paymentStateSchema,
  /** Received and given back, in the order's currency. */
  paid: z.number(),
  refunded: z.number(),
  records: z.array(paymentRecordSchema),
  /** Whether the shopper may (again) pay by card now. */
  canPayNow: z.boolean(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** One status change: who made it (null: the shopper or the shop itself), when, from what to what. */
export const orderHistoryEntrySchema = z.object({
  at: isoDate,
  by: z.string().nullable(),
  from: orderStatusSchema.nullable(),
  to: orderStatusSchema,
  note: z.string().nullable(),
});

/** GET /payments/methods: how a shopper may pay here, and the shop's account for transfers. */
export const paymentMethodsSchema = z.object({
  methods: z.array(paymentMethodSchema),
  /** The currencies the card gateway takes (one per merchant account). */
  cardCurrencies: z.array(currencySchema),
  bankTransferDetails: z.string().nullable(),
  /** The shop's own test gateway answers card payments (never in production). */
  testGateway: z.boolean(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** A return staff opened on an order: which lines and how many, why, and once received, how many came back sound. */
export const orderReturnSchema = z.object({
  id,
  orderId: id,
  status: z.enum(["requested", "received"]),
  reason: z.string(),
  openedAt: isoDate,
  receivedAt: isoDate.nullable(),
  lines: z.array(
    z.object({
      /** The line's place in the order's items (0 first). */
      line: z.number().int(),
      productId: id,
      title: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      /** Once received: back in stock, and kept out (damaged). */
      good: z.number().int().nullable(),
      damaged: z.number().int().nullable(),
    }),
  ),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const orderShipmentSchema = z.object({
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: isoDate,
});
const itbisAmounts = z.object({
  rate: z.number().int(),
  /** Everything charged at this rate, ITBIS included; the part before ITBIS; the ITBIS. */
  gross: z.number(),
  base: z.number(),
  itbis: z.number(),
});
export const orderItbisSchema = z.object({
  /** The ITBIS of the order in US dollars and in the order's currency. */
  total: z.number(),
  totalInCurrency: z.number(),
  /** By rate, in the order's currency. */
  byRate: z.array(itbisAmounts),
});
export type OrderItbisSummary = z.infer<typeof orderItbisSchema>;

export const orderSchema = z.object({
  id,
  orderNumber: z.string(),
  userId: id,
  customerName: z.string(),
  customerEmail: z.string(),
  status: orderStatusSchema,
  items: z.array(orderLineSchema),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
  currency: currencySchema,
  rate: z.number(),
  /** The same totals in the order's currency, converted per line and rounded half up. */
  totalsInCurrency: moneyTotals,
  couponCode: z.string().nullable(),
  shippingMethod: z.object({ id, name: z.string() }),
  shippingAddress: addressInputSchema.extend({ country: z.string() }).omit({ isDefault: true }),
  paymentMethod: paymentMethodSchema,
  phone: z.string(),
  note: z.string().nullable(),
  payment: orderPaymentSchema,
  history: z.array(orderHistoryEntrySchema),
  shipment: orderShipmentSchema.nullable(),
  /** The ITBIS inside the total, by rate (absent on orders placed before the shop recorded it). */
  itbis: orderItbisSchema.nullish(),
  /** The buyer's fiscal data given at checkout, if any. */
  fiscal: z.object({ taxId: z.string(), name: z.string() }).nullish(),
  /** The order's fiscal receipt once issued: its e-NCF and the page that prints it. */
  receipt: z.object({ type: z.string(), encf: z.string(), url: z.string(), pdfUrl: z.string() }).nullish(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.infer<typeof orderSchema>;

// ---------- Lists ----------

export const paginatedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    totalCount: z.number().int().nonnegative(),
    totalPages: z.number().int().nonnegative(),
    currentPage: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
export interface Paginated<T> {
  items: T[];
  totalCount: number;
  totalPages: number;
  currentPage: number;
  pageSize: number;
}

/** A cart item: a product plus how many the shopper wants. */
export const cartItemSchema = productSchema.extend({ orderQuantity: z.number().int().min(1) });
export type CartItem = z.infer<typeof cartItemSchema>;

export const idParamsSchema = z.object({ id: id.max(64) });

/** GET /sitemap: how many products, categories and blog posts the storefront's sitemap lists. */
export const sitemapCountsSchema = z.object({
  products: z.number().int(),
  categories: z.number().int(),
  posts: z.number().int(),
});
export type SitemapCounts = z.infer<typeof sitemapCountsSchema>;

/** GET /sitemap/{section}: one product, category or post: its id or slug and when it last changed. */
export const sitemapEntrySchema = z.object({ key: z.string(), updatedAt: z.string().nullable() });
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;
export const SITEMAP_SECTIONS = ["products", "categories", "posts"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];
