/**
 * The contract of the forgiving search: the header's suggestions while typing, the no-match page's
 * "Did you mean …?", and the synonyms the staff keep (docs/decisions/036-forgiving-search.md).
 */
import { z } from "zod";
import { id, isoDate } from "./schemas/fields.ts";
import { productTypeSchema } from "./schemas/public.ts";
import { foldSearchText } from "./search-words.ts";

/** Suggestions start after this many letters. */
export const SUGGEST_MIN_CHARS = 2;
/** At most this many products in the suggestions. */
export const SUGGEST_MAX_PRODUCTS = 6;
/** At most this many categories in the suggestions. */
export const SUGGEST_MAX_CATEGORIES = 3;
/** The longest term or meaning a synonym holds. */
export const SYNONYM_MAX_LENGTH = 80;

/** A product as the suggestions show it: a thumbnail, its title and its price in USD (as productSchema has it). */
export const suggestedProductSchema = z.object({
  id,
  title: z.string(),
  /** The product's first picture's URL, or null when it has none. */
  image: z.string().nullable(),
  /** Decimal USD before the discount, as in productSchema. */
  price: z.number(),
  /** Percent off, as in productSchema: the shown price is price less this; the old price is `price`. */
  discount: z.number(),
});
export type SuggestedProduct = z.infer<typeof suggestedProductSchema>;

/** A category as the suggestions show it; its page is /shop?category={slug}. */
export const suggestedCategorySchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  productType: productTypeSchema,
});
export type SuggestedCategory = z.infer<typeof suggestedCategorySchema>;

/** GET /api/product/search/suggestions?query=...: the products and categories the query (still being typed) finds. */
export const searchSuggestionsSchema = z.object({
  /** The query as the server read it (trimmed). */
  query: z.string(),
  products: z.array(suggestedProductSchema).max(SUGGEST_MAX_PRODUCTS),
  categories: z.array(suggestedCategorySchema).max(SUGGEST_MAX_CATEGORIES),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** GET /api/product/search/did-you-mean?query=...: the closest query that has results, or null. */
export const didYouMeanSchema = z.object({
  query: z.string(),
  suggestion: z.string().nullable(),
});
export type DidYouMean = z.infer<typeof didYouMeanSchema>;

const synonymText = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(SYNONYM_MAX_LENGTH, `must be at most ${SYNONYM_MAX_LENGTH} characters`)
  .regex(/[\p{L}\p{N}]/u, "must hold a letter or a digit");

/** A word or phrase shoppers type (`bocina`) and what it means in the catalogue (`speaker`). */
export const synonymSchema = z.object({
  id,
  term: z.string(),
  meaning: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Synonym = z.infer<typeof synonymSchema>;

/** Admin input for a synonym; a term and a meaning that read the same (case and accents aside) are refused. */
export const synonymInputSchema = z
  .object({ term: synonymText, meaning: synonymText })
  .refine((s) => foldSearchText(s.term) !== foldSearchText(s.meaning), {
    path: ["meaning"],
    message: "must differ from the term",
  });
export type SynonymInput = z.input<typeof synonymInputSchema>;
