/**
 * A shopper's query read against the vocabulary: each word (or words that belong together: `t shirt`,
 * `smart phone`, a synonym's phrase) becomes a unit the product must match one way or another: as typed
 * (as today's search did, anywhere in the search text), in its other number or spelling, corrected within the
 * typo budget, through a synonym, or (the last word, while typing) as a prefix. The listing turns units into
 * SQL conditions and a rank (listing.ts).
 */
import { containing, escapeLike } from "../../db/match.ts";
import {
  allowedEdits,
  editDistance,
  fold,
  foldedWords,
  numberForms,
  soundKey,
  spellingForms,
} from "./text.ts";
import type { Vocabulary } from "./vocabulary.ts";

/** What a product must hold for one unit of the query, and how its rank is told. */
export interface SearchUnit {
  /** The unit as the shopper typed it, folded. */
  text: string;
  /** Alternatives, any one of which is enough; an alternative is slots that must all match; a slot, LIKE patterns of which one must. */
  match: string[][][];
  /** Title patterns, by strength: the word itself (or its number or spelling) at a word's start... */
  exact: string[];
  /** ...a synonym's word... */
  synonym: string[];
  /** ...a correction. */
  fuzzy: string[];
  /** Inside a title word: as typed, or corrected (`iphone` → the `phone` of "Smartphone"). */
  within: string[];
  /** The categories, subcategories (slugs) and brands this unit names. */
  categories: string[];
  subcategories: string[];
  brands: string[];
  /** The product types it names (`jewelry`): their products match it as well. */
  productTypes: string[];
  /** False when nothing in the catalogue or the synonyms answers to it (it can then only match as a substring). */
  known: boolean;
}

export interface SearchPlan {
  units: SearchUnit[];
}

/** Words that join others ("aretes de perla", "case for phone"): left out of a query that has other words. */
const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "for",
  "of",
  "the",
  "with",
  "in",
  "on",
  "to",
  "de",
  "del",
  "la",
  "el",
  "los",
  "las",
  "para",
  "con",
  "y",
  "en",
  "un",
  "una",
  "por",
]);

const MAX_FUZZY = 6;
const MAX_PREFIX = 12;
const MAX_SURFACES_PER_UNIT = 24;

/** LIKE pattern for a spelling anywhere; one or two letters only at a word's start (they have no trigram). */
const anywhere = (surface: string) =>
  surface.length >= 3 ? `%${escapeLike(surface)}%` : `% ${escapeLike(surface)}%`;
const wordStart = (surface: string) => `% ${escapeLike(surface)}%`;

interface Expansion {
  exact: Set<string>;
  fuzzy: Set<string>;
  /** Synonym phrases (folded), to be matched word by word. */
  phrases: Set<string>;
}

/** Vocabulary words within the typo budget of `word`, nearest and commonest first. */
function corrections(vocab: Vocabulary, word: string, budget: number): string[] {
  if (budget <= 0) return [];
  const found: { key: string; d: number; n: number }[] = [];
  for (let length = word.length - budget; length <= word.length + budget; length++) {
    for (const key of vocab.byLength.get(length) ?? []) {
      const d = editDistance(word, key, budget);
      if (d <= budget) found.push({ key, d, n: vocab.words.get(key)?.count ?? 0 });
    }
  }
  return found
    .sort((a, b) => a.d - b.d || b.n - a.n)
    .slice(0, MAX_FUZZY)
    .map((f) => f.key);
}

/** Sound-alike words (`neckless` → `necklace`) when nothing closer exists, still within three edits. */
function soundAlikes(vocab: Vocabulary, word: string): string[] {
  const key = soundKey(word);
  if (!key) return [];
  return (vocab.bySound.get(key) ?? [])
    .filter((k) => editDistance(word, k, 3) <= 3)
    .sort((a, b) => (vocab.words.get(b)?.count ?? 0) - (vocab.words.get(a)?.count ?? 0))
    .slice(0, MAX_FUZZY);
}

/** The forms of a word the vocabulary or the synonyms know: itself, its other number, its other spelling. */
function knownForms(vocab: Vocabulary, word: string): string[] {
  const forms = [word, ...numberForms(word)];
  for (const spelt of spellingForms(word)) forms.push(spelt, ...numberForms(spelt));
  return [...new Set(forms)].filter((f) => vocab.words.has(f) || vocab.synonyms.has(f));
}

/** Whether some start of `key` (a letter or two shorter or longer than `word`) is within `budget` edits of it. */
function nearPrefix(word: string, key: string, budget: number): boolean {
  for (let length = word.length - budget; length <= word.length + budget; length++) {
    if (length < 1 || length > key.length) continue;
    if (editDistance(word, key.slice(0, length), budget) <= budget) return true;
  }
  return false;
}

