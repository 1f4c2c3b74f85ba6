/**
 * The offline catalogue: @shop/domain's sample catalogue (the one the API seeds from) as API records, with its
 * pictures drawn in the browser as data URLs, since the API's image URLs fail too, answering the shop's calls.
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
