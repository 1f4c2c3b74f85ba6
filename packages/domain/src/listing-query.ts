// A listing's filters written into a URL's query, one way for every link to the listing (the storefront's links, its
// canonical links, the sitemap); catalogue.ts reads them back (parseListingQuery). A module of its own, small, so
// the storefront's first screen can write links without the rest of the catalogue query.
import type { ListingFilters, SearchParams } from "./catalogue.ts";
import { optionSlug } from "./option-names.ts";

/**
 * The slug that category, subcategory and brand filters are matched on: lowercase, ampersands removed,
 * surrounding whitespace trimmed and every run of whitespace turned into one "-". Nothing else changes
 * (hyphens, accents and other punctuation stay), and slugify(slugify(x)) === slugify(x).
 * "Headphones & Audio" -> "headphones-audio", "  Rings   Gold " -> "rings-gold".
 */
export function slugify(name: string): string {
  return name.toLowerCase().replaceAll("&", "").trim().replace(/\s+/g, "-");
}

type SearchParamsConstructor = new (init?: string) => SearchParams;

/**
 * Filters as a query string that parseListingQuery reads back to the same filters; empty and invalid values
 * are left out. Slugs have their "%" escaped because the reader decodes them once more.
 */
export function toListingQuery(filters: ListingFilters): SearchParams {
  const { URLSearchParams } = globalThis as unknown as { URLSearchParams: SearchParamsConstructor };
  const query = new URLSearchParams();
  const number = (name: string, value: number | undefined) => {
    if (value !== undefined && Number.isFinite(value) && value >= 0) query.set(name, String(value));
  };
  const whole = (name: string, value: number | undefined) => {
    if (value !== undefined && Number.isSafeInteger(value) && value >= 1) query.set(name, String(value));
  };
  const slug = (name: string, value: string | undefined) => {
    const text = value === undefined ? "" : slugify(value);
    if (text !== "") query.set(name, text.replaceAll("%", "%25"));
  };
  number("minPrice", filters.minPrice);
  number("maxPrice", filters.maxPrice);
  if (filters.status) query.set("status", filters.status);
  slug("category", filters.category);
  slug("subCategory", filters.subCategory);
  slug("brand", filters.brand);
  const searchText = filters.searchText?.trim();
  if (searchText) query.set("searchText", searchText);
  if (filters.productType) query.set("productType", filters.productType);
  if (filters.featured !== undefined) query.set("featured", String(filters.featured));
  for (const name of ["size", "color"] as const) {
    const values = [...new Set((filters[name] ?? []).map(optionSlug).filter(Boolean))].sort();
    if (values.length) query.set(name, values.join(",").replaceAll("%", "%25"));
  }
  if (filters.sort) query.set("sort", filters.sort);
  whole("page", filters.page);
  whole("pageSize", filters.pageSize);
  return query;
}