/** Vocabulary words that start with `word` (or, from five letters, with a near miss of it), commonest first. */
function completions(vocab: Vocabulary, word: string): { exact: string[]; fuzzy: string[] } {
  const exact: { key: string; n: number }[] = [];
  const fuzzy: { key: string; n: number }[] = [];
  const budget = allowedEdits(word.length);
  for (const [key, entry] of vocab.words) {
    if (key.length <= word.length) continue;
    if (key.startsWith(word)) exact.push({ key, n: entry.count });
    else if (budget > 0 && nearPrefix(word, key, budget)) fuzzy.push({ key, n: entry.count });
  }
  const top = (list: { key: string; n: number }[]) =>
    list
      .sort((a, b) => b.n - a.n)
      .slice(0, MAX_PREFIX)
      .map((e) => e.key);
  return { exact: top(exact), fuzzy: top(fuzzy) };
}

function expandWord(vocab: Vocabulary, word: string, prefix: boolean): Expansion {
  const exact = new Set(knownForms(vocab, word));
  const fuzzy = new Set<string>();
  if (!exact.size) {
    for (const key of corrections(vocab, word, allowedEdits(word.length))) fuzzy.add(key);
    if (!fuzzy.size) for (const key of soundAlikes(vocab, word)) fuzzy.add(key);
  }
  if (prefix) {
    const more = completions(vocab, word);
    for (const key of more.exact) exact.add(key);
    for (const key of more.fuzzy) if (!exact.has(key)) fuzzy.add(key);
  }
  const phrases = new Set<string>();
  for (const key of [...exact, ...fuzzy])
    for (const phrase of vocab.synonyms.get(key) ?? []) phrases.add(phrase);
  return { exact, fuzzy, phrases };
}

/** How the catalogue spells a folded word (or, unknown, the word itself). */
const surfacesOf = (vocab: Vocabulary, key: string): string[] => vocab.words.get(key)?.surfaces ?? [key];

/** The forms of a word the catalogue itself holds (a synonym's word, say `oro`, may be in no product). */
const catalogueForms = (vocab: Vocabulary, word: string) =>
  knownForms(vocab, word).filter((f) => vocab.words.has(f));

/**
 * A slot for one word of a synonym's phrase: the catalogue's forms of it, or null when the catalogue has none
 * (matched as a fragment, `oro` would find the brand Orocielo).
 */
function phraseSlot(vocab: Vocabulary, word: string): string[] | null {
  const forms = catalogueForms(vocab, word);
  return forms.length ? [...new Set(forms.flatMap((f) => surfacesOf(vocab, f)).map(anywhere))] : null;
}

function buildUnit(vocab: Vocabulary, text: string, raw: string[], expansion: Expansion): SearchUnit {
  const typed = [...new Set([fold(text), ...raw])].filter(Boolean);
  const words = text.split(" ");
  // As typed: the word anywhere (today's search), accents as typed or folded. Several words: each anywhere when
  // each is a catalogue word (`lip-balm`), else as typed only (`1=1` is not 1 and 1).
  const match: string[][][] = [];
  if (words.length === 1) match.push([typed.map(anywhere)]);
  else {
    // One typed word (t-shirt) as typed; words typed apart (t shirt) each anywhere, as today's search.
    if (raw.length === 1) match.push([raw.map(anywhere)]);
    if (raw.length !== 1 || words.every((w) => w.length >= 2 && knownForms(vocab, w).length))
      match.push(words.map((w) => [anywhere(w)]));
  }
  const exactSurfaces = [...expansion.exact]
    .flatMap((k) => surfacesOf(vocab, k))
    .slice(0, MAX_SURFACES_PER_UNIT);
  const fuzzySurfaces = [...expansion.fuzzy]
    .flatMap((k) => surfacesOf(vocab, k))
    .slice(0, MAX_SURFACES_PER_UNIT);
  const single = [...new Set([...exactSurfaces, ...fuzzySurfaces])];
  if (single.length) match.push([single.map(anywhere)]);
  const synonym: string[] = [];
  for (const phrase of expansion.phrases) {
    const phraseWords = phrase.split(" ");
    // A phrase the catalogue writes as one word (t shirt → t-shirt) is matched as that word too.
    const joined = phraseWords.join("");
    if (phraseWords.length > 1) {
      const whole = phraseSlot(vocab, joined);
      if (whole) match.push([whole]);
    }
    const slots = phraseWords.map((w) => phraseSlot(vocab, w));
    if (slots.every((slot) => slot !== null)) match.push(slots as string[][]);
    for (const form of catalogueForms(vocab, joined)) synonym.push(...surfacesOf(vocab, form).map(wordStart));
  }
  const naming = new Set([
    ...expansion.exact,
    ...expansion.fuzzy,
    ...[...expansion.phrases].flatMap((p) => p.split(" ").flatMap((w) => [w, ...numberForms(w)])),
  ]);
  if (words.length > 1) naming.add(words.join(""));
  const names = (keys: Set<string>) => [...keys].some((k) => naming.has(k));
  return {
    text,
    match,
    exact: [...new Set([...typed.map(wordStart), ...exactSurfaces.map(wordStart)])],
    synonym: [...new Set(synonym)],
    fuzzy: [...new Set(fuzzySurfaces.map(wordStart))],
    within: [...new Set([containing(typed[0] ?? text), ...fuzzySurfaces.map(containing)])],
    categories: vocab.categories.filter((c) => names(c.keys)).map((c) => c.id),
    subcategories: [
      ...new Set(vocab.categories.flatMap((c) => c.children.filter((s) => names(s.keys)).map((s) => s.slug))),
    ],
    brands: vocab.brands.filter((b) => names(b.keys)).map((b) => b.id),
    productTypes: vocab.productTypes.filter((t) => naming.has(t)),
    known: expansion.exact.size + expansion.fuzzy.size + expansion.phrases.size > 0,
  };
}

