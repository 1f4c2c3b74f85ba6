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

// ---------- Variants (the back office's grid) ----------

const optionName = trimmed(40);
const optionValue = trimmed(60);
/** A product's option as the admin defines it: a name ("Color", "Size", "Talla") and its values in order. */
export const variantOptionInputSchema = z.object({
  name: optionName,
  values: z
    .array(
      z.object({
        value: optionValue,
        clrCode: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, "must be a #RRGGBB colour")
          .nullish(),
      }),
    )
    .min(1, "an option needs at least one value")
    .max(50),
});
/** One row of the grid: its id when it exists already; price and discount null follow the product's. */
export const variantInputSchema = z.object({
  id: id.max(64).optional(),
  sku: trimmed(64),
  options: z.record(optionName, optionValue),
  price: usdAmountSchema.nullable().default(null),
  discount: percent.nullable().default(null),
  quantity: z.number().int().min(0).max(1_000_000),
});
/** PUT /api/admin/products/:id/variants: the options and every variant; rows left out are removed. */
export const variantsInputSchema = z.object({
  options: z.array(variantOptionInputSchema).max(3),
  variants: z.array(variantInputSchema).min(1, "a product has at least one variant").max(500),
});
export type VariantsInput = z.input<typeof variantsInputSchema>;
/** A variant as the back office edits it: its own price and discount (null: the product's). */
export const adminVariantSchema = z.object({
  id,
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number().nullable(),
  discount: z.number().nullable(),
  quantity: z.number().int(),
  sellCount: z.number().int(),
  img: z.string().nullable(),
});
export type AdminVariant = z.infer<typeof adminVariantSchema>;
export const adminVariantsSchema = z.object({
  productId: id,
  title: z.string(),
  sku: z.string(),
  /** The product's price and discount, which rows without their own follow. */
  price: z.number(),
  discount: z.number(),
  options: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.string(), clrCode: z.string().nullish() })),
    }),
  ),
  variants: z.array(adminVariantSchema),
});
export type AdminVariants = z.infer<typeof adminVariantsSchema>;
/** POST /api/admin/products/:id/variants/bulk: one action on the selected rows. */
export const variantBulkInputSchema = z.discriminatedUnion("action", [
  z.object({
    action: z.enum(["set-stock", "add-stock"]),
    ids: z.array(id.max(64)).min(1).max(500),
    quantity: z.number().int().min(-1_000_000).max(1_000_000),
  }),
  z.object({
    action: z.literal("set-price"),
    ids: z.array(id.max(64)).min(1).max(500),
    /** Decimal USD, or null: follow the product's price again. */
    price: usdAmountSchema.nullable(),
  }),
]);
export type VariantBulkInput = z.input<typeof variantBulkInputSchema>;

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
  /** The kept picture's size in pixels, upright. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
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

export const orderUpdateBodySchema = z
  .object({
    status: orderStatusSchema,
    /** Shipping: the carrier and its tracking number are required. */
    carrier: z.string().trim().min(2).max(60).optional(),
    trackingNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 -]{4,40}$/, "must be 4 to 40 letters, digits, spaces or hyphens")
      .optional(),
    /** Staff confirm that a transfer or card order goes ahead before it is paid. */
    unpaidAllowed: z.boolean().optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.status !== "shipped" || (b.carrier && b.trackingNumber), {
    message: "shipping needs the carrier and the tracking number",
    path: ["trackingNumber"],
  });

/** Staff record money that arrived by hand (a transfer seen in the bank, cash handed over). */
export const markPaidBodySchema = z.object({
  /** The day the money arrived (YYYY-MM-DD). */
  paidOn: z.iso.date(),
  reference: z.string().trim().min(2, "give the bank's reference").max(100),
  note: z.string().trim().max(500).optional(),
});

/** A refund, whole or partial, in the order's currency. */
export const refundBodySchema = z.object({
  amount: z
    .number()
    .positive()
    .max(100_000_000)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "must have at most two decimals"),
  reason: z.string().trim().min(2).max(500),
  /** The same key twice refunds once. */
  key: z.string().regex(/^[\x21-\x7e]{8,100}$/, "must be 8 to 100 visible ASCII characters"),
});

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
  /** Variants running low: id is the product's, title names the variant ("Title — Coral / 42"), sku is the variant's. */
  lowStock: z.array(
    z.object({
      id,
      title: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      variantId: id,
      options: z.record(z.string(), z.string()),
    }),
  ),
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
/** Whether the audit trail's chain of hashes holds, and where it first breaks (GET /audit/chain). */
export const auditChainSchema = z.object({
  intact: z.boolean(),
  entries: z.number().int(),
  broken: z.object({ seq: z.number().int().nullable(), id, at: isoDate, reason: z.string() }).nullable(),
});
export type AuditChain = z.infer<typeof auditChainSchema>;

// ---------- The catalogue as a spreadsheet ----------

const importCountsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
/** What POST /admin/products/import did (or, on a dry run, would do), and every row error by row and column. */
export const catalogueImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** True when the file's changes were saved: never on a dry run, never with errors. */
  applied: z.boolean(),
  rows: z.number().int(),
  products: importCountsSchema,
  variants: importCountsSchema,
  /** The first 500 errors in the file's order; errorCount says how many there were. */
  errors: z.array(z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string() })),
  errorCount: z.number().int(),
});
export type CatalogueImportReport = z.infer<typeof catalogueImportReportSchema>;
/**
 * An entry as the audit list and page answer it: with the staff member's name (null once the account is gone) and
 * the record's name (a product's title, a coupon's code, an order's number, a user's name, the currency pair).
 */
export const namedAuditEntrySchema = auditEntrySchema.extend({
  actorName: z.string().nullable(),
  entityName: z.string().nullable(),
});
export type NamedAuditEntry = z.infer<typeof namedAuditEntrySchema>;

/** Staff open a return: the order's lines (by their place) and how many of each, and why. */
export const returnBodySchema = z.object({
  reason: z.string().trim().min(2, "say why the items come back").max(500),
  lines: z
    .array(z.object({ line: z.number().int().min(0).max(99), quantity: z.number().int().min(1).max(999) }))
    .min(1, "a return needs at least one line")
    .max(100)
    .refine((lines) => new Set(lines.map((l) => l.line)).size === lines.length, "each line at most once"),
});

/** What arrived: per line, the units in good condition (back to stock) and the damaged ones (kept out). */
export const receiveReturnBodySchema = z.object({
  lines: z
    .array(
      z.object({
        line: z.number().int().min(0).max(99),
        good: z.number().int().min(0).max(999),
        damaged: z.number().int().min(0).max(999),
      }),
    )
    .min(1)
    .max(100),
});
