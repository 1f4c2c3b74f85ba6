/**
 * The storefront URLs the pages benchmark asks for (`bench/pages.ts`): listings at `/shop` the way shoppers reach
 * them (a scope, a price range, a status, a sort, a page within the listing's own pages) and pages of the
 * catalogue spread from its newest to its oldest products. Deterministic for a given catalogue: the same shop
 * gives the same URLs.
 */
import { type ListingFilters, type ListingStatus, toListingQuery } from "@shop/domain/catalogue";
import { DEFAULT_PAGE_SIZE, type ProductType } from "@shop/domain/constants";

/** Price ranges in USD: none, cheap, the middle, dear, and "from". */
export const PRICE_RANGES: readonly Pick<ListingFilters, "minPrice" | "maxPrice">[] = [
  {},
  { maxPrice: 50 },
  { minPrice: 20, maxPrice: 800 },
  { minPrice: 100, maxPrice: 1000 },
  { minPrice: 500 },
];
export const STATUSES: readonly (ListingStatus | undefined)[] = [undefined, "in-stock", "on-sale"];
export const SORTS = ["default-sorting", "low-to-high", "high-to-low", "new-added", "on-sale"] as const;
/** Shoppers rarely page further than this. */
export const MAX_PAGE = 30;

/** What the listings are drawn from: the catalogue's product types, categories (with subcategories) and brands. */
export interface CatalogueShape {
  types: readonly ProductType[];
  categories: readonly { slug: string; subCategories: readonly string[] }[];
  brands: readonly string[];
}

/** Answers how many products a listing's count URL (`countUrl`) finds. */
export type TotalOf = (countPath: string) => Promise<number>;

/** Everything, each product type, category, subcategory (within its category) and brand. */
export function scopesOf(catalogue: CatalogueShape): ListingFilters[] {
  return [
    {},
    ...catalogue.types.map((productType) => ({ productType })),
    ...catalogue.categories.flatMap(({ slug, subCategories }) => [
      { category: slug },
      ...subCategories.map((subCategory) => ({ category: slug, subCategory })),
    ]),
    ...catalogue.brands.map((brand) => ({ brand })),
  ];
}

/** The storefront's URL of a listing: `/shop?...` as its own links write it, without the default sort or page 1. */
export function shopUrl(filters: ListingFilters): string {
  const { sort, page, ...rest } = filters;
  const query = toListingQuery({
    ...rest,
    sort: sort === "default-sorting" ? undefined : sort,
    page: page === 1 ? undefined : page,
  }).toString();
  return query ? `/shop?${query}` : "/shop";
}

/** The API call that counts a listing's products: the on-sale sort lists discounted products only, so it counts its own. */
export function countUrl(filters: ListingFilters): string {
  const { sort, page: _page, ...rest } = filters;
  // on-sale lists discounted products only and new-added the last 6: their totals are their own.
  const counted = sort === "on-sale" || sort === "new-added" ? sort : undefined;
  return `/api/product?${toListingQuery({ ...rest, sort: counted, pageSize: 1 }).toString()}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A step through 0..n-1 that visits every index once (prime to n), large enough to jump across the whole range. */
export function strideFor(n: number, from = 7919): number {
  let stride = from;
  while (n > 1 && gcd(stride, n) !== 1) stride++;
  return stride;
}

/** The golden ratio's fraction: i × it, modulo 1, spreads evenly over [0, 1) without any random source. */
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/**
 * At least `count` distinct `/shop` URLs (fewer only when the catalogue has no more listings with products):
 * every combination of scope, price range, status and sort is visited once in an order that jumps across all of
 * them, each listing's product count is asked once (`totalOf`), listings with no product are skipped, and the page
 * is drawn from the listing's own pages, page 1 most often, as shoppers go.
 */
export async function shopListingUrls(
  count: number,
  catalogue: CatalogueShape,
  totalOf: TotalOf,
  pageSize = DEFAULT_PAGE_SIZE,
): Promise<string[]> {
  const scopes = scopesOf(catalogue);
  const sizes = [scopes.length, PRICE_RANGES.length, STATUSES.length, SORTS.length];
  const combinations = sizes.reduce((a, b) => a * b, 1);
  const stride = strideFor(combinations);
  const totals = new Map<string, number>();
  const urls = new Set<string>();
  for (let i = 0; i < combinations && urls.size < count; i++) {
    let k = (i * stride) % combinations;
    const [scope, price, status, sort] = sizes.map((size) => {
      const digit = k % size;
      k = Math.floor(k / size);
      return digit;
    }) as [number, number, number, number];
    const filters: ListingFilters = {
      ...scopes[scope],
      ...PRICE_RANGES[price],
      status: STATUSES[status],
      sort: SORTS[sort],
    };
    const counted = countUrl(filters);
    let total = totals.get(counted);
    if (total === undefined) {
      total = await totalOf(counted);
      totals.set(counted, total);
    }
    if (!(total > 0)) continue;
    const pages = Math.min(MAX_PAGE, Math.ceil(total / pageSize));
    const spread = (i * GOLDEN) % 1;
    urls.add(shopUrl({ ...filters, page: 1 + Math.floor(spread * spread * pages) }));
  }
  return [...urls];
}

/**
 * `wanted` page numbers spread evenly over 1..lastPage, first and last included (every page when there are no
 * more than that): where to read product ids so they come from the whole catalogue, new and old.
 */
export function spreadPages(lastPage: number, wanted: number): number[] {
  if (lastPage <= 0 || wanted <= 0) return [];
  if (lastPage <= wanted) return Array.from({ length: lastPage }, (_, i) => i + 1);
  if (wanted === 1) return [1];
  return Array.from({ length: wanted }, (_, i) => 1 + Math.round((i * (lastPage - 1)) / (wanted - 1)));
}
