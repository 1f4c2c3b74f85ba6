// The catalogue query: listing filters read from and written to the URL, filtering, sorting and paging in memory.
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  NEW_ADDED_COUNT,
  NEW_ADDED_COUNT_ALT,
  PRODUCT_TYPES,
  type ProductType,
} from "./constants.ts";
import { toCents } from "./money.ts";
import { discountedPriceCents } from "./pricing.ts";

/**
 * The slug that category, subcategory and brand filters are matched on: lowercase, ampersands removed,
 * surrounding whitespace trimmed and every run of whitespace turned into one "-". Nothing else changes
 * (hyphens, accents and other punctuation stay), and slugify(slugify(x)) === slugify(x).
 * "Headphones & Audio" -> "headphones-audio", "  Rings   Gold " -> "rings-gold".
 */
export function slugify(name: string): string {
  return name.toLowerCase().replaceAll("&", "").trim().replace(/\s+/g, "-");
}

/** "low-to-hight" is the spelling one listing variant uses; it sorts like "low-to-high". */
export const SORT_OPTIONS = [
  "default-sorting",
  "low-to-high",
  "low-to-hight",
  "high-to-low",
  "new-added",
  "on-sale",
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/** What the API accepts in a listing's query; past these it answers 400, and the storefront never asks. */
export const LISTING_LIMITS = {
  /** A price filter, in USD. */
  maxPrice: 10_000_000,
  /** Search text, a category, subcategory or brand slug, in characters. */
  maxText: 200,
  /** Words in a search. */
  maxSearchWords: 10,
  /** The page number. */
  maxPage: 1_000_000,
} as const;

export const LISTING_STATUSES = ["on-sale", "in-stock"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export interface ListingFilters {
  /** Decimal USD, compared with the displayed (discounted) price, inclusive. */
  minPrice?: number;
  maxPrice?: number;
  status?: ListingStatus;
  category?: string;
  subCategory?: string;
  brand?: string;
  searchText?: string;
  productType?: ProductType;
  featured?: boolean;
  sort?: SortOption;
  page?: number;
  pageSize?: number;
}

/** What this package needs of URLSearchParams: its lib has no DOM types, and a real one fits this shape. */
export interface SearchParamsReader {
  getAll(name: string): string[];
}

interface SearchParamsIterator<T> extends IteratorObject<T, BuiltinIteratorReturn, unknown> {
  [Symbol.iterator](): SearchParamsIterator<T>;
}

/** The WHATWG URLSearchParams interface, member for member, so it converts both ways with the DOM's type. */
export interface SearchParams {
  readonly size: number;
  append(name: string, value: string): void;
  delete(name: string, value?: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string, value?: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callbackfn: (value: string, key: string, parent: SearchParams) => void, thisArg?: unknown): void;
  [Symbol.iterator](): SearchParamsIterator<[string, string]>;
  entries(): SearchParamsIterator<[string, string]>;
  keys(): SearchParamsIterator<string>;
  values(): SearchParamsIterator<string>;
}

type QueryRecord = Record<string, string | string[] | undefined>;

function firstValue(params: SearchParamsReader | QueryRecord, name: string): string | undefined {
  if (typeof params.getAll === "function") return (params as SearchParamsReader).getAll(name)[0];
  const value = (params as QueryRecord)[name];
  return Array.isArray(value) ? value[0] : value;
}

/** decodeURIComponent that keeps the text as it is when it holds a malformed escape such as "100%". */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const NON_NEGATIVE_NUMBER = /^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const POSITIVE_INTEGER = /^\d+$/;

function parseNonNegative(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !NON_NEGATIVE_NUMBER.test(text)) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

function parsePositiveInteger(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !POSITIVE_INTEGER.test(text)) return undefined;
  const number = Number(text);
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

function parseSlug(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const slug = slugify(safeDecode(value));
  return slug === "" ? undefined : slug;
}

function oneOf<T extends string>(options: readonly T[], value: string | undefined): T | undefined {
  const text = value?.trim();
  return (options as readonly string[]).includes(text ?? "") ? (text as T) : undefined;
}

/**
 * Listing filters from the query string, leniently: a value that does not parse is dropped, never an error.
 * Prices must be numbers >= 0, page and pageSize whole numbers >= 1 (pageSize capped at MAX_PAGE_SIZE),
 * category/subCategory/brand are URL-decoded once more and slugified, featured is "true"/"1" or "false"/"0".
 */
export function parseListingQuery(params: SearchParamsReader | QueryRecord): ListingFilters {
  const filters: ListingFilters = {};
  const minPrice = parseNonNegative(firstValue(params, "minPrice"));
  if (minPrice !== undefined) filters.minPrice = minPrice;
  const maxPrice = parseNonNegative(firstValue(params, "maxPrice"));
  if (maxPrice !== undefined) filters.maxPrice = maxPrice;
  const status = oneOf(LISTING_STATUSES, firstValue(params, "status"));
  if (status) filters.status = status;
  const category = parseSlug(firstValue(params, "category"));
  if (category) filters.category = category;
  const subCategory = parseSlug(firstValue(params, "subCategory"));
  if (subCategory) filters.subCategory = subCategory;
  const brand = parseSlug(firstValue(params, "brand"));
  if (brand) filters.brand = brand;
  const searchText = firstValue(params, "searchText")?.trim();
  if (searchText) filters.searchText = searchText;
  const productType = oneOf(PRODUCT_TYPES, firstValue(params, "productType")?.toLowerCase());
  if (productType) filters.productType = productType;
  const featured = firstValue(params, "featured")?.trim().toLowerCase();
  if (featured === "true" || featured === "1") filters.featured = true;
  if (featured === "false" || featured === "0") filters.featured = false;
  const sort = oneOf(SORT_OPTIONS, firstValue(params, "sort"));
  if (sort) filters.sort = sort;
  const page = parsePositiveInteger(firstValue(params, "page"));
  if (page !== undefined) filters.page = page;
  const pageSize = parsePositiveInteger(firstValue(params, "pageSize"));
  if (pageSize !== undefined) filters.pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
  return filters;
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
  if (filters.sort) query.set("sort", filters.sort);
  whole("page", filters.page);
  whole("pageSize", filters.pageSize);
  return query;
}

export interface CatalogueProduct {
  id: string;
  title: string;
  price: number;
  discount?: number | null;
  status: string;
  quantity?: number;
  parent?: string | null;
  children?: string | null;
  brand?: { name: string } | null;
  category?: { name: string } | null;
  productType?: string | null;
  tags?: string[];
  description?: string;
  sku?: string;
  featured?: boolean;
  sellCount?: number;
  createdAt?: string;
}

type PricedProduct = Pick<CatalogueProduct, "price" | "discount">;

/** Percent off, forced into 0..100 so one bad record cannot break a whole listing. */
function discountOf(product: PricedProduct): number {
  const discount = product.discount ?? 0;
  return Number.isFinite(discount) ? Math.min(100, Math.max(0, discount)) : 0;
}

/** The price a shopper sees, in cents: the price minus the discount. */
function displayedPriceCents(product: PricedProduct): number {
  return discountedPriceCents(toCents(product.price), discountOf(product));
}

function matchesSlug(name: string | null | undefined, wanted: string): boolean {
  return typeof name === "string" && name !== "" && slugify(name) === slugify(wanted);
}

function matchesText(product: CatalogueProduct, text: string): boolean {
  const needle = text.toLowerCase();
  const haystacks = [
    product.title,
    product.description,
    product.brand?.name,
    product.sku,
    ...(product.tags ?? []),
  ];
  return haystacks.some((hay) => typeof hay === "string" && hay.toLowerCase().includes(needle));
}

/**
 * Products that pass every filter given. Price bounds are on the displayed (discounted) price; on-sale means
 * a discount above 0, in-stock means status "in-stock"; category matches the parent (else category.name),
 * subCategory the children, brand the brand name, all by slug; searchText is a case-insensitive substring of
 * the title, description, tags, brand or sku.
 */
export function filterProducts<P extends CatalogueProduct>(
  products: readonly P[],
  filters: ListingFilters,
): P[] {
  const valid = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);
  const minCents = valid(filters.minPrice) ? toCents(filters.minPrice) : null;
  const maxCents = valid(filters.maxPrice) ? toCents(filters.maxPrice) : null;
  const searchText = filters.searchText?.trim() ?? "";
  return products.filter((product) => {
    if (minCents !== null || maxCents !== null) {
      const price = displayedPriceCents(product);
      if (minCents !== null && price < minCents) return false;
      if (maxCents !== null && price > maxCents) return false;
    }
    if (filters.status === "on-sale" && !(discountOf(product) > 0)) return false;
    if (filters.status === "in-stock" && product.status !== "in-stock") return false;
    if (filters.category && !matchesSlug(product.parent || product.category?.name, filters.category))
      return false;
    if (filters.subCategory && !matchesSlug(product.children, filters.subCategory)) return false;
    if (filters.brand && !matchesSlug(product.brand?.name, filters.brand)) return false;
    if (filters.productType && product.productType !== filters.productType) return false;
    if (filters.featured !== undefined && (product.featured === true) !== filters.featured) return false;
    if (searchText !== "" && !matchesText(product, searchText)) return false;
    return true;
  });
}

type SortableProduct = PricedProduct & { createdAt?: string | null };

function createdTime(product: SortableProduct): number {
  const time = product.createdAt ? Date.parse(product.createdAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Products in the chosen order; ties keep their original order. low-to-high (and low-to-hight) and
 * high-to-low go by displayed price. new-added gives the 6 newest (8 for the "alt" variant), newest first:
 * newest by createdAt, and among products without one, later in the list is newer. on-sale gives only
 * discounted products, largest discount first. default-sorting (or none) keeps the original order.
 */
export function sortProducts<P extends SortableProduct>(
  products: readonly P[],
  sort: SortOption | undefined,
  variant: "default" | "alt" = "default",
): P[] {
  switch (sort) {
    case "low-to-high":
    case "low-to-hight":
      return products.toSorted((a, b) => displayedPriceCents(a) - displayedPriceCents(b));
    case "high-to-low":
      return products.toSorted((a, b) => displayedPriceCents(b) - displayedPriceCents(a));
    case "new-added": {
      const count = variant === "alt" ? NEW_ADDED_COUNT_ALT : NEW_ADDED_COUNT;
      return products
        .map((product, index) => ({ product, index, time: createdTime(product) }))
        .sort((a, b) => (a.time === b.time ? b.index - a.index : a.time < b.time ? 1 : -1))
        .slice(0, count)
        .map(({ product }) => product);
    }
    case "on-sale":
      return products.filter((p) => discountOf(p) > 0).toSorted((a, b) => discountOf(b) - discountOf(a));
    default:
      return [...products];
  }
}

/** The price filter's range: 0 to the highest listed price, rounded up to a whole dollar. */
export function priceRange(products: readonly PricedProduct[]): { min: 0; max: number } {
  const highestCents = products.reduce((max, product) => Math.max(max, toCents(product.price)), 0);
  const remainder = highestCents % 100;
  return { min: 0, max: (highestCents - remainder) / 100 + (remainder > 0 ? 1 : 0) };
}

export interface ProductPage<P> {
  items: P[];
  totalCount: number;
  /** 0 when nothing matches. */
  totalPages: number;
  currentPage: number;
  pageSize: number;
}

/**
 * Filter, sort and page in memory, for when the API is down. page defaults to 1 and pageSize to
 * DEFAULT_PAGE_SIZE (capped at MAX_PAGE_SIZE); a page past the end is empty.
 */
export function queryProducts<P extends CatalogueProduct>(
  products: readonly P[],
  filters: ListingFilters,
  variant: "default" | "alt" = "default",
): ProductPage<P> {
  const sorted = sortProducts(filterProducts(products, filters), filters.sort, variant);
  const pageSize =
    filters.pageSize !== undefined && Number.isSafeInteger(filters.pageSize) && filters.pageSize >= 1
      ? Math.min(filters.pageSize, MAX_PAGE_SIZE)
      : DEFAULT_PAGE_SIZE;
  const currentPage =
    filters.page !== undefined && Number.isSafeInteger(filters.page) && filters.page >= 1 ? filters.page : 1;
  const start = (currentPage - 1) * pageSize;
  return {
    items: sorted.slice(start, start + pageSize),
    totalCount: sorted.length,
    totalPages: Math.ceil(sorted.length / pageSize),
    currentPage,
    pageSize,
  };
}
