/**
 * The search vocabulary: every word the catalogue's search text holds (titles, brands, categories, subcategories,
 * tags; not SKUs, which are found as typed), folded, with how it is spelt there and in how many products; the
 * categories and brands by their words; the staff's synonyms. Product, category, brand and synonym writes announce a listing change to
 * every process (catalogue-cache.ts): the synonyms, categories and brands are then read again before the next
 * search, the catalogue's words behind it (searchVocabulary).
 */
import { slugify } from "@shop/domain/catalogue";
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { gt } from "drizzle-orm";
import { cachedForListing, staleWhileRevalidate } from "../../catalogue-cache/catalogue-cache.ts";
import type { Db } from "../../db/client.ts";
import { brands } from "../brands/tables.ts";
import { categories } from "../categories/tables.ts";
import { searchWords, synonyms } from "./tables.ts";
import { fold, foldedWords, soundKey } from "./text.ts";

export interface WordEntry {
  /** The word as the search text spells it (lower case, accents and hyphens kept): what LIKE looks for. */
  surfaces: string[];
  /** How many products hold it. */
  count: number;
}

export interface CategoryEntry {
  id: string;
  name: string;
  slug: string;
  productType: ProductType;
  /** The folded words of its name that can name it ("rings"; not "men" or "and"). */
  keys: Set<string>;
  children: { slug: string; keys: Set<string> }[];
}

export interface BrandEntry {
  id: string;
  keys: Set<string>;
}

export interface Vocabulary {
  words: Map<string, WordEntry>;
  /** Words and one-word synonym terms by length, for the typo scan. */
  byLength: Map<number, string[]>;
  /** Words of five letters or more by their sound-alike key. */
  bySound: Map<string, string[]>;
  /** Folded phrase → the folded phrases it means, both ways (`bocina` → `speaker`, `speaker` → `bocina`). */
  synonyms: Map<string, string[]>;
  /** The longest synonym term, in words. */
  synonymWords: number;
  categories: CategoryEntry[];
  brands: BrandEntry[];
  /** The product types (electronics, fashion, beauty, jewelry): words a shopper may search by too. */
  productTypes: string[];
}

/** Words too common in category names to name one. */
const NOT_NAMING = new Set(["and", "y", "de", "the", "men", "mens", "women", "womens", "s"]);

const MAX_SURFACES = 4;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const INNER_PUNCTUATION = /[^\p{L}\p{N}]+/u;

function addWord(words: Map<string, WordEntry>, key: string, surface: string, count: number) {
  if (key.length < 2) return;
  const entry = words.get(key);
  if (!entry) {
    words.set(key, { surfaces: [surface], count });
    return;
  }
  entry.count += count;
  if (!entry.surfaces.includes(surface) && entry.surfaces.length < MAX_SURFACES) entry.surfaces.push(surface);
}

/** One token of the search text: "t-shirt" gives tshirt (spelt "t-shirt") and shirt; "women's" gives womens and women. */
export function addToken(words: Map<string, WordEntry>, token: string, count: number) {
  const trimmed = token.replace(EDGE_PUNCTUATION, "");
  if (!trimmed) return;
  const parts = trimmed.split(INNER_PUNCTUATION).filter(Boolean);
  if (parts.length > 1) addWord(words, parts.map(fold).join(""), trimmed, count);
  for (const part of parts) addWord(words, fold(part), part, count);
}

const namingKeys = (name: string) => new Set(foldedWords(name).filter((w) => !NOT_NAMING.has(w)));

function addPhrase(map: Map<string, string[]>, from: string, to: string) {
  const list = map.get(from);
  if (!list) map.set(from, [to]);
  else if (!list.includes(to)) list.push(to);
}

/** The catalogue's words with their length and sound-alike indexes: one pass over every product's search text. */
interface Words {
  words: Map<string, WordEntry>;
  byLength: Map<number, string[]>;
  bySound: Map<string, string[]>;
}

/** What else a search reads: the staff's synonyms, the categories and brands, and their indexes. */
type Terms = Pick<Vocabulary, "synonyms" | "synonymWords" | "categories" | "brands"> & {
  byLength: Map<number, string[]>;
  bySound: Map<string, string[]>;
};

