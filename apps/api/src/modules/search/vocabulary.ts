/**
 * The search vocabulary: every word the catalogue's search text holds (titles, SKUs, brands, categories,
 * subcategories, tags), folded, with how it is spelt there and in how many products; the categories and brands
 * by their words; the staff's synonyms. Built from the database once per listing version and kept until the
 * listing changes: product, category, brand and synonym writes announce it to every process
 * (catalogue-cache.ts), so every process answers from the same words.
 */
import { slugify } from "@shop/domain/catalogue";
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, categories, synonyms } from "../../db/schema.ts";
import { keptForListing } from "../products/catalogue-cache.ts";
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

async function buildVocabulary(db: Db): Promise<Vocabulary> {
  const [tokens, categoryRows, brandRows, synonymRows] = await Promise.all([
    db.execute(sql`
      select t as token, count(*)::int as n
      from product_listing, regexp_split_to_table(search_text, '\\s+') as t
      where t <> '' group by t`),
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
  const words = new Map<string, WordEntry>();
  for (const row of (tokens as unknown as { rows: { token: string; n: number }[] }).rows) {
    addToken(words, row.token, Number(row.n));
  }
  // The product types are words of the shop too ("jewelry"), though no search text spells them.
  for (const type of PRODUCT_TYPES) if (!words.has(type)) words.set(type, { surfaces: [type], count: 0 });
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
  const byLength = new Map<number, string[]>();
  const bySound = new Map<string, string[]>();
  const scanned = new Set([...words.keys(), ...[...synonymMap.keys()].filter((k) => !k.includes(" "))]);
  for (const key of scanned) {
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
  return {
    words,
    byLength,
    bySound,
    synonyms: synonymMap,
    synonymWords,
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      productType: c.productType as ProductType,
      keys: namingKeys(c.name),
      children: c.children.map((name) => ({ slug: slugify(name), keys: namingKeys(name) })),
    })),
    brands: brandRows.map((b) => ({ id: b.id, keys: namingKeys(b.name) })),
    productTypes: [...PRODUCT_TYPES],
  };
}

/** The vocabulary of the listing as it is now, built once per listing version (every process hears of changes). */
export function searchVocabulary(db: Db): Promise<Vocabulary> {
  return keptForListing(
    db,
    "search-vocabulary",
    (v) => 4096 + v.words.size * 120 + v.synonyms.size * 80,
    () => buildVocabulary(db),
  );
}
