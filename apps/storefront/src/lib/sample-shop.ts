/**
 * The offline catalogue: @shop/domain's sample catalogue (the one the API seeds from) as API records, with its
 * pictures rendered in the browser as data URLs, since the API's image URLs fail too, answering the shop's calls.
 * Its own chunk, loaded only when the API cannot be reached.
 */

import {
  filterProducts,
  type ListingFilters,
  priceRange,
  queryProducts,
  slugify,
} from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import { sampleRecords } from "@shop/domain/sample-catalogue/records";
import type {
  Banner,
  BlogPost,
  Category,
  Paginated,
  Product,
  ProductFacets,
} from "@shop/domain/schemas/public";
import { isColorOption, isSizeOption, optionSlug } from "@shop/domain/variants";

function page<T>(items: T[], pageNumber = 1, pageSize = items.length || 1): Paginated<T> {
  const start = (pageNumber - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    totalCount: items.length,
    totalPages: Math.ceil(items.length / pageSize),
    currentPage: pageNumber,
    pageSize,
  };
}

function countBy(products: Product[], name: (p: Product) => string): ProductFacets["categories"] {
  const counts = new Map<string, { slug: string; name: string; count: number }>();
  for (const product of products) {
    const label = name(product);
    if (!label) continue;
    const slug = slugify(label);
    const entry = counts.get(slug) ?? { slug, name: label, count: 0 };
    entry.count += 1;
    counts.set(slug, entry);
  }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Sizes or colours with how many products have a variant in each, in the options' order of first appearance. */
function countOptions(products: Product[], isKind: (name: string) => boolean): ProductFacets["sizes"] {
  const counts = new Map<string, ProductFacets["sizes"][number]>();
  for (const product of products) {
    const seen = new Set<string>();
    for (const option of product.options.filter((o) => isKind(o.name))) {
      for (const { value, clrCode } of option.values) {
        const slug = optionSlug(value);
        if (
          seen.has(slug) ||
          !product.variants.some((v) => optionSlug(v.options[option.name] ?? "") === slug)
        )
          continue;
        seen.add(slug);
        const entry = counts.get(slug) ?? { value, slug, count: 0, ...(clrCode ? { clrCode } : {}) };
        entry.count += 1;
        counts.set(slug, entry);
      }
    }
  }
  return [...counts.values()];
}

export function createSampleShop(now: Date) {
  const { products, categories, banners, posts } = sampleRecords(now.getTime());

  const listed = (filters: ListingFilters) => queryProducts(products, filters);

  return {
    products: {
      list: (filters: ListingFilters): Paginated<Product> => listed(filters),
      search: (text: string, filters: ListingFilters): Paginated<Product> =>
        listed({ ...filters, searchText: [filters.searchText, text].filter(Boolean).join(" ") || undefined }),
      featured: (): Product[] =>
        products.filter((p) => p.featured).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      get: (idOrSlug: string): Product | null =>
        products.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null,
      facets(filters: ListingFilters): ProductFacets {
        const without = (omit: Partial<Record<keyof ListingFilters, undefined>>) =>
          filterProducts(products, { ...filters, ...omit, page: undefined, pageSize: undefined });
        const { max } = priceRange(without({ minPrice: undefined, maxPrice: undefined }));
        return {
          price: { min: 0, max },
          categories: countBy(without({ category: undefined, subCategory: undefined }), (p) => p.parent),
          subCategories: countBy(without({ subCategory: undefined }), (p) => p.children),
          brands: countBy(without({ brand: undefined }), (p) => p.brand.name),
          sizes: countOptions(without({ size: undefined }), isSizeOption),
          colors: countOptions(without({ color: undefined }), isColorOption),
          productTypes: countBy(without({ productType: undefined }), (p) => p.productType),
          statuses: [
            {
              slug: "on-sale",
              name: "On sale",
              count: without({ status: undefined }).filter((p) => p.discount > 0).length,
            },
            {
              slug: "in-stock",
              name: "In stock",
              count: without({ status: undefined }).filter((p) => p.status === "in-stock").length,
            },
          ],
        };
      },
    },
    categories: (productType?: ProductType): Paginated<Category> =>
      page(productType ? categories.filter((c) => c.productType === productType) : categories),
    banners: (position: string): Paginated<Banner> =>
      page(
        banners.filter((b) => b.active && b.position === position).sort((a, b) => a.sortOrder - b.sortOrder),
      ),
    blog: {
      list: (pageNumber = 1, pageSize = 12): Paginated<BlogPost> => page(posts, pageNumber, pageSize),
      get: (idOrSlug: string): BlogPost | null =>
        posts.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null,
    },
  };
}

export type SampleShop = ReturnType<typeof createSampleShop>;
