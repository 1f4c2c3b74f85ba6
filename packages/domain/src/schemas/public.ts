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
export const productFacetsSchema = z.object({
  price: z.object({ min: z.number(), max: z.number() }),
  categories: z.array(facetCountSchema),
  subCategories: z.array(facetCountSchema),
  brands: z.array(facetCountSchema),
  productTypes: z.array(facetCountSchema),
  statuses: z.array(facetCountSchema),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

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
export const orderItemInputSchema = z.object({
  productId: id.max(64),
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

export const orderBodySchema = z
  .object({
    items: z.array(orderItemInputSchema).min(1, "an order needs at least one item").max(100),
    addressId: id.max(64).optional(),
    shippingAddress: addressInputSchema.optional(),
    shippingMethodId: id.max(64),
    couponCode: z.string().trim().max(40).nullish(),
    currency: currencySchema,
    paymentMethod: paymentMethodSchema,
    phone: z.string().trim().min(7, "must be a phone number").max(30),
    note: z.string().trim().max(1000).nullish(),
  })
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
});
export type OrderLine = z.infer<typeof orderLineSchema>;

const moneyTotals = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
});

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
