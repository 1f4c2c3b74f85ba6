/** The listing's state lives in the URL: reading it (leniently, never asking the API what it refuses) and writing it. */
import {
  LISTING_LIMITS,
  type ListingFilters,
  parseListingQuery,
  type SortOption,
} from "@shop/domain/catalogue";
import { searchTextForApi } from "@shop/domain/search-words";

const { maxPrice: MAX_PRICE, maxText: MAX_TEXT, maxPage: MAX_PAGE } = LISTING_LIMITS;

/**
 * Filters the API accepts as they are: a price out of range is dropped, a maximum below the minimum is dropped,
 * search text is cut to the API's ten distinct words and 200 characters (the domain's word rule), an overlong slug
 * and an absurd page are dropped.
 */
export function safeForApi(filters: ListingFilters): ListingFilters {
  const safe: ListingFilters = { ...filters };
  if (safe.minPrice !== undefined && safe.minPrice > MAX_PRICE) delete safe.minPrice;
  if (safe.maxPrice !== undefined && safe.maxPrice > MAX_PRICE) delete safe.maxPrice;
  if (safe.minPrice !== undefined && safe.maxPrice !== undefined && safe.maxPrice < safe.minPrice) {
    delete safe.maxPrice;
  }
  for (const key of ["category", "subCategory", "brand"] as const) {
    if ((safe[key]?.length ?? 0) > MAX_TEXT) delete safe[key];
  }
  if (safe.searchText !== undefined) {
    const words = searchTextForApi(safe.searchText);
    if (words) safe.searchText = words;
    else delete safe.searchText;
  }
  if (safe.page !== undefined && safe.page > MAX_PAGE) delete safe.page;
  return safe;
}

/** The listing filters a URL's query string asks for, made safe for the API. */
export function readListing(search: string | URLSearchParams): ListingFilters {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return safeForApi(parseListingQuery(params));
}

/**
 * The filters after a control's change. Any change but the page's goes back to page 1, so a shopper never lands
 * on a page past the end of a narrower list.
 */
export function changeListing(filters: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  const next: ListingFilters = { ...filters, ...change };
  if (!("page" in change)) delete next.page;
  for (const [key, value] of Object.entries(next)) {
    if (value === undefined || value === null || value === "") delete next[key as keyof ListingFilters];
  }
  if (next.sort === "default-sorting") delete next.sort;
  return next;
}

/** Whether any filter (not the sort or page) is set: the no-results state then offers to clear them. */
export function hasFilters(filters: ListingFilters): boolean {
  const { sort: _sort, page: _page, pageSize: _pageSize, ...rest } = filters;
  return Object.values(rest).some((value) => value !== undefined);
}

export const SORT_LABELS: Record<Exclude<SortOption, "low-to-hight">, string> = {
  "default-sorting": "Default sorting",
  "low-to-high": "Price: low to high",
  "high-to-low": "Price: high to low",
  "new-added": "New arrivals",
  "on-sale": "On sale",
};

/**
 * The options of a filter worth offering: those some product of the list matches, and the one chosen, even at zero
 * (so it can be cleared). A category with a count of 0 (fashion's, once the list is narrowed to electronics) leads
 * nowhere, so it is left out rather than listed.
 */
export function shownOptions<O extends { slug: string; count: number }>(
  options: readonly O[],
  chosen?: string,
): O[] {
  return options.filter((option) => option.count > 0 || option.slug === chosen);
}
