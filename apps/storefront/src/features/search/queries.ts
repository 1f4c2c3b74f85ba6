/**
 * The search's server data through TanStack Query: the results page, "Did you mean …?" and the header's suggestions
 * while typing; results are answered from the sample catalogue when the API is down.
 */
import type { ListingFilters } from "@shop/domain/catalogue";
import type { SearchSuggestions } from "@shop/domain/search";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "#lib/api.ts";
import { firstScreenKeys } from "#lib/first-screen.ts";
import { withFallback } from "#lib/offline.ts";

export const searchQueries = {
  /** A page of what matches the words, with the URL's filters and `page` set. */
  results: (text: string, filters: ListingFilters) =>
    queryOptions({
      queryKey: firstScreenKeys.search(text, filters),
      queryFn: () =>
        withFallback(
          (c) => c.products.search(text, filters),
          (s) => s.products.search(text, filters),
        ),
      placeholderData: keepPreviousData,
    }),
  /** The closest query that has results, for a search that found nothing (none when the API is down). */
  didYouMean: (text: string) =>
    queryOptions({
      queryKey: firstScreenKeys.didYouMean(text),
      queryFn: () =>
        withFallback(
          (c) => c.products.didYouMean(text),
          () => ({ query: text, suggestion: null }),
        ),
      staleTime: 5 * 60_000,
    }),
  /** The suggestions for what is typed so far; aborted when the typing goes on. */
  suggestions: (query: string) =>
    queryOptions({
      queryKey: ["products", "suggestions", query],
      queryFn: ({ signal }): Promise<SearchSuggestions> =>
        api((client) => client.products.suggestions(query, signal)),
      staleTime: 60_000,
      // A failed suggestion is not worth a second try: the next keystroke asks again.
      retry: false,
    }),
};
