/** The shop's tables: one schema for PGlite and PostgreSQL. Money is integer cents, rates numeric(12,4). */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const pk = () => uuid("id").primaryKey().defaultRandom();

export const users = pgTable(
  "users",
  {
    id: pk(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role").notNull().default("customer"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in ('admin', 'customer')`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    streetAddress: text("street_address").notNull(),
    city: text("city"),
    province: text("province"),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("DO"),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    // At most one default address per user, whatever two requests do at once.
    uniqueIndex("addresses_one_default_per_user").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    // Ending every session of one user (a password change, a role change, "sign out of all devices").
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_hash_key").on(t.tokenHash)],
);

export const categories = pgTable(
  "categories",
  {
    id: pk(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    productType: text("product_type").notNull(),
    description: text("description").notNull().default(""),
    img: text("img"),
    children: jsonb("children").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_slug_key").on(t.slug)],
);

export const brands = pgTable(
  "brands",
  {
    id: pk(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("brands_slug_key").on(t.slug)],
);

export interface ProductImageRow {
  img: string;
  color?: { name: string; clrCode: string } | null;
}

export const products = pgTable(
  "products",
  {
    id: pk(),
    sku: text("sku").notNull(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    unit: text("unit").notNull().default("1 pc"),
    img: text("img").notNull().default(""),
    imageUrls: jsonb("image_urls").$type<ProductImageRow[]>().notNull().default([]),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    subcategory: text("subcategory").notNull().default(""),
    subcategorySlug: text("subcategory_slug").notNull().default(""),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    productType: text("product_type").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    priceCents: integer("price_cents").notNull(),
    discount: numeric("discount", { precision: 5, scale: 2, mode: "number" }).notNull().default(0),
    /** The price after the discount, kept in step on every write so listings sort and filter on an index. */
    salePriceCents: integer("sale_price_cents").notNull(),
    quantity: integer("quantity").notNull().default(0),
    sellCount: integer("sell_count").notNull().default(0),
    sizes: jsonb("sizes").$type<string[]>().notNull().default([]),
    featured: boolean("featured").notNull().default(false),
    description: text("description").notNull().default(""),
    additionalInformation: jsonb("additional_information")
      .$type<{ key: string; value: string }[]>()
      .notNull()
      .default([]),
    offerStart: timestamp("offer_start", { withTimezone: true, mode: "date" }),
    offerEnd: timestamp("offer_end", { withTimezone: true, mode: "date" }),
    videoId: text("video_id"),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    /** Lower-cased title, sku, brand, tags and description start, for the trigram search index. */
    searchText: text("search_text").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("products_sku_key").on(t.sku),
    uniqueIndex("products_slug_key").on(t.slug),
    // Listing, search and facets read product_listing below; these serve joins, foreign keys and admin sorts.
    index("products_category_idx").on(t.categoryId),
    index("products_brand_idx").on(t.brandId),
    index("products_created_at_idx").on(t.createdAt),
    check("products_quantity_check", sql`${t.quantity} >= 0`),
    check("products_price_check", sql`${t.priceCents} >= 0`),
    check("products_discount_check", sql`${t.discount} >= 0 and ${t.discount} <= 100`),
  ],
);

/**
 * Each product as the wire carries it in lists (toProduct's object as JSON text), written by the database's
 * function product_document and kept in step with products, categories and brands by triggers in the migration
 * `0004_product_documents`: a page of a listing is then its documents joined with commas.
 */
export const productDocuments = pgTable("product_documents", {
  productId: uuid("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  document: text("document").notNull(),
});

/** The equality filters a listing walk can start from: each gets its own copy of every sort index. */
const LISTING_PREFIXES = ["productType", "categoryId", "brandId", "subcategorySlug"] as const;
const PREFIX_NAMES = {
  productType: "type",
  categoryId: "category",
  brandId: "brand",
  subcategorySlug: "subcategory",
} as const;

/**
 * What shoppers browse: one narrow row per product (its filters, sort keys and search text), kept in step with
 * products by triggers in the migration `0003_product_listing`, which also NOTIFY every API process of changes.
 * Stock changes reach it only when a product goes in or out of stock, so orders rarely touch its indexes.
 * Every sort has an index per equality filter (and one without): a listing walks the index of its sort from
 * the first product of its filter and stops at the end of the page. Columns after the unique key never change
 * the order; they let the walk check the price and status filters without reading the row
 * (docs/decisions/016-listing-from-indexes.md).
 */
export const productListing = pgTable(
  "product_listing",
  {
    productId: uuid("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    salePriceCents: integer("sale_price_cents").notNull(),
    discount: numeric("discount", { precision: 5, scale: 2, mode: "number" }).notNull(),
    inStock: boolean("in_stock").notNull(),
    categoryId: uuid("category_id").notNull(),
    brandId: uuid("brand_id"),
    productType: text("product_type").notNull(),
    subcategorySlug: text("subcategory_slug").notNull(),
    /** The subcategory as spelt, for the facets. */
    subcategory: text("subcategory").notNull(),
    featured: boolean("featured").notNull(),
    /** " " + the lower-cased title, for ranking searches by relevance. */
    titleText: text("title_text").notNull(),
    /** " " + products.search_text: the leading space lets a short word match the start of the first word too. */
    searchText: text("search_text").notNull(),
  },
  (t) => {
    // Key parts as SQL: Drizzle's .asc()/.desc() mark the column itself, so one column could not go both ways.
    const desc = (column: AnyPgColumn) => sql`${column} desc`;
    const sorts = {
      newest: {
        keys: [desc(t.createdAt), desc(t.productId)],
        extra: [t.salePriceCents, t.inStock, t.discount],
      },
      price: { keys: [sql`${t.salePriceCents}`, sql`${t.productId}`], extra: [t.inStock, t.discount] },
      sale: { keys: [desc(t.discount), sql`${t.productId}`], extra: [t.salePriceCents, t.inStock] },
    };
    const walks = Object.entries(sorts).flatMap(([name, { keys, extra }]) =>
      [undefined, ...LISTING_PREFIXES].map((prefix) => {
        const parts = [
          ...(prefix ? [sql`${t[prefix]}`] : []),
          ...keys,
          ...extra.map((column) => sql`${column}`),
        ] as [SQL, ...SQL[]];
        const built = index(`product_listing_${prefix ? `${PREFIX_NAMES[prefix]}_` : ""}${name}_idx`).on(
          ...parts,
        );
        // Only discounted products are listed by the on-sale sort.
        return name === "sale" ? built.where(sql`${t.discount} > 0`) : built;
      }),
    );
    return [
      ...walks,
      index("product_listing_featured_idx")
        .on(desc(t.createdAt), desc(t.productId))
        .where(sql`${t.featured}`),
      index("product_listing_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    ];
  },
);

export const reviews = pgTable(
  "reviews",
  {
    id: pk(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    userImage: text("user_image"),
    review: text("review").notNull(),
    rating: integer("rating").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.status),
    index("reviews_status_idx").on(t.status, t.createdAt),
    uniqueIndex("reviews_one_per_user_product").on(t.productId, t.userId).where(sql`${t.userId} is not null`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export const banners = pgTable(
  "banners",
  {
    id: pk(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    img: text("img").notNull(),
    link: text("link").notNull().default("/shop"),
    position: text("position").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** When it starts and stops showing; null: no limit on that side. */
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("banners_position_idx").on(t.position, t.active),
    check("banners_schedule_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: pk(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    excerpt: text("excerpt").notNull(),
    body: text("body").notNull(),
    img: text("img").notNull(),
    author: text("author").notNull(),
    category: text("category").notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("blog_posts_slug_key").on(t.slug)],
);

export const contactMessages = pgTable("contact_messages", {
  id: pk(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull().default(""),
  message: text("message").notNull(),
  createdAt: createdAt(),
  /** When staff marked the message handled; null while it waits for an answer. */
  handledAt: timestamp("handled_at", { withTimezone: true, mode: "date" }),
});

export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: pk(),
    fromCurrency: text("from_currency").notNull(),
    toCurrency: text("to_currency").notNull(),
    rate: numeric("rate", { precision: 12, scale: 4 }).notNull(),
    source: text("source").notNull().default("admin"),
    createdAt: createdAt(),
  },
  (t) => [
    index("exchange_rates_pair_idx").on(t.fromCurrency, t.toCurrency, t.createdAt),
    check("exchange_rates_rate_check", sql`${t.rate} > 0`),
  ],
);

export const shippingMethods = pgTable("shipping_methods", {
  id: pk(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceCents: integer("price_cents").notNull(),
  freeOverCents: integer("free_over_cents"),
  estimatedDays: text("estimated_days").notNull().default("3-5"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
});

export const coupons = pgTable(
  "coupons",
  {
    id: pk(),
    code: text("code").notNull(),
    title: text("title").notNull(),
    kind: text("kind").notNull(),
    /** Percent for percent coupons (0..100), cents for fixed ones. */
    valuePercent: numeric("value_percent", { precision: 5, scale: 2, mode: "number" }),
    valueCents: integer("value_cents"),
    minOrderCents: integer("min_order_cents").notNull().default(0),
    productType: text("product_type"),
    startsAt: timestamp("starts_at", { withTimezone: true, mode: "date" }),
    endsAt: timestamp("ends_at", { withTimezone: true, mode: "date" }),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    timesUsed: integer("times_used").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_usage_check", sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`),
  ],
);

export interface ShippingAddressRow {
  streetAddress: string;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  country: string;
  phone: string | null;
}

export const orders = pgTable(
  "orders",
  {
    id: pk(),
    orderNumber: bigint("order_number", { mode: "number" }).generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("pending"),
    currency: text("currency").notNull(),
    rate: numeric("rate", { precision: 12, scale: 4 }).notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The same totals in the order's currency (equal to the USD ones for USD orders). */
    currencySubtotalCents: integer("currency_subtotal_cents").notNull(),
    currencyDiscountCents: integer("currency_discount_cents").notNull(),
    currencyShippingCents: integer("currency_shipping_cents").notNull(),
    currencyTotalCents: integer("currency_total_cents").notNull(),
    couponId: uuid("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethods.id, {
      onDelete: "set null",
    }),
    shippingMethodName: text("shipping_method_name").notNull(),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddressRow>().notNull(),
    paymentMethod: text("payment_method").notNull(),
    phone: text("phone").notNull(),
    note: text("note"),
    idempotencyKey: text("idempotency_key"),
    /** Set when a cancellation put the stock back, so it happens once. */
    stockRestoredAt: timestamp("stock_restored_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_order_number_key").on(t.orderNumber),
    uniqueIndex("orders_idempotency_key").on(t.userId, t.idempotencyKey),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_status_idx").on(t.status, t.createdAt),
    index("orders_created_at_idx").on(t.createdAt),
    check(
      "orders_status_check",
      sql`${t.status} in ('pending','processing','shipped','delivered','cancelled')`,
    ),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: pk(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    /** The line's place in the order, as the shopper listed it. */
    position: integer("position").notNull(),
    title: text("title").notNull(),
    sku: text("sku").notNull(),
    img: text("img").notNull(),
    productType: text("product_type").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discount: numeric("discount", { precision: 5, scale: 2, mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    color: text("color"),
    size: text("size"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId), index("order_items_product_idx").on(t.productId)],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: pk(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId)],
);

/** Raw bytes: Buffer from node-postgres, Uint8Array from PGlite; Buffer in the application either way. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Images uploaded from the back office, in the database so that every API process serves them. */
export const uploads = pgTable("uploads", {
  /** The uuid in the upload's file name. */
  id: uuid("id").primaryKey(),
  extension: text("extension").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: createdAt(),
});

/** Rate-limit counters every API process shares (when REDIS_URL is not set): one row per key and window. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("rate_limits_expires_at_idx").on(t.expiresAt)],
);

/**
 * Login attempts per account (by email) and per device cookie, whatever the client's address: the growing delay
 * between guesses (docs/decisions/031-login-limits-per-account.md). Kept here unless REDIS_URL is set.
 */
export const loginLimits = pgTable(
  "login_limits",
  {
    key: text("key").primaryKey(),
    /** Attempts since the last success; each one is counted before its password is checked. */
    attempts: integer("attempts").notNull(),
    /** The last attempt let through; equal to the statement's now() when this one was. */
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    /** No attempt before this. */
    nextAt: timestamp("next_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The row is forgotten (and the count starts again) after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("login_limits_expires_at_idx").on(t.expiresAt)],
);

/**
 * What staff did: who, when, to what, with the record before and after. Never updated nor deleted (a trigger
 * refuses both), and tied to nothing by a foreign key, so an entry outlives the record it describes
 * (docs/decisions/032-audit-trail.md).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: pk(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email").notNull(),
    /** What was done, as `<entity>.<verb>`: `product.update`, `order.status`, `user.sessions-end`... */
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_actor_idx").on(t.actorId, t.at),
  ],
);

/**
 * The search's synonyms, kept by staff: a word or phrase shoppers type (`bocina`) and what it means in the
 * catalogue (`speaker`), matched both ways. A trigger announces every change on the catalogue's channel, so every
 * process's search vocabulary is rebuilt (docs/decisions/036-forgiving-search.md).
 */
export const synonyms = pgTable(
  "synonyms",
  {
    id: pk(),
    term: text("term").notNull(),
    meaning: text("meaning").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("synonyms_term_meaning_key").on(sql`lower(${t.term})`, sql`lower(${t.meaning})`)],
);

/**
 * The catalogue's words for the search vocabulary: each whitespace-separated token of the products' search text,
 * SKUs left out, with how many times the catalogue holds it. Triggers on products keep it in step with every
 * write (drizzle/0008_search_words.sql), so a process reads a few thousand rows instead of splitting every
 * product's text (docs/decisions/036-forgiving-search.md).
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    occurrences: integer("occurrences").notNull(),
  },
  (t) => [index("search_words_unused_idx").on(t.word).where(sql`${t.occurrences} <= 0`)],
);
