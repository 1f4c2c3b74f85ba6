/** The forgiving search as the listing and the suggestions use it: a query's plan, read against the vocabulary of now. */
import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client.ts";
import { type PlanOptions, planSearch, type SearchPlan } from "./plan.ts";
import { searchVocabulary, type Vocabulary } from "./vocabulary.ts";

/** Plans per vocabulary: a new vocabulary (the listing or the synonyms changed) starts with none. */
const plans = new WeakMap<Vocabulary, LRUCache<string, SearchPlan>>();

export function cachedPlan(vocab: Vocabulary, words: string[], options: PlanOptions = {}): SearchPlan {
  let cache = plans.get(vocab);
  if (!cache) {
    cache = new LRUCache({ max: 2000 });
    plans.set(vocab, cache);
  }
  const key = `${options.prefixLast ? "p" : "w"}\u0000${words.join("\u0000")}`;
  let plan = cache.get(key);
  if (!plan) {
    plan = planSearch(vocab, words, options);
    cache.set(key, plan);
  }
  return plan;
}

/** The plan of a query's words (from @shop/domain/search-words' searchWords) against the vocabulary of now. */
export async function planWords(db: Db, words: string[]): Promise<SearchPlan> {
  return cachedPlan(await searchVocabulary(db), words);
}
