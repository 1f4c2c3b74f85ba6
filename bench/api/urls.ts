/**
 * The URLs the benchmark rotates over, drawn the way shoppers browse: listings over every sort, price range,
 * product type, category, brand and status, at pages up to 30 (within each listing's own pages), and searches
 * of one or two words, some with filters and sorts. Deterministic for a given catalogue.
 */
import { prng } from "../seed/bench-catalogue.ts";

export const PAGE_SIZE = 12;
export const MAX_PAGE = 30;
export const SORTS = ["default-sorting", "low-to-high", "high-to-low", "new-added", "on-sale"] as const;
/** Price ranges in USD: none, cheap, the middle, dear, and "from". */
const PRICE_RANGES = [
  "",
  "maxPrice=50",
  "minPrice=20&maxPrice=800",
  "minPrice=100&maxPrice=1000",
  "minPrice=500",
];
const STATUSES = ["", "status=in-stock", "status=on-sale"];

/** Answers a listing URL's X-Total-Count. */
export type TotalOf = (path: string) => Promise<number>;

const join = (...parts: string[]) => parts.filter(Boolean).join("&");
const pagesOf = (total: number) => Math.min(MAX_PAGE, Math.ceil(total / PAGE_SIZE));

/**
 * At least `count` distinct listing URLs: a scope (everything, a product type, a category, a brand, a
 * category and one of its brands), a sort, a price range and a status drawn at random; each filter's total
 * is asked once, and the page is drawn from its own pages (low pages more often, as shoppers go), so no URL
 * asks past the end. Filters with no match are drawn again.
 */
export async function listingUrls(
  count: number,
  catalogue: { types: string[]; categories: string[]; brands: string[]; pairs: [string, string][] },
  totalOf: TotalOf,
  seed = 7,
): Promise<string[]> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const scopes = [
    "",
    ...catalogue.types.map((t) => `productType=${t}`),
    ...catalogue.categories.map((c) => `category=${encodeURIComponent(c)}`),
    ...catalogue.brands.map((b) => `brand=${encodeURIComponent(b)}`),
    ...catalogue.pairs.map(([c, b]) => `category=${encodeURIComponent(c)}&brand=${encodeURIComponent(b)}`),
  ];
  const totals = new Map<string, number>();
  const urls = new Set<string>();
  let attempts = 0;
  while (urls.size < count && attempts++ < count * 20) {
    const sort = pick(SORTS);
    // The on-sale sort lists discounted products only and new-added the last 6, so their totals are their own.
    const filter = join(pick(scopes), pick(PRICE_RANGES), pick(STATUSES));
    const counted = sort === "on-sale" || sort === "new-added" ? `sort=${sort}` : "";
    const totalKey = `${filter}|${counted}`;
    let total = totals.get(totalKey);
    if (total === undefined) {
      total = await totalOf(`/api/product?${join(filter, counted)}&pageSize=1`);
      totals.set(totalKey, total);
    }
    if (total === 0) continue;
    const page = 1 + Math.floor(random() ** 2 * pagesOf(total));
    urls.add(`/api/product?${join(filter, `sort=${sort}`, `page=${page}`, `pageSize=${PAGE_SIZE}`)}`);
  }
  return [...urls];
}

/**
 * At least `count` distinct searches with results: one or two words from the catalogue's own vocabulary
 * (titles, brands, categories, tags; some of two letters), through /product/search or the listing's
 * searchText, mostly ranked by relevance, some with a filter or another sort, pages 1–3 as far as they go.
 */
