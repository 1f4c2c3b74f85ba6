// The catalogue query: listing filters read from the URL (written by listing-query.ts), filtering, sorting and paging in memory.
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  NEW_ADDED_COUNT,
  NEW_ADDED_COUNT_ALT,
  PRODUCT_TYPES,
  type ProductType,
} from "./constants.ts";
import { discountedPriceCents } from "./line-totals.ts";
import { slugify, toListingQuery } from "./listing-query.ts";
import { fromCents, toCents } from "./money.ts";
import { isColorOption, isSizeOption, optionSlug } from "./option-names.ts";
import { searchWords } from "./search-words.ts";

export { slugify, toListingQuery };

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

/**
 * The orders a listing can be in. Every one ends on the product id, so that equal products keep one order and
 * pages never overlap: newest (date added, newest first, then the greater id), price-asc and price-desc (the
 * displayed price, then the id the same way), sale (largest discount first, then the smaller id), relevance (to
 * the searched words: more of them in the title first, then shorter titles, then newest).
 */
export const LISTING_SORTS = ["newest", "price-asc", "price-desc", "sale", "relevance"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** How a storefront sort lists: in which order, whether only discounted products, and how many at most. */
export interface ListingOrder {
  sort: ListingSort;
  /** The on-sale sort lists only discounted products. */
  onSaleOnly: boolean;
  /** new-added lists the last NEW_ADDED_COUNT products (NEW_ADDED_COUNT_ALT in the alt variant); null: all. */
  limit: number | null;
}

const SORT_ORDERS: Record<SortOption, ListingSort> = {
  "default-sorting": "newest",
  "new-added": "newest",
  "low-to-high": "price-asc",
  "low-to-hight": "price-asc",
  "high-to-low": "price-desc",
  "on-sale": "sale",
};

/**
 * The listing rule of a storefront sort, the same for the API and the offline catalogue (spec sections 2 and 9):
 * default-sorting (or none) is the newest first, or by relevance when words are searched; new-added is the last 6
 * products, newest first (8 in the alt variant); on-sale lists only discounted products, largest discount first.
 */
export function listingOrder(
  sort: SortOption | undefined,
  options: { searching?: boolean; variant?: "default" | "alt" } = {},
): ListingOrder {
  const chosen = sort ?? "default-sorting";
  return {
    sort: chosen === "default-sorting" && options.searching ? "relevance" : SORT_ORDERS[chosen],
    onSaleOnly: chosen === "on-sale",
    limit:
      chosen === "new-added" ? (options.variant === "alt" ? NEW_ADDED_COUNT_ALT : NEW_ADDED_COUNT) : null,
  };
}

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
  /** Sizes (optionSlug's form): a product that comes in any of them. */
  size?: string[];
  /** Colours (optionSlug's form): a product that comes in any of them. */
  color?: string[];
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

/** Every query parameter a listing reads (parseListingQuery), for whoever keys pages on what they read. */
export const LISTING_QUERY_PARAMS = [
  "minPrice",
  "maxPrice",
  "status",
  "category",
  "subCategory",
  "brand",
  "size",
  "color",
  "searchText",
  "productType",
  "featured",
  "sort",
  "page",
  "pageSize",
] as const;

/**
 * Listing filters from the query string, leniently: a value that does not parse is dropped, never an error.
 * Prices must be numbers >= 0, page and pageSize whole numbers >= 1 (pageSize capped at MAX_PAGE_SIZE),
 * category/subCategory/brand are URL-decoded once more and slugified, featured is "true"/"1" or "false"/"0".
 */
/** A size or colour filter's values, repeated or comma-separated, in optionSlug's form, sorted, at most 20. */
function optionValues(params: SearchParamsReader | QueryRecord, name: string): string[] {
  const raw =
    "getAll" in params && typeof params.getAll === "function"
      ? params.getAll(name)
      : ([] as string[]).concat((params as QueryRecord)[name] ?? []);
  const values = raw.flatMap((v) => String(v).split(",")).map((v) => optionSlug(safeDecode(v)));
  return [...new Set(values.filter(Boolean))].sort().slice(0, 20);
}

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
  const size = optionValues(params, "size");
  if (size.length) filters.size = size;
  const color = optionValues(params, "color");
  if (color.length) filters.color = color;
  const sort = oneOf(SORT_OPTIONS, firstValue(params, "sort"));
  if (sort) filters.sort = sort;
  const page = parsePositiveInteger(firstValue(params, "page"));
  if (page !== undefined) filters.page = page;
  const pageSize = parsePositiveInteger(firstValue(params, "pageSize"));
  if (pageSize !== undefined) filters.pageSize = Math.min(pageSize, MAX_PAGE_SIZE);
  return filters;
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
  options?: readonly { name: string; values: readonly { value: string }[] }[];
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

/**
 * Whether a lower-cased text (with a space before it) holds a searched word as the API's listing matches it: a word
 * of three letters or more anywhere, a shorter one at the start of a word.
 */
function holdsWord(text: string, word: string): boolean {
  return word.length >= 3 ? text.includes(word) : text.includes(` ${word}`);
}

function matchesWords(product: CatalogueProduct, words: readonly string[]): boolean {
  const text = ` ${[
    product.title,
    product.description,
    product.brand?.name,
    product.sku,
    ...(product.tags ?? []),
  ]
    .filter((hay): hay is string => typeof hay === "string")
    .join(" ")
    .toLowerCase()}`;
  return words.every((word) => holdsWord(text, word));
}

/**
 * Products that pass every filter given. Price bounds are on the displayed (discounted) price; on-sale means
 * a discount above 0, in-stock means status "in-stock"; category matches the parent (else category.name),
 * subCategory the children, brand the brand name, all by slug; every word of searchText (search-words' rule)
 * is in the title, description, tags, brand or sku, ignoring case.
 */
/** A product that offers any of the values of its option `isKind` names. */
function comesIn(
  product: CatalogueProduct,
  isKind: (name: string) => boolean,
  slugs: readonly string[],
): boolean {
  return (product.options ?? []).some(
    (o) => isKind(o.name) && o.values.some((v) => slugs.includes(optionSlug(v.value))),
  );
}

export function filterProducts<P extends CatalogueProduct>(
  products: readonly P[],
  filters: ListingFilters,
): P[] {
  const valid = (n: number | undefined): n is number => n !== undefined && Number.isFinite(n);
  const minCents = valid(filters.minPrice) ? toCents(filters.minPrice) : null;
  const maxCents = valid(filters.maxPrice) ? toCents(filters.maxPrice) : null;
  const words = searchWords(filters.searchText);
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
    if (filters.size?.length && !comesIn(product, isSizeOption, filters.size)) return false;
    if (filters.color?.length && !comesIn(product, isColorOption, filters.color)) return false;
    if (words.length && !matchesWords(product, words)) return false;
    return true;
  });
}

