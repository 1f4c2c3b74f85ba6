/**
 * How the forgiving search compares words: folding (case, accents, punctuation; @shop/domain/search-words), the typo budget by word length,
 * a bounded Damerau-Levenshtein distance (optimal string alignment), singular and plural forms, British and
 * American spellings, and a sound-alike key (docs/decisions/036-forgiving-search.md).
 */
import { foldedWords, foldSearchText } from "@shop/domain/search-words";
import { doubleMetaphone } from "double-metaphone";

// The folding is the domain's, shared with the storefront; the rest of this file is the API's own.
export { foldedWords, foldSearchText as fold };

/** Edits a word of this length may hold: two from nine letters, one from five, none below. */
export function allowedEdits(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * The optimal-string-alignment distance between a and b (insertions, deletions, substitutions, and swaps of two
 * neighbouring letters), or max + 1 as soon as it is known to exceed max: most vocabulary words are dismissed
 * after a row or two.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let before = new Array<number>(n + 1);
  let previous = new Array<number>(n + 1);
  let current = new Array<number>(n + 1);
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        d = Math.min(d, before[j - 2]! + 1);
      }
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const d = previous[n]!;
  return d > max ? max + 1 : d;
}

/** The word's other number in English and Spanish: watch ↔ watches, earring ↔ earrings, reloj ↔ relojes. */
export function numberForms(word: string): string[] {
  const forms = new Set<string>();
  if (word.length < 3) return [];
  forms.add(`${word}s`);
  forms.add(`${word}es`);
  if (word.endsWith("y")) forms.add(`${word.slice(0, -1)}ies`);
  if (word.endsWith("s") && word.length > 3) forms.add(word.slice(0, -1));
  if (word.endsWith("es") && word.length > 4) forms.add(word.slice(0, -2));
  if (word.endsWith("ies") && word.length > 4) forms.add(`${word.slice(0, -3)}y`);
  forms.delete(word);
  return [...forms];
}

/** British spellings as American ones and back: colour ↔ color, moisturiser ↔ moisturizer, jewellery ↔ jewelry. */
const SPELLINGS: [RegExp, string][] = [
  [/our(s?)$/, "or$1"],
  [/or(s?)$/, "our$1"],
  [/is(e|er|ers|es|ed|ing|ation|ations)$/, "iz$1"],
  [/iz(e|er|ers|es|ed|ing|ation|ations)$/, "is$1"],
  [/ys(e|er|ers|es|ed|ing)$/, "yz$1"],
  [/tre(s?)$/, "ter$1"],
  [/ter(s?)$/, "tre$1"],
  [/ellery$/, "elry"],
  [/elry$/, "ellery"],
  [/ogue(s?)$/, "og$1"],
  [/ence(s?)$/, "ense$1"],
];

export function spellingForms(word: string): string[] {
  const forms = new Set<string>();
  for (const [pattern, replacement] of SPELLINGS) {
    if (pattern.test(word)) forms.add(word.replace(pattern, replacement));
  }
  forms.delete(word);
  return [...forms];
}

/** The word's sound-alike key (Double Metaphone's primary code), for words of five letters or more. */
export function soundKey(word: string): string | null {
  if (word.length < 5 || /\d/.test(word)) return null;
  const [primary] = doubleMetaphone(word);
  return primary.length >= 3 ? primary : null;
}