function indexed(keys: Iterable<string>) {
  const byLength = new Map<number, string[]>();
  const bySound = new Map<string, string[]>();
  for (const key of keys) {
    const list = byLength.get(key.length);
    if (list) list.push(key);
    else byLength.set(key.length, [key]);
    const sound = soundKey(key);
    if (sound) {
      const same = bySound.get(sound);
      if (same) same.push(key);
      else bySound.set(sound, [key]);
    }
  }
  return { byLength, bySound };
}

async function buildWords(db: Db): Promise<Words> {
  // Kept in step by triggers on products (drizzle/0008_search_words.sql): a few thousand rows, not every product.
  const rows = await db
    .select({ word: searchWords.word, occurrences: searchWords.occurrences })
    .from(searchWords)
    .where(gt(searchWords.occurrences, 0));
  const words = new Map<string, WordEntry>();
  for (const row of rows) addToken(words, row.word, row.occurrences);
  // The product types are words of the shop too ("jewelry"), though no search text spells them.
  for (const type of PRODUCT_TYPES) if (!words.has(type)) words.set(type, { surfaces: [type], count: 0 });
  return { words, ...indexed(words.keys()) };
}

async function buildTerms(db: Db): Promise<Terms> {
  const [categoryRows, brandRows, synonymRows] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        productType: categories.productType,
        children: categories.children,
      })
      .from(categories),
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ term: synonyms.term, meaning: synonyms.meaning }).from(synonyms),
  ]);
  const synonymMap = new Map<string, string[]>();
  let synonymWords = 1;
  for (const row of synonymRows) {
    const term = fold(row.term);
    const meaning = fold(row.meaning);
    if (!term || !meaning || term === meaning) continue;
    addPhrase(synonymMap, term, meaning);
    addPhrase(synonymMap, meaning, term);
    synonymWords = Math.max(synonymWords, term.split(" ").length, meaning.split(" ").length);
  }
  return {
    synonyms: synonymMap,
    synonymWords,
    ...indexed([...synonymMap.keys()].filter((k) => !k.includes(" "))),
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      productType: c.productType as ProductType,
      keys: namingKeys(c.name),
      children: c.children.map((name) => ({ slug: slugify(name), keys: namingKeys(name) })),
    })),
    brands: brandRows.map((b) => ({ id: b.id, keys: namingKeys(b.name) })),
  };
}

/** Two indexes as one, each key once. */
function merged(a: Map<number, string[]>, b: Map<number, string[]>): Map<number, string[]>;
function merged(a: Map<string, string[]>, b: Map<string, string[]>): Map<string, string[]>;
function merged<K>(a: Map<K, string[]>, b: Map<K, string[]>): Map<K, string[]> {
  const out = new Map(a);
  for (const [key, list] of b) {
    const mine = out.get(key);
    out.set(key, mine ? [...new Set([...mine, ...list])] : list);
  }
  return out;
}

/** The vocabulary of a pair of parts, made once per pair. */
const assembled = new WeakMap<Words, { terms: Terms; vocabulary: Vocabulary }>();

function assemble(words: Words, terms: Terms): Vocabulary {
  const hit = assembled.get(words);
  if (hit?.terms === terms) return hit.vocabulary;
  const vocabulary: Vocabulary = {
    words: words.words,
    byLength: merged(words.byLength, terms.byLength),
    bySound: merged(words.bySound, terms.bySound),
    synonyms: terms.synonyms,
    synonymWords: terms.synonymWords,
    categories: terms.categories,
    brands: terms.brands,
    productTypes: [...PRODUCT_TYPES],
  };
  assembled.set(words, { terms, vocabulary });
  return vocabulary;
}

/**
 * The vocabulary of the listing: the staff's synonyms, categories and brands as they are now (small, read again
 * once per listing version, so a synonym changes results at once); the catalogue's words read once, then after
 * each listing change read again behind while the words read before answer (a search never waits for it after the
 * first; a new word is still found as typed meanwhile, only not yet corrected to).
 */
export async function searchVocabulary(db: Db): Promise<Vocabulary> {
  const [words, terms] = await Promise.all([
    staleWhileRevalidate(db, "search-words", () => buildWords(db)),
    cachedForListing(
      db,
      "search-terms",
      (t) => 4096 + t.synonyms.size * 80 + (t.categories.length + t.brands.length) * 200,
      () => buildTerms(db),
    ),
  ]);
  return assemble(words, terms);
}
