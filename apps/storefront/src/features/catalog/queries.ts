/** The catalogue's server data through TanStack Query, answered from the sample catalogue when the API is down. */
import type { ListingFilters } from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { firstScreenKeys } from "#lib/first-screen.ts";
import { withFallback } from "#lib/offline.ts";

/** A 404 for a product the offline catalogue does not have, shaped like the API client's errors. */
class NotFound extends Error {
  readonly status = 404;
}

function found<T>(value: T | null, what: string): T {
  if (value === null) throw new NotFound(`${what} not found`);
  return value;
}

export const catalogQueries = {
  list: (filters: ListingFilters) =>
    queryOptions({
      queryKey: firstScreenKeys.listing(filters),
      queryFn: () =>
        withFallback(
          (c) => c.products.list(filters),
          (s) => s.products.list(filters),
        ),
      placeholderData: keepPreviousData,
    }),
  facets: (filters: ListingFilters) =>
    queryOptions({
      queryKey: firstScreenKeys.facets(filters),
      queryFn: () =>
        withFallback(
          (c) => c.products.facets(filters),
          (s) => s.products.facets(filters),
        ),
      placeholderData: keepPreviousData,
    }),
  featured: () =>
    queryOptions({
      queryKey: firstScreenKeys.featured(),
      queryFn: () =>
        withFallback(
          (c) => c.products.featured(),
          (s) => s.products.featured(),
        ),
    }),
  product: (idOrSlug: string) =>
    queryOptions({
      queryKey: firstScreenKeys.product(idOrSlug),
      queryFn: () =>
        withFallback(
          (c) => c.products.get(idOrSlug),
          (s) => found(s.products.get(idOrSlug), "Product"),
        ),
    }),
  categories: (productType?: ProductType) =>
    queryOptions({
      queryKey: ["categories", productType ?? "all"],
      queryFn: () =>
        withFallback(
          (c) => c.categories.list({ pageSize: 100, ...(productType ? { productType } : {}) }),
          (s) => s.categories(productType),
        ),
      staleTime: 5 * 60_000,
    }),
  banners: (position: string) =>
    queryOptions({
      queryKey: firstScreenKeys.banners(position),
      queryFn: () =>
        withFallback(
          (c) => c.banners.list({ active: true, position }),
          (s) => s.banners(position),
        ),
      staleTime: 5 * 60_000,
    }),
};
