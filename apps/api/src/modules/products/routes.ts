/** The catalogue's products: the storefront listing, search, facets and detail, and the admin's writes. */
import { LISTING_LIMITS, listingOrder, SORT_OPTIONS, type SortOption, slugify } from "@shop/domain/catalogue";
import { PRODUCT_TYPES, type ProductType, STOCK_LEVELS } from "@shop/domain/constants";
import { toCents } from "@shop/domain/money";
import { productInputSchema } from "@shop/domain/schemas/admin";
import { productFacetsSchema, productSchema } from "@shop/domain/schemas/public";
import { searchWords } from "@shop/domain/search-words";
import { optionSlug } from "@shop/domain/variants";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogueCache, watchCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db } from "../../db/client.ts";
import { isUuid } from "../../db/match.ts";
import { badRequest, notFound } from "../../http-errors.ts";
import {
  booleanFilter,
  filterIds,
  filterValue,
  idParams,
  type ListRequest,
  listQuerySchema,
  parseListQuery,
  setListHeaders,
} from "../../lists.ts";
import { recordAudit } from "../audit/record.ts";
import { afterRestock } from "../inventory/routes.ts";
import { approvedReviews } from "../reviews/approved.ts";
import { planWords } from "../search/search.ts";
import {
  featuredProducts,
  listProducts,
  PRODUCT_FILTER_STATUSES,
  PRODUCT_SORT_FIELDS,
  type ProductFilters,
  type ProductPage,
  productFacets,
} from "./listing.ts";
import { createProduct, deleteProduct, findProductRow, toProduct, updateProduct } from "./repository.ts";
import { spreadsheetRoutes } from "./spreadsheet-routes.ts";

export const FEATURED_LIMIT = 20;
const MAX_SEARCH_WORDS = LISTING_LIMITS.maxSearchWords;

/** An empty query parameter (`minPrice=`) means the filter is not set. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const priceParam = optional(
  z.coerce
    .number({ error: "must be a price in USD such as 25 or 19.99" })
    .min(0, "must be 0 or more")
    .max(LISTING_LIMITS.maxPrice, `must be at most ${LISTING_LIMITS.maxPrice}`),
);
const slugParam = optional(z.string().max(LISTING_LIMITS.maxText));
const statusParam = optional(
  z.enum(PRODUCT_FILTER_STATUSES, { error: `must be one of: ${PRODUCT_FILTER_STATUSES.join(", ")}` }),
);
const productTypeParam = optional(
  z.preprocess(
    (v) => (typeof v === "string" ? v.toLowerCase() : v),
    z.enum(PRODUCT_TYPES, { error: `must be one of: ${PRODUCT_TYPES.join(", ")}` }),
  ),
);
const featuredParam = optional(
  z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .transform((v) => v === "true" || v === "1"),
);

/** Sizes or colours as slugs: repeated (?size=40&size=41) or comma-separated (?size=40,41); any of them matches. */
const optionParam = optional(
  z
    .union([z.string().max(200), z.array(z.string().max(200)).max(20)])
    .transform((value) =>
      [
        ...new Set((Array.isArray(value) ? value : [value]).flatMap((v) => v.split(",")).map(decodeOption)),
      ].filter(Boolean),
    )
    .refine((values) => values.length <= 20, "at most 20 values"),
);

const productListQuerySchema = listQuerySchema.extend({
  minPrice: priceParam,
  maxPrice: priceParam,
  status: statusParam,
  category: slugParam,
  subCategory: slugParam,
  brand: slugParam,
  searchText: optional(z.string().max(LISTING_LIMITS.maxText)),
  productType: productTypeParam,
  featured: featuredParam,
  size: optionParam,
  color: optionParam,
});
type ProductListQuery = z.infer<typeof productListQuerySchema>;
const productSearchQuerySchema = productListQuerySchema.extend({
  query: optional(z.string().max(LISTING_LIMITS.maxText)),
});

const productListItemSchema = productSchema.omit({ reviews: true });

/** decodeURIComponent once more (the storefront escapes "%" in slugs), keeping malformed escapes as they are. */
function decodeSlug(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {}
  return slugify(text);
}

/** A size or colour as filters compare it: decoded once more (as slugs are), then optionSlug's form. */
function decodeOption(value: string): string {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {}
  return optionSlug(text);
}

/** The words of every search text given, by the domain's rule (a repeated word counts once); too many is a 400. */
function wordsOf(...texts: (string | undefined)[]): string[] | undefined {
  const words = searchWords(...texts);
  if (words.length > MAX_SEARCH_WORDS) throw badRequest(`Search with at most ${MAX_SEARCH_WORDS} words`);
  return words.length ? words : undefined;
}

/** The filters with their words read by the forgiving search (modules/search), unchanged when there are none. */
async function withSearchPlan(db: Db, filters: ProductFilters): Promise<ProductFilters> {
  return filters.words?.length ? { ...filters, search: await planWords(db, filters.words) } : filters;
}

