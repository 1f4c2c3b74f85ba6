/** Catalogue calls: products (listing, search, featured, facets, detail, admin writes), reviews, categories, brands, banners, blog, the sitemap's lists. */
import { type ListingFilters, toListingQuery } from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import {
  type AdminVariants,
  adminVariantsSchema,
  type bannerInputSchema,
  type ProductInput,
  type VariantBulkInput,
  type VariantsInput,
} from "@shop/domain/schemas/admin";
import {
  type Banner,
  type BlogPost,
  type Brand,
  bannerSchema,
  blogPostSchema,
  brandSchema,
  type Category,
  categorySchema,
  type MessageResponse,
  messageResponseSchema,
  type Product,
  type ProductFacets,
  productFacetsSchema,
  productSchema,
  type Review,
  type ReviewInput,
  reviewSchema,
  type SitemapCounts,
  type SitemapEntry,
  type SitemapSection,
  sitemapCountsSchema,
  sitemapEntrySchema,
} from "@shop/domain/schemas/public";
import {
  type DidYouMean,
  didYouMeanSchema,
  type SearchSuggestions,
  searchSuggestionsSchema,
} from "@shop/domain/search";
import { z } from "zod";
import { segment, type Transport } from "../http.ts";
import type { Paginated } from "../pagination.ts";

export interface PageParams {
  page?: number;
  pageSize?: number;
}

export interface CategoryListParams extends PageParams {
  q?: string;
  productType?: ProductType;
}

export interface BrandListParams extends PageParams {
  q?: string;
}

export interface BannerListParams extends PageParams {
  /** active=true with a position is what the storefront asks for. */
  active?: boolean;
  position?: string;
  q?: string;
}

export interface BlogListParams extends PageParams {
  q?: string;
  category?: string;
  tag?: string;
}

export type BannerInput = z.input<typeof bannerInputSchema>;
export type CreatedReview = Review & { message: string };

const createdReviewSchema = reviewSchema.extend({ message: z.string() });

/** The storefront's filters plus a search query, as the facets and search calls take them. */
function listingQuery(filters: ListingFilters, query?: string) {
  const params = toListingQuery(filters);
  if (query?.trim()) params.set("query", query.trim());
  return params;
}

