/**
 * How a shopper's search text becomes words, written once for the API's listing and suggestions and the storefront:
 * split on whitespace, lower case, each word once (in the order first typed), at most LISTING_LIMITS.maxSearchWords
 * of them; and the folding the forgiving search compares words with.
 */
import { LISTING_LIMITS } from "./catalogue.ts";

/** The words of a search, lower case, each once, in the order first typed: "Gold gold Ring" → ["gold", "ring"]. */
export function searchWords(...texts: (string | null | undefined)[]): string[] {
  const words = texts.flatMap((text) => (text ?? "").toLowerCase().split(/\s+/)).filter(Boolean);
  return [...new Set(words)];
}

/**
 * Search text as the API takes it: its first maxSearchWords distinct words (a repeated word, in any case, kept
 * once, as typed the first time), at most maxText characters; "" when nothing is left.
 */
export function searchTextForApi(text: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (!word || seen.has(word.toLowerCase())) continue;
    if (kept.length === LISTING_LIMITS.maxSearchWords) break;
    seen.add(word.toLowerCase());
    kept.push(word);
  }
  return kept.join(" ").slice(0, LISTING_LIMITS.maxText).trim();
}

/** Lower case, accents off, runs of anything but letters and digits as one space: how search compares words. */
export function foldSearchText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The folded words of a text: "Men's T-Shirt" → ["men", "s", "t", "shirt"]. */
export const foldedWords = (text: string): string[] => foldSearchText(text).split(" ").filter(Boolean);