/** Keys react-admin's filter={...} may carry: its own (q, id, equality fields) and the storefront's. */
const FILTER_KEYS = [
  "q",
  "id",
  "categoryId",
  "brandId",
  "productType",
  "featured",
  "status",
  "category",
  "subCategory",
  "brand",
  "searchText",
  "minPrice",
  "maxPrice",
  "stock",
];
const uuidFilter = z.string().refine(isUuid, "must be an id (UUID)");
const priceFilter = z.coerce.number().min(0, "must be 0 or more").max(LISTING_LIMITS.maxPrice);
const textFilter = z.string().max(LISTING_LIMITS.maxText);
const statusFilter = z.enum(PRODUCT_FILTER_STATUSES);
const productTypeFilter = z.enum(PRODUCT_TYPES);
const stockFilter = z.enum(STOCK_LEVELS, { error: `must be one of: ${STOCK_LEVELS.join(", ")}` });

/** The storefront's query parameters and react-admin's filter object as one set of SQL-ready filters. */
function productFilters(query: ProductListQuery, list: ListRequest, extraText?: string): ProductFilters {
  const filter = list.filter;
  const unknown = Object.keys(filter).filter((key) => !FILTER_KEYS.includes(key));
  if (unknown.length) {
    throw badRequest(
      `Cannot filter products by '${unknown[0]}'; filter by one of: ${FILTER_KEYS.join(", ")}`,
    );
  }
  const fromFilter = {
    status: filterValue(filter, "status", statusFilter),
    productType: filterValue(filter, "productType", productTypeFilter),
    featured: filterValue(filter, "featured", booleanFilter),
    category: filterValue(filter, "category", textFilter),
    subCategory: filterValue(filter, "subCategory", textFilter),
    brand: filterValue(filter, "brand", textFilter),
    minPrice: filterValue(filter, "minPrice", priceFilter),
    maxPrice: filterValue(filter, "maxPrice", priceFilter),
  };
  const minPrice = query.minPrice ?? fromFilter.minPrice;
  const maxPrice = query.maxPrice ?? fromFilter.maxPrice;
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw badRequest(`minPrice (${minPrice}) must not be above maxPrice (${maxPrice})`);
  }
  const category = query.category ?? fromFilter.category;
  const subCategory = query.subCategory ?? fromFilter.subCategory;
  const brand = query.brand ?? fromFilter.brand;
  const categoryId = filterValue(filter, "categoryId", uuidFilter);
  const brandId = filterValue(filter, "brandId", uuidFilter);
  return {
    // filterIds builds its schema on each call; most requests have no ids to read.
    ids: filter.id === undefined ? undefined : filterIds(filter),
    minPriceCents: minPrice === undefined ? undefined : toCents(minPrice),
    maxPriceCents: maxPrice === undefined ? undefined : toCents(maxPrice),
    status: query.status ?? fromFilter.status,
    stock: filterValue(filter, "stock", stockFilter),
    categorySlug: category === undefined ? undefined : decodeSlug(category),
    categoryId: categoryId?.toLowerCase(),
    subcategorySlug: subCategory === undefined ? undefined : decodeSlug(subCategory),
    brandSlug: brand === undefined ? undefined : decodeSlug(brand),
    brandId: brandId?.toLowerCase(),
    words: wordsOf(
      query.searchText,
      extraText,
      filterValue(filter, "q", textFilter),
      filterValue(filter, "searchText", textFilter),
    ),
    productType: (query.productType ?? fromFilter.productType) as ProductType | undefined,
    featured: query.featured ?? fromFilter.featured,
    sizeSlugs: query.size?.length ? query.size.toSorted() : undefined,
    colorSlugs: query.color?.length ? query.color.toSorted() : undefined,
    skuText: skuTextOf(query.searchText ?? extraText ?? filterValue(filter, "q", textFilter)),
  };
}

/** A searched text that could be a SKU (one token, letters, digits and dashes), lower-cased. */
function skuTextOf(text: string | undefined): string | undefined {
  const trimmed = text?.trim().toLowerCase();
  return trimmed && /^[a-z0-9][a-z0-9._/-]{2,63}$/.test(trimmed) ? trimmed : undefined;
}

/** A JSON array in `sort` is react-admin's; a plain word is one of the storefront's options. */
function storefrontSort(sort: string | undefined): SortOption | null {
  if (sort === undefined || sort.trim() === "" || sort.trim().startsWith("[")) return null;
  const word = sort.trim().toLowerCase();
  if (!(SORT_OPTIONS as readonly string[]).includes(word)) {
    throw badRequest(
      `sort must be one of: ${SORT_OPTIONS.join(", ")}; or a JSON array such as ["title","ASC"] with a field among: ${PRODUCT_SORT_FIELDS.join(", ")}`,
    );
  }
  return word as SortOption;
}