export function catalogueCalls(t: Transport) {
  const products = {
    /** GET /product with the storefront's filters, sort and page. */
    list: (filters: ListingFilters = {}): Promise<Paginated<Product>> =>
      t.list({ call: "products.list", path: "/product", query: toListingQuery(filters) }, productSchema),
    /** GET /product/search?query=...: every word must match; the listing filters narrow it further. */
    search: (query: string, filters: ListingFilters = {}): Promise<Paginated<Product>> =>
      t.list(
        { call: "products.search", path: "/product/search", query: listingQuery(filters, query) },
        productSchema,
      ),
    /**
     * GET /product/search/suggestions?query=...: up to six products and three categories for a query still being
     * typed (its last word read as a prefix); `signal` cancels a request a newer keystroke has superseded.
     */
    suggestions: (query: string, signal?: AbortSignal): Promise<SearchSuggestions> =>
      t.json(
        {
          call: "products.suggestions",
          path: "/product/search/suggestions",
          query: { query: query.trim() },
          signal,
        },
        searchSuggestionsSchema,
      ),
    /** GET /product/search/did-you-mean?query=...: the closest query that has results, or null. */
    didYouMean: (query: string, signal?: AbortSignal): Promise<DidYouMean> =>
      t.json(
        {
          call: "products.didYouMean",
          path: "/product/search/did-you-mean",
          query: { query: query.trim() },
          signal,
        },
        didYouMeanSchema,
      ),
    /** GET /product/featured: at most 20, newest first. */
    featured: (): Promise<Product[]> =>
      t.json({ call: "products.featured", path: "/product/featured" }, z.array(productSchema)),
    /** GET /product/facets: the sidebar's counts under the given filters. */
    facets: (filters: ListingFilters = {}, query?: string): Promise<ProductFacets> =>
      t.json(
        { call: "products.facets", path: "/product/facets", query: listingQuery(filters, query) },
        productFacetsSchema,
      ),
    /** GET /product/{id}: by id or slug, with its approved reviews. */
    get: (idOrSlug: string): Promise<Product> =>
      t.json({ call: "products.get", path: `/product/${segment(idOrSlug)}` }, productSchema),
    /** POST /product (admin). */
    create: (input: ProductInput): Promise<Product> =>
      t.json({ call: "products.create", method: "POST", path: "/product", body: input }, productSchema),
    /** PUT /product/{id} (admin). */
    update: (id: string, input: ProductInput): Promise<Product> =>
      t.json(
        { call: "products.update", method: "PUT", path: `/product/${segment(id)}`, body: input },
        productSchema,
      ),
    /** DELETE /product/{id} (admin): answers the deleted product. */
    remove: (id: string): Promise<Product> =>
      t.json({ call: "products.remove", method: "DELETE", path: `/product/${segment(id)}` }, productSchema),
  };

  const variants = {
    /** POST /variants/{id}/notify: one email when this sold-out variant is back (202; 409 IN_STOCK when it is in stock). */
    notifyWhenBack: (variantId: string, email: string): Promise<MessageResponse> =>
      t.json(
        {
          call: "variants.notifyWhenBack",
          method: "POST",
          path: `/variants/${segment(variantId)}/notify`,
          body: { email },
        },
        messageResponseSchema,
      ),
    /** GET /back-in-stock/unsubscribe?token=...: no sign-in; the same answer for any token. */
    unsubscribe: (token: string): Promise<MessageResponse> =>
      t.json(
        { call: "variants.unsubscribe", path: "/back-in-stock/unsubscribe", query: { token } },
        messageResponseSchema,
      ),
    /** GET /admin/products/{id}/variants (admin): the options and every variant, as the grid edits them. */
    get: (productId: string): Promise<AdminVariants> =>
      t.json(
        { call: "variants.get", path: `/admin/products/${segment(productId)}/variants` },
        adminVariantsSchema,
      ),
    /** PUT /admin/products/{id}/variants (admin): rows with an id updated, without made, the others removed. */
    replace: (productId: string, input: VariantsInput): Promise<AdminVariants> =>
      t.json(
        {
          call: "variants.replace",
          method: "PUT",
          path: `/admin/products/${segment(productId)}/variants`,
          body: input,
        },
        adminVariantsSchema,
      ),
    /** POST /admin/products/{id}/variants/generate (admin): every missing combination, no stock yet. */
    generate: (productId: string): Promise<AdminVariants> =>
      t.json(
        {
          call: "variants.generate",
          method: "POST",
          path: `/admin/products/${segment(productId)}/variants/generate`,
        },
        adminVariantsSchema,
      ),
    /** POST /admin/products/{id}/variants/bulk (admin): set or add stock, or set the price, of the selected rows. */
    bulk: (productId: string, input: VariantBulkInput): Promise<AdminVariants> =>
      t.json(
        {
          call: "variants.bulk",
          method: "POST",
          path: `/admin/products/${segment(productId)}/variants/bulk`,
          body: input,
        },
        adminVariantsSchema,
      ),
  };

  const reviews = {
    /** GET /product/{id}/reviews: approved reviews, newest first. */
    list: (productId: string, params: PageParams = {}): Promise<Paginated<Review>> =>
      t.list(
        { call: "reviews.list", path: `/product/${segment(productId)}/reviews`, query: { ...params } },
        reviewSchema,
      ),
    /** POST /product/{id}/reviews (logged in): pending until an admin approves it. */
    add: (productId: string, input: ReviewInput): Promise<CreatedReview> =>
      t.json(
        {
          call: "reviews.add",
          method: "POST",
          path: `/product/${segment(productId)}/reviews`,
          body: input,
        },
        createdReviewSchema,
      ),
  };

  const categories = {
    list: (params: CategoryListParams = {}): Promise<Paginated<Category>> =>
      t.list({ call: "categories.list", path: "/categories", query: { ...params } }, categorySchema),
    /** By id or slug. */
    get: (idOrSlug: string): Promise<Category> =>
      t.json({ call: "categories.get", path: `/categories/${segment(idOrSlug)}` }, categorySchema),
  };

  const brands = {
    list: (params: BrandListParams = {}): Promise<Paginated<Brand>> =>
      t.list({ call: "brands.list", path: "/brands", query: { ...params } }, brandSchema),
    /** By id or slug. */
    get: (idOrSlug: string): Promise<Brand> =>
      t.json({ call: "brands.get", path: `/brands/${segment(idOrSlug)}` }, brandSchema),
  };

  const banners = {
    list: (params: BannerListParams = {}): Promise<Paginated<Banner>> =>
      t.list({ call: "banners.list", path: "/banners", query: { ...params } }, bannerSchema),
    get: (id: string): Promise<Banner> =>
      t.json({ call: "banners.get", path: `/banners/${segment(id)}` }, bannerSchema),
    /** POST /banners (admin). */
    create: (input: BannerInput): Promise<Banner> =>
      t.json({ call: "banners.create", method: "POST", path: "/banners", body: input }, bannerSchema),
    /** PUT /banners/{id} (admin). */
    update: (id: string, input: BannerInput): Promise<Banner> =>
      t.json(
        { call: "banners.update", method: "PUT", path: `/banners/${segment(id)}`, body: input },
        bannerSchema,
      ),
    /** DELETE /banners/{id} (admin): 204, nothing to answer. */
    remove: async (id: string): Promise<void> => {
      await t.send({ call: "banners.remove", method: "DELETE", path: `/banners/${segment(id)}` });
    },
  };

  const blog = {
    list: (params: BlogListParams = {}): Promise<Paginated<BlogPost>> =>
      t.list({ call: "blog.list", path: "/blog", query: { ...params } }, blogPostSchema),
    /** By id or slug. */
    get: (idOrSlug: string): Promise<BlogPost> =>
      t.json({ call: "blog.get", path: `/blog/${segment(idOrSlug)}` }, blogPostSchema),
  };

  const sitemap = {
    /** GET /sitemap: how many products, categories and posts there are. */
    counts: (): Promise<SitemapCounts> =>
      t.json({ call: "sitemap.counts", path: "/sitemap" }, sitemapCountsSchema),
    /** GET /sitemap/{section}: keys and last changes, `limit` of them from `offset`, in a stable order. */
    entries: (section: SitemapSection, offset: number, limit: number): Promise<SitemapEntry[]> =>
      t.json(
        { call: "sitemap.entries", path: `/sitemap/${section}`, query: { offset, limit } },
        z.array(sitemapEntrySchema),
      ),
  };

  return { products, variants, reviews, categories, brands, banners, blog, sitemap };
}
