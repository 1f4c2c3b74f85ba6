/** The USD->DOP rate, kept by TanStack Query over the api-client's one-hour rate cache (no money formatting here). */
import { useQuery } from "@tanstack/react-query";
import { loadApi } from "#lib/api.ts";
import { firstScreenKeys } from "#lib/first-screen.ts";
import { type DisplayRate, displayRate, rateRefreshMs } from "./rate.ts";

export const exchangeRateQuery = {
  queryKey: firstScreenKeys.exchangeRate(),
  queryFn: async () => (await loadApi()).rates.get("USD", "DOP"),
};

/** The current USD->DOP rate (null while it loads), refreshed hourly through the api-client's one-hour cache. */
export function useExchangeRate(): DisplayRate | null {
  const { data } = useQuery({
    ...exchangeRateQuery,
    staleTime: (query) => rateRefreshMs(query.state.data),
    refetchInterval: (query) => rateRefreshMs(query.state.data),
  });
  return displayRate(data);
}
