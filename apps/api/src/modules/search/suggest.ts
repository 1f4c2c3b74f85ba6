/** Suggestions while typing and "Did you mean …?", both read from the vocabulary and the listing. */

import { LISTING_LIMITS } from "@shop/domain/catalogue";
import { fromCents } from "@shop/domain/money";
import {
  type DidYouMean,
  type SearchSuggestions,
  SUGGEST_MAX_CATEGORIES,
  SUGGEST_MAX_PRODUCTS,
  SUGGEST_MIN_CHARS,
} from "@shop/domain/search";
import { searchWords } from "@shop/domain/search-words";
import type { Db } from "../../db/client.ts";
import type { SearchPlan } from "./plan.ts";
import { cachedPlan } from "./search.ts";
import { allowedEdits, editDistance, fold, foldedWords, soundKey } from "./text.ts";
import { searchVocabulary, type Vocabulary } from "./vocabulary.ts";

/** At most this many words are read, as in the search itself. */
export const MAX_QUERY_WORDS = LISTING_LIMITS.maxSearchWords;

/** The query's words as the listing takes them (the domain's rule), the first MAX_QUERY_WORDS of them. */
export const queryWords = (query: string): string[] => searchWords(query).slice(0, MAX_QUERY_WORDS);

/** A product as the suggestions show it, in relevance order. */
export interface SuggestedRow {
  id: string;
  title: string;
  img: string;
  priceCents: number;
  discount: number;
  categoryId: string;
}

/**
 * What the suggestions ask of the catalogue's listing (modules/products/listing.ts, handed over by app.ts, so that
 * the search never imports the listing that imports it).
 */
export interface SuggestionListing {
  /** How many products the words, read by their plan, match. */
  matchCount(db: Db, words: string[], plan: SearchPlan): Promise<number>;
  /** The `limit` most relevant products of a plan. */
  topProducts(db: Db, plan: SearchPlan, limit: number): Promise<SuggestedRow[]>;
}

export async function searchSuggestions(
  db: Db,
  listing: SuggestionListing,
  rawQuery: string,
): Promise<SearchSuggestions> {
  const query = rawQuery.trim();
  const words = queryWords(query);
  if (fold(query).replace(/ /g, "").length < SUGGEST_MIN_CHARS || !words.length)
    return { query, products: [], categories: [] };
  const vocab = await searchVocabulary(db);
  // A query ending in a space has its last word complete; otherwise the last word is still being typed.
  const plan = cachedPlan(vocab, words, { prefixLast: !/\s$/.test(rawQuery) });
  if (!plan.units.length) return { query, products: [], categories: [] };
  const rows = await listing.topProducts(db, plan, SUGGEST_MAX_PRODUCTS);

  // Categories the query names first (by name before by a subcategory), then those of the products found.
  const score = new Map<string, number>();
  const add = (id: string, points: number) => score.set(id, (score.get(id) ?? 0) + points);
  for (const unit of plan.units) {
    for (const id of unit.categories) add(id, 100);
    for (const category of vocab.categories) {
      if (category.children.some((child) => unit.subcategories.includes(child.slug))) add(category.id, 10);
    }
  }
  for (const [index, row] of rows.entries()) add(row.categoryId, SUGGEST_MAX_PRODUCTS - index);
  const categories = vocab.categories
    .filter((c) => score.has(c.id))
    .sort((a, b) => score.get(b.id)! - score.get(a.id)! || a.name.localeCompare(b.name))
    .slice(0, SUGGEST_MAX_CATEGORIES)
    .map((c) => ({ id: c.id, name: c.name, slug: c.slug, productType: c.productType }));

  return {
    query,
    products: rows.map((r) => ({
      id: r.id,
      title: r.title,
      image: r.img || null,
      price: fromCents(r.priceCents),
      discount: r.discount,
    })),
    categories,
  };
}

/**
 * The catalogue word nearest a word nothing knows: one edit more than the search allows (one for a word of four
 * letters or fewer, two up to eight, three beyond), commonest first, never a word of fewer than three letters
 * ("blue" is not "be": a word with no near neighbour is left out of the suggestion).
 */
function nearestWord(vocab: Vocabulary, word: string): string | null {
  const budget = Math.max(allowedEdits(word.length), word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3);
  let best: { key: string; d: number; n: number } | null = null;
  for (let length = Math.max(3, word.length - budget); length <= word.length + budget; length++) {
    for (const key of vocab.byLength.get(length) ?? []) {
      const d = editDistance(word, key, budget);
      if (d > budget) continue;
      const n = vocab.words.get(key)?.count ?? (vocab.synonyms.has(key) ? 1 : 0);
      if (n === 0) continue;
      if (!best || d < best.d || (d === best.d && n > best.n)) best = { key, d, n };
    }
  }
  if (best) return best.key;
  const sound = soundKey(word);
  const alike = sound
    ? (vocab.bySound.get(sound) ?? []).filter((k) => (vocab.words.get(k)?.count ?? 0) > 0)
    : [];
  return alike[0] ?? null;
}

/** How the catalogue spells a word (t-shirt rather than tshirt). */
const spelt = (vocab: Vocabulary, key: string) => vocab.words.get(key)?.surfaces[0] ?? key;

async function hasResults(
  db: Db,
  listing: SuggestionListing,
  vocab: Vocabulary,
  query: string,
): Promise<number> {
  const words = queryWords(query);
  if (!words.length) return 0;
  return listing.matchCount(db, words, cachedPlan(vocab, words));
}

/**
 * The closest query that finds something: each word nothing knows replaced by the nearest catalogue word (a
 * word with results left as it is); if that still finds nothing, the query's single word that finds the most.
 * Null when the query is already as the catalogue spells it, or nothing near finds anything.
 */
export async function didYouMean(db: Db, listing: SuggestionListing, rawQuery: string): Promise<DidYouMean> {
  const query = rawQuery.trim();
  const words = [...new Set(foldedWords(query))].slice(0, MAX_QUERY_WORDS);
  if (!words.length) return { query, suggestion: null };
  const vocab = await searchVocabulary(db);
  const known = (w: string) => vocab.words.has(w) || vocab.synonyms.has(w);
  const corrected = words.map((w) => (known(w) ? w : nearestWord(vocab, w))).filter((w): w is string => !!w);
  const original = words.join(" ");
  const candidates: string[] = [];
  if (corrected.length) candidates.push(corrected.map((w) => spelt(vocab, w)).join(" "));
  for (const candidate of candidates) {
    if (fold(candidate) !== original && (await hasResults(db, listing, vocab, candidate)) > 0)
      return { query, suggestion: candidate };
  }
  if ((await hasResults(db, listing, vocab, query)) > 0) return { query, suggestion: null };
  // Several words that find nothing together: the one that finds the most alone.
  let best: { word: string; n: number } | null = null;
  if (corrected.length > 1) {
    for (const word of new Set(corrected)) {
      const n = await hasResults(db, listing, vocab, spelt(vocab, word));
      if (n > 0 && (!best || n > best.n)) best = { word: spelt(vocab, word), n };
    }
  }
  return { query, suggestion: best?.word ?? null };
}