export async function searchUrls(
  count: number,
  vocabulary: string[],
  filters: string[],
  totalOf: TotalOf,
  seed = 11,
): Promise<string[]> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const urls = new Set<string>();
  let attempts = 0;
  while (urls.size < count && attempts++ < count * 20) {
    const words = random() < 0.6 ? pick(vocabulary) : `${pick(vocabulary)} ${pick(vocabulary)}`;
    const q = encodeURIComponent(words);
    const base = random() < 0.5 ? `/api/product/search?query=${q}` : `/api/product?searchText=${q}`;
    const filter = random() < 0.3 ? pick(filters) : "";
    const sort = random() < 0.7 ? "" : `sort=${pick(SORTS)}`;
    const path = `${base}${filter ? `&${filter}` : ""}${sort ? `&${sort}` : ""}`;
    const total = await totalOf(`${path}&pageSize=1`);
    if (total === 0) continue;
    const page = 1 + Math.floor(random() * Math.min(3, pagesOf(total)));
    urls.add(`${path}&page=${page}&pageSize=${PAGE_SIZE}`);
  }
  return [...urls];
}

/** Words shoppers type: from product titles, brand, category and subcategory names, tags, and a few short ones. */
export function vocabularyOf(texts: string[]): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
      if (word.length >= 3 && !/^\d+$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const words = [...counts.keys()].sort();
  return [...words, "tv", "4k", "ea", "wi"];
}

/** A shopper's slip on a word of five letters or more: a letter dropped, doubled, swapped with the next or struck beside it. */
export function misspell(word: string, random: () => number): string {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default: {
      const near = "qwertyuiopasdfghjklzxcvbnm";
      const index = Math.max(0, near.indexOf(word[at]!));
      return word.slice(0, at) + near[(index + 1) % near.length] + word.slice(at + 1);
    }
  }
}

/**
 * At least `count` distinct forgiving searches with results, as shoppers type them: a catalogue word misspelt,
 * a synonym (Spanish or an English variant), a word in its other number, a hyphenated word without its hyphen,
 * accents on or off, and two words one of them misspelt; some filtered or sorted, through /product/search.
 */
export async function forgivingSearchUrls(
  count: number,
  vocabulary: string[],
  synonymTerms: string[],
  filters: string[],
  totalOf: TotalOf,
  seed = 13,
): Promise<string[]> {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const long = vocabulary.filter((w) => w.length >= 5);
  const urls = new Set<string>();
  let attempts = 0;
  while (urls.size < count && attempts++ < count * 20) {
    const kind = random();
    let words: string;
    if (kind < 0.4) words = misspell(pick(long), random);
    else if (kind < 0.6) words = pick(synonymTerms);
    else if (kind < 0.7) {
      const word = pick(long);
      words = word.endsWith("s") ? word.slice(0, -1) : `${word}s`;
    } else if (kind < 0.8) words = pick(synonymTerms).normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
    else words = `${pick(vocabulary)} ${misspell(pick(long), random)}`;
    const filter = random() < 0.2 ? pick(filters) : "";
    const sort = random() < 0.8 ? "" : `sort=${pick(SORTS)}`;
    const path = `/api/product/search?query=${encodeURIComponent(words)}${filter ? `&${filter}` : ""}${sort ? `&${sort}` : ""}`;
    const total = await totalOf(`${path}&pageSize=1`);
    if (total === 0) continue;
    const page = 1 + Math.floor(random() ** 2 * Math.min(3, pagesOf(total)));
    urls.add(`${path}&page=${page}&pageSize=${PAGE_SIZE}`);
  }
  return [...urls];
}

/**
 * At least `count` distinct suggestion requests, as the header asks while a shopper types: the first two to
 * eight letters of a catalogue word or a synonym, some misspelt, some after a first whole word.
 */
export function suggestionUrls(
  count: number,
  vocabulary: string[],
  synonymTerms: string[],
  seed = 17,
): string[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const urls = new Set<string>();
  let attempts = 0;
  while (urls.size < count && attempts++ < count * 20) {
    let word = random() < 0.8 ? pick(vocabulary) : pick(synonymTerms);
    if (random() < 0.25) word = misspell(word, random);
    const typed = word.slice(0, 2 + Math.floor(random() * 7));
    const query = random() < 0.2 ? `${pick(vocabulary)} ${typed}` : typed;
    urls.add(`/api/product/search/suggestions?query=${encodeURIComponent(query)}`);
  }
  return [...urls];
}
