/** The one TanStack Query client: catalogue answers stay fresh a minute; a missing page is never retried. */
import { QueryClient } from "@tanstack/react-query";
import { isNotFound, isUnreachable } from "./errors.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 404 or an unreachable API will not change on a retry; the offline catalogue answers instead.
        retry: (count, error) => !isNotFound(error) && !isUnreachable(error) && count < 2,
      },
    },
  });
}
