/**
 * The URLs the benchmark rotates over, drawn the way shoppers browse: listings over every sort, price range,
 * product type, category, brand and status, at pages up to 30 (within each listing's own pages), and searches
 * of one or two words, some with filters and sorts. Deterministic for a given catalogue.
 */
import { prng } from "../src/seed/bench-catalogue.ts";

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
    // The on-sale sort lists discounted products only, so its total is its own.
    const filter = join(pick(scopes), pick(PRICE_RANGES), pick(STATUSES));
    const totalKey = `${filter}|${sort === "on-sale"}`;
    let total = totals.get(totalKey);
    if (total === undefined) {
      total = await totalOf(
        `/api/product?${join(filter, sort === "on-sale" ? "sort=on-sale" : "")}&pageSize=1`,
      );
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
