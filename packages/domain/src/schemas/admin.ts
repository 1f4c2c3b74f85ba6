/** The contract between the API and the back office: what only admins send (catalogue, coupon, rate, order and
 * user edits) or read (dashboard, contact messages, uploads). Kept apart so shopper code never builds them. */
import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, MAX_PRODUCT_IMAGES } from "../constants.ts";
import { email, id, isoDate, percent, trimmed } from "./fields.ts";
import {
  additionalInformationSchema,
  contactInputSchema,
  couponKindSchema,
  currencySchema,
  offerDateSchema,
  orderStatusSchema,
  productImageSchema,
  productTypeSchema,
  reviewStatusSchema,
  roleSchema,
  usdAmountSchema,
  userSchema,
  userUpdateBodySchema,
} from "./public.ts";

export const adminUserUpdateBodySchema = userUpdateBodySchema.extend({
  email: email.optional(),
  role: roleSchema.optional(),
});
export type UserUpdateBody = z.infer<typeof adminUserUpdateBodySchema>;

export const reviewModerationSchema = z.object({ status: reviewStatusSchema });

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
  imageURLs: z
    .array(productImageSchema)
    .max(MAX_PRODUCT_IMAGES, `A product has at most ${MAX_PRODUCT_IMAGES} images`)
    .default([]),
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

export const categoryInputSchema = z.object({
  name: trimmed(80),
  productType: productTypeSchema,
  description: z.string().trim().max(1000).default(""),
  img: z.string().max(500).nullish(),
  children: z.array(trimmed(80)).max(50).default([]),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const brandInputSchema = z.object({
  name: trimmed(80),
  description: z.string().trim().max(1000).default(""),
});

/** A banner's start or end: an ISO date-time with its offset, or nothing (null, empty or left out: no limit). */
const bannerDate = z
  .union([
    z.iso.datetime({ offset: true, error: "must be an ISO date-time such as 2025-01-31T12:00:00Z" }),
    z.literal(""),
    z.null(),
  ])
  .optional()
  .transform((value) => (value ? new Date(value).toISOString() : null));

/** Admin input for a banner: where it shows, in what order, and between which dates (the end after the start). */
export const bannerInputSchema = z
  .object({
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
    startsAt: bannerDate,
    endsAt: bannerDate,
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), {
    path: ["endsAt"],
    message: "must be after the start (startsAt)",
  });

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

export const updateRateBodySchema = z.object({
  rate: z.number().positive().max(10_000),
  fromCurrency: currencySchema.default("USD"),
  toCurrency: currencySchema.default("DOP"),
});
export type UpdateRateBody = z.input<typeof updateRateBodySchema>;

export const shippingMethodInputSchema = z.object({
  name: trimmed(80),
  description: z.string().trim().max(500).default(""),
  price: usdAmountSchema,
  freeOver: usdAmountSchema.nullish(),
  estimatedDays: z.string().trim().max(40).default("3-5"),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});

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

export const orderUpdateBodySchema = z.object({ status: orderStatusSchema });

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

export const auditEntitySchema = z.enum(AUDIT_ENTITIES);
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

/** One staff action in the audit trail: who, when, to what, and the record before and after (null when none). */
export const auditEntrySchema = z.object({
  id,
  at: isoDate,
  actorId: id.nullable(),
  actorEmail: z.string(),
  action: auditActionSchema,
  entity: auditEntitySchema,
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
