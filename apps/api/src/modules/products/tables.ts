/** The products module's tables: the products, their documents as lists carry them, and the listing's narrow rows. Their stock columns (quantity, sell_count) are written by the inventory module only. */
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
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
import { createdAt, pk, updatedAt } from "../../db/columns.ts";
import { brands } from "../brands/tables.ts";
import { categories } from "../categories/tables.ts";

export interface ProductImageRow {
  img: string;
  color?: { name: string; clrCode: string } | null;
  /** What the picture shows, for the shop's alt text; absent when the admin gave none. */
  alt?: string;
}

export interface ProductOptionRow {
  name: string;
  values: { value: string; clrCode?: string | null }[];
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
    /** The options shoppers choose from (colour, size, ...), values in order; [] for a product with one variant. */
    options: jsonb("options").$type<ProductOptionRow[]>().notNull().default([]),
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
 * What is bought: one combination of a product's option values (docs/decisions/059-product-variants.md). Price and
 * discount null follow the product's. quantity and sell_count are written by the inventory module only, which keeps
 * the product's quantity the sum of its variants' in the same transaction.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: pk(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    /** Option name -> value; {} for the only variant of a product without options. */
    options: jsonb("options").$type<Record<string, string>>().notNull().default({}),
    position: integer("position").notNull().default(0),
    priceCents: integer("price_cents"),
    discount: numeric("discount", { precision: 5, scale: 2, mode: "number" }),
    quantity: integer("quantity").notNull().default(0),
    sellCount: integer("sell_count").notNull().default(0),
    /** The colour's first picture, or null. */
    img: text("img"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("product_variants_sku_key").on(t.sku),
    uniqueIndex("product_variants_product_options_key").on(t.productId, t.options),
    index("product_variants_product_idx").on(t.productId, t.position),
    index("product_variants_low_stock_idx").on(t.quantity),
    check("product_variants_quantity_check", sql`${t.quantity} >= 0`),
    check("product_variants_price_check", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check(
      "product_variants_discount_check",
      sql`${t.discount} is null or (${t.discount} >= 0 and ${t.discount} <= 100)`,
    ),
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
    /** The sizes and colours the product comes in, as "size:42", "color:rose-gold" (the size and colour filters). */
    optionSlugs: text("option_slugs").array().notNull().default(sql`'{}'::text[]`),
    /** The same with how they are written and their swatch, "color\u001frose-gold\u001fRose Gold\u001f#B76E79" (the facets). */
    optionLabels: text("option_labels").array().notNull().default(sql`'{}'::text[]`),
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
      index("product_listing_options_idx").using("gin", t.optionSlugs),
    ];
  },
);
