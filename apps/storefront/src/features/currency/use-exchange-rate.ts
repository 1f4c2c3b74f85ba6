/** The USD->DOP rate, cached by TanStack Query as long as the rules say (an hour; a fallback a minute). */
import { type DisplayRate, displayRate, rateLifetimeMs } from "@shop/domain/exchange";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { loadApi } from "#lib/api.ts";
import { firstScreenKeys } from "#lib/first-screen.ts";

export const exchangeRateQuery = queryOptions({
  queryKey: firstScreenKeys.exchangeRate(),
  queryFn: async () => (await loadApi()).client.exchange.rate("USD", "DOP"),
  staleTime: (query) => rateLifetimeMs(query.state.data),
  refetchInterval: (query) => rateLifetimeMs(query.state.data),
});

/** The current USD->DOP rate (null while it loads), asked again when its lifetime is over. */
export function useExchangeRate(): DisplayRate | null {
  const { data } = useQuery(exchangeRateQuery);
  return displayRate(data);
}