async function listing(query: ProductListQuery, app: FastifyInstance, extraText?: string) {
  const list = parseListQuery(query, { sortFields: PRODUCT_SORT_FIELDS });
  const filters = await withSearchPlan(app.db, productFilters(query, list, extraText));
  // The storefront's sort as the domain rules it, the offline catalogue's rule too.
  const rule = listingOrder(storefrontSort(query.sort) ?? undefined, { searching: Boolean(filters.words) });
  if (rule.onSaleOnly) filters.onSaleOnly = true;
  const { page, total } = await listProducts(app.db, {
    filters,
    order: list.sort ? { admin: list.sort } : { sort: rule.sort },
    limit: list.pageSize,
    offset: list.offset,
    cap: list.sort ? null : rule.limit,
  });
  return { page, total, list };
}

/** A page of products with the list headers; its JSON comes written by the database and is sent as it is. */
function sendProductPage(
  reply: FastifyReply,
  page: ProductPage,
  total: number,
  list: Pick<ListRequest, "page" | "pageSize" | "offset">,
) {
  setListHeaders(reply, page.count, total, list);
  return reply.type("application/json; charset=utf-8").send(page.json);
}

export default async function productsRoutes(app: FastifyInstance) {
  // The catalogue as a spreadsheet: its own plugin, the only one that takes a CSV body.
  await app.register(spreadsheetRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  await watchCatalogue(app);
  const cached = catalogueCache(app, app.env.CATALOGUE_CACHE_MS);

  r.get(
    "/product",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: "The product listing: storefront filters and sorts, or react-admin's sort/range/filter",
        querystring: productListQuerySchema,
        response: { 200: z.array(productListItemSchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const { page, total, list } = await listing(request.query, app);
      return sendProductPage(reply, page, total, list);
    },
  );

  r.get(
    "/product/search",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: "Products whose title, SKU, brand, category or tags hold every word of the query",
        querystring: productSearchQuerySchema,
        response: { 200: z.array(productListItemSchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const { page, total, list } = await listing(request.query, app, request.query.query);
      return sendProductPage(reply, page, total, list);
    },
  );

  r.get(
    "/product/featured",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: `Featured products, newest first (at most ${FEATURED_LIMIT})`,
        response: { 200: z.array(productListItemSchema) },
      },
      config: { access: "public" },
    },
    async (_request, reply) => {
      const page = await featuredProducts(app.db, FEATURED_LIMIT);
      return sendProductPage(reply, page, page.count, { page: 1, pageSize: FEATURED_LIMIT, offset: 0 });
    },
  );

  r.get(
    "/product/facets",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: "Counts for the filter sidebar under the current filters; each facet ignores its own filter",
        querystring: productSearchQuerySchema,
        response: { 200: productFacetsSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const list = parseListQuery(request.query, { sortFields: PRODUCT_SORT_FIELDS });
      const filters = await withSearchPlan(app.db, productFilters(request.query, list, request.query.query));
      if (listingOrder(storefrontSort(request.query.sort) ?? undefined).onSaleOnly) filters.onSaleOnly = true;
      return productFacets(app.db, filters);
    },
  );

  r.get(
    "/product/:id",
    {
      ...cached,
      schema: {
        tags: ["products"],
        summary: "One product by id or slug, with its approved reviews (newest first)",
        params: idParams,
        response: { 200: productSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const row = await findProductRow(app.db, request.params.id);
      if (!row) throw notFound("Product");
      return { ...toProduct(row), reviews: await approvedReviews(app.db, row.id) };
    },
  );

  r.post(
    "/product",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary: "Create a product (admin)",
        security: [{ bearer: [] }],
        body: productInputSchema,
        response: { 201: productListItemSchema },
      },
    },
    async (request, reply) => {
      const product = await createProduct(app.db, request.body);
      await recordAudit(app.db, request, {
        action: "product.create",
        entity: "product",
        entityId: product.id,
        before: null,
        after: product,
      });
      return reply.status(201).send(product);
    },
  );

  r.put(
    "/product/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary: "Replace a product (admin); read-only fields in the body are ignored",
        security: [{ bearer: [] }],
        params: idParams,
        body: productInputSchema,
        response: { 200: productListItemSchema },
      },
    },
    async (request) => {
      const before = isUuid(request.params.id) ? await findProductRow(app.db, request.params.id) : undefined;
      const product = await updateProduct(app.db, request.params.id, request.body);
      // The form's one quantity may have put a sold-out variant back: its waiting shoppers get their mail.
      afterRestock(app);
      await recordAudit(app.db, request, {
        action: "product.update",
        entity: "product",
        entityId: product.id,
        before: before ? toProduct(before) : null,
        after: product,
      });
      return product;
    },
  );

  r.delete(
    "/product/:id",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary: "Delete a product nobody has ordered (admin); answers the deleted record",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: productListItemSchema },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound("Product");
      const product = await deleteProduct(app.db, request.params.id);
      await recordAudit(app.db, request, {
        action: "product.delete",
        entity: "product",
        entityId: product.id,
        before: product,
        after: null,
      });
      return product;
    },
  );
}
