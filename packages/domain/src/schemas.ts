/** The contract between the API and its clients: zod schemas and types for every entity and request body. */
import { z } from "zod";
import {
  COUPON_KINDS,
  CURRENCY_CODES,
  MAX_PAGE_SIZE,
  MIN_PASSWORD_LENGTH,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  REVIEW_STATUSES,
  ROLES,
} from "./constants.ts";

// z.object strips unknown keys, so a field the server does not expect (a role, a price) never survives parsing.

const id = z.string().min(1);
const isoDate = z.string().min(1);
const trimmed = (max: number) => z.string().trim().min(1).max(max);
/** A decimal USD amount as it travels on the wire: at most two decimals, not negative. */
export const usdAmountSchema = z
  .number()
  .nonnegative()
  .max(10_000_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "must have at most two decimals");
const percent = z.number().min(0).max(100);

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
    .default("DO"),
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

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email("must be a valid email address"))
  .pipe(z.string().max(254));
const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200);

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
export const adminUserUpdateBodySchema = userUpdateBodySchema.extend({
  email: email.optional(),
  role: roleSchema.optional(),
});
export type UserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

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
export const reviewModerationSchema = z.object({ status: reviewStatusSchema });

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

const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase words joined by hyphens")
  .max(160);

/** Admin input for a product. Status follows stock; sellCount, rating and reviews follow orders and reviews. */
export const productInputSchema = z.object({
  sku: trimmed(64),
  title: trimmed(200),
  slug: slug.optional(),
  unit: z.string().trim().max(40).default("1 pc"),
  imageURLs: z.array(productImageSchema).max(12).default([]),
  categoryId: id,
  children: z.string().trim().max(80).default(""),
  brandId: id.nullish(),
  tags: z.array(trimmed(40)).max(20).default([]),
  price: usdAmountSchema,
  discount: percent.default(0),
  quantity: z.number().int().min(0).max(1_000_000),
  sizes: z.array(trimmed(20)).max(20).default([]),
  featured: z.boolean().default(false),
  description: z.string().trim().max(5000).default(""),
  additionalInformation: z.array(additionalInformationSchema).max(30).default([]),
  offerDate: offerDateSchema.nullish(),
  videoId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{6,20}$/, "must be a video id")
    .nullish(),
});
export type ProductInput = z.input<typeof productInputSchema>;

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

export const categoryInputSchema = z.object({
  name: trimmed(80),
  productType: productTypeSchema,
  description: z.string().trim().max(1000).default(""),
  img: z.string().max(500).nullish(),
  children: z.array(trimmed(80)).max(50).default([]),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const brandSchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  productCount: z.number().int(),
});
export type Brand = z.infer<typeof brandSchema>;
export const brandInputSchema = z.object({
  name: trimmed(80),
  description: z.string().trim().max(1000).default(""),
});

export const bannerSchema = z.object({
  id,
  title: z.string(),
  subtitle: z.string(),
  img: z.string(),
  link: z.string(),
  position: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerInputSchema = z.object({
  title: trimmed(120),
  subtitle: z.string().trim().max(300).default(""),
  img: z.string().trim().min(1).max(500),
  link: z.string().trim().max(500).default("/shop"),
  position: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, "must be a position name such as home-hero"),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});

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
/** Admin input for a blog post; the slug follows the title and the image is generated when left out. */
export const blogPostInputSchema = z.object({
  title: trimmed(200),
  slug: slug.optional(),
  excerpt: trimmed(500),
  body: z.string().trim().min(1).max(50_000),
  img: z.string().trim().min(1).max(500).nullish(),
  author: trimmed(120),
  category: trimmed(80),
  tags: z.array(trimmed(40)).max(20).default([]),
  publishedAt: z.iso
    .datetime({ offset: true, error: "must be an ISO date-time such as 2025-01-31T12:00:00Z" })
    .optional(),
});
export type BlogPostInput = z.input<typeof blogPostInputSchema>;

export const contactInputSchema = z.object({
  name: trimmed(120),
  email,
  subject: z.string().trim().max(200).default(""),
  message: z.string().trim().min(5, "must be at least 5 characters").max(5000),
});
export const contactMessageSchema = contactInputSchema.extend({
  id,
  createdAt: isoDate,
  /** Whether staff have dealt with it (the back office marks it). */
  handled: z.boolean(),
  handledAt: isoDate.nullable(),
});
export const contactMessageUpdateSchema = z.object({ handled: z.boolean() });

/** What POST /uploads answers: where the stored image is served from. */
export const uploadSchema = z.object({
  url: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

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

export const updateRateBodySchema = z.object({
  rate: z.number().positive().max(10_000),
  fromCurrency: currencySchema.default("USD"),
  toCurrency: currencySchema.default("DOP"),
});
export type UpdateRateBody = z.input<typeof updateRateBodySchema>;

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
export const shippingMethodInputSchema = z.object({
  name: trimmed(80),
  description: z.string().trim().max(500).default(""),
  price: usdAmountSchema,
  freeOver: usdAmountSchema.nullish(),
  estimatedDays: z.string().trim().max(40).default("3-5"),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});

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
export const couponInputSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,32}$/, "must be 3 to 32 letters, digits, - or _"),
    title: trimmed(120),
    kind: couponKindSchema,
    value: z.number().positive(),
    minOrderAmount: usdAmountSchema.default(0),
    productType: productTypeSchema.nullish(),
    startsAt: z.iso.datetime({ offset: true }).nullish(),
    endsAt: z.iso.datetime({ offset: true }).nullish(),
    usageLimit: z.number().int().positive().nullish(),
    perCustomerLimit: z.number().int().positive().nullish(),
    active: z.boolean().default(true),
  })
  .refine((c) => c.kind !== "percent" || c.value <= 100, {
    message: "a percent coupon cannot exceed 100",
    path: ["value"],
  })
  .refine((c) => c.kind !== "fixed" || usdAmountSchema.safeParse(c.value).success, {
    message: "a fixed coupon is an amount in USD with at most two decimals",
    path: ["value"],
  })
  .refine((c) => !c.startsAt || !c.endsAt || c.startsAt <= c.endsAt, {
    message: "endsAt must not be before startsAt",
    path: ["endsAt"],
  });
export type CouponInput = z.input<typeof couponInputSchema>;

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
  message: z.string(),
  subtotal: z.number(),
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

export const orderUpdateBodySchema = z.object({ status: orderStatusSchema });

// ---------- Dashboard ----------

export const dashboardSchema = z.object({
  from: isoDate,
  to: isoDate,
  revenuePerDay: z.array(
    z.object({ date: z.string(), orders: z.number().int(), usd: z.number(), dop: z.number() }),
  ),
  totals: z.object({
    orders: z.number().int(),
    usd: z.number(),
    dop: z.number(),
    averageOrderUsd: z.number(),
  }),
  ordersPerStatus: z.array(z.object({ status: orderStatusSchema, count: z.number().int() })),
  lowStock: z.array(z.object({ id, title: z.string(), sku: z.string(), quantity: z.number().int() })),
  newCustomers: z.object({ count: z.number().int(), recent: z.array(userSchema) }),
  bestSellers: z.array(
    z.object({ productId: id, title: z.string(), quantity: z.number().int(), revenue: z.number() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

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

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});

/** A cart item: a product plus how many the shopper wants. */
export const cartItemSchema = productSchema.extend({ orderQuantity: z.number().int().min(1) });
export type CartItem = z.infer<typeof cartItemSchema>;

export const idParamsSchema = z.object({ id: id.max(64) });
