/**
 * The page's title and description in the browser: its route module's `meta`, over the answers in the query cache,
 * after each navigation and whenever an answer arrives. The server wrote the same `meta` over the same answers into
 * the page it sent (src/entry-server.tsx), so hydrating that page changes nothing.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useMatches } from "react-router";
import { applyHead } from "#lib/document-head.ts";
import type { LoadedHandle } from "./router.tsx";

export function RouteHead() {
  const match = useMatches().at(-1);
  const { search } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const handle = match?.handle as LoadedHandle | undefined;
    if (!match || !handle?.meta) return;
    const args = {
      route: handle.route,
      params: match.params,
      query: new URLSearchParams(search),
      origin: location.origin,
      data: { get: <T,>(key: readonly unknown[]) => queryClient.getQueryData<T>(key) },
    };
    const apply = () => applyHead(handle.meta(args as Parameters<typeof handle.meta>[0]));
    apply();
    // The page's answers may come after it: a product opened from a listing, the facets of another filter.
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "success") apply();
    });
  }, [match, search, queryClient]);
  return null;
}