type SortableProduct = PricedProduct & { id: string; title?: string; createdAt?: string | null };

function createdTime(product: SortableProduct): number {
  const time = product.createdAt ? Date.parse(product.createdAt) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

const byId = (a: SortableProduct, b: SortableProduct) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** Newest first; a product without a date is the oldest; equal dates, the greater id first. */
const newestFirst = (a: SortableProduct, b: SortableProduct) =>
  createdTime(b) - createdTime(a) || (createdTime(a) === createdTime(b) ? byId(b, a) : 0);

/** How many of the words a title holds, as the API ranks a search by them. */
function titleHits(product: SortableProduct, words: readonly string[]): number {
  const title = ` ${(product.title ?? "").toLowerCase()}`;
  return words.filter((word) => holdsWord(title, word)).length;
}

/**
 * Products in a listing's order (listingOrder): see LISTING_SORTS. Relevance ranks by the plain words the
 * offline catalogue has (the API's forgiving search ranks its corrections and synonyms too). on-sale keeps only
 * discounted products and new-added the last 6 (8 for the "alt" variant).
 */
export function sortProducts<P extends SortableProduct>(
  products: readonly P[],
  sort: SortOption | undefined,
  variant: "default" | "alt" = "default",
  searchText?: string,
): P[] {
  const words = searchWords(searchText);
  const rule = listingOrder(sort, { searching: words.length > 0, variant });
  const listed = rule.onSaleOnly ? products.filter((p) => discountOf(p) > 0) : [...products];
  const compare: Record<ListingSort, (a: P, b: P) => number> = {
    newest: newestFirst,
    "price-asc": (a, b) => displayedPriceCents(a) - displayedPriceCents(b) || byId(a, b),
    "price-desc": (a, b) => displayedPriceCents(b) - displayedPriceCents(a) || byId(b, a),
    sale: (a, b) => discountOf(b) - discountOf(a) || byId(a, b),
    relevance: (a, b) =>
      titleHits(b, words) - titleHits(a, words) ||
      (a.title ?? "").length - (b.title ?? "").length ||
      newestFirst(a, b),
  };
  const sorted = listed.sort(compare[rule.sort]);
  return rule.limit === null ? sorted : sorted.slice(0, rule.limit);
}

/**
 * The price filter's range, for the API and the offline catalogue alike: from 0 to the highest displayed price
 * (spec section 2; the filter compares the displayed price), in decimal USD.
 */
export function priceRangeOfCents(highestCents: number): { min: 0; max: number } {
  return { min: 0, max: fromCents(Math.max(0, highestCents)) };
}

/** The price filter's range over products: from 0 to the highest displayed price. */
export function priceRange(products: readonly PricedProduct[]): { min: 0; max: number } {
  return priceRangeOfCents(products.reduce((max, product) => Math.max(max, displayedPriceCents(product)), 0));
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
  const sorted = sortProducts(filterProducts(products, filters), filters.sort, variant, filters.searchText);
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