/** A unit matched as typed and nothing else. */
function literalUnit(raw: string): SearchUnit {
  return {
    text: raw,
    match: [[[anywhere(raw)]]],
    exact: [wordStart(raw)],
    synonym: [],
    fuzzy: [],
    within: [containing(raw)],
    categories: [],
    subcategories: [],
    brands: [],
    productTypes: [],
    known: false,
  };
}

export interface PlanOptions {
  /** The last word is still being typed: it also matches as the start of a word. */
  prefixLast?: boolean;
}

/**
 * Reads a query's words (lower case, as the listing takes them) into units: a run of words that is a synonym
 * term or, joined, a catalogue word (`smart phone` → smartphone) becomes one unit; a word that is two catalogue
 * words run together (`lipbalm`) matches both.
 */
export function planSearch(vocab: Vocabulary, rawWords: string[], options: PlanOptions = {}): SearchPlan {
  // Folded words, each remembering the raw word it came from (t-shirt → t, shirt).
  const items: { word: string; raw: string }[] = [];
  // A word of no letter or digit (`%`, `--`) can only match as typed.
  const literal: SearchUnit[] = [];
  for (const raw of rawWords) {
    const words = foldedWords(raw);
    if (!words.length) literal.push(literalUnit(raw.toLowerCase()));
    for (const word of words) items.push({ word, raw: raw.toLowerCase() });
  }
  // Joining words are left out, unless the query is nothing else (or the shopper is still typing the last one).
  const kept = items.filter(
    (item, index) =>
      !STOP_WORDS.has(item.word) || (options.prefixLast === true && index === items.length - 1),
  );
  if (kept.length && kept.length < items.length) items.splice(0, items.length, ...kept);
  const units: SearchUnit[] = [...literal];
  let i = 0;
  while (i < items.length) {
    const last = (end: number) => options.prefixLast === true && end === items.length;
    let taken = 0;
    // The longest run (up to the synonyms' longest phrase, or two words joined) that means something as one.
    for (let n = Math.min(Math.max(vocab.synonymWords, 2), items.length - i); n >= 2 && !taken; n--) {
      const run = items.slice(i, i + n);
      const phrase = run.map((r) => r.word).join(" ");
      const joined = run.map((r) => r.word).join("");
      const synonyms = vocab.synonyms.get(phrase);
      const sameRaw = run.every((r) => r.raw === run[0]!.raw);
      if (synonyms || vocab.words.has(joined) || (sameRaw && n === 2)) {
        const expansion = expandWord(vocab, joined, last(i + n));
        for (const p of synonyms ?? []) expansion.phrases.add(p);
        if (vocab.words.has(joined)) expansion.exact.add(joined);
        units.push(buildUnit(vocab, phrase, [...new Set(run.map((r) => r.raw))], expansion));
        taken = n;
      }
    }
    if (taken) {
      i += taken;
      continue;
    }
    const { word, raw } = items[i]!;
    const expansion = expandWord(vocab, word, last(i + 1));
    if (!expansion.exact.size && !expansion.fuzzy.size) {
      // Two catalogue words run together: lipbalm → lip balm.
      for (let cut = 2; cut <= word.length - 2; cut++) {
        const a = word.slice(0, cut);
        const b = word.slice(cut);
        if (vocab.words.has(a) && vocab.words.has(b)) {
          expansion.phrases.add(`${a} ${b}`);
          break;
        }
      }
    }
    units.push(buildUnit(vocab, word, raw === word ? [] : [raw], expansion));
    i++;
  }
  return { units };
}
