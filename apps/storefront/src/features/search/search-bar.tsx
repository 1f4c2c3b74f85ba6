/**
 * The header's search bar with suggestions while typing (@shop/ui's SearchCombobox), loaded as its own chunk when
 * the shopper reaches for the search toggle, so none of it weighs on the first screen. Requests wait for a pause in
 * the typing and a newer one cancels the one it supersedes (TanStack Query aborts its signal).
 */
import { SUGGEST_MIN_CHARS } from "@shop/domain/search";
import { SearchCombobox, type SuggestionStatus } from "@shop/ui/search-combobox";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useMoney } from "#features/currency/use-money.ts";
import { shopHref } from "#routes.ts";
import { searchQueries } from "./queries.ts";

/** How long the typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 180;

/** The text once it has not changed for `ms`. */
function useSettled(text: string, ms: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

export default function SearchBar() {
  const navigate = useNavigate();
  const money = useMoney();
  const [text, setText] = useState("");
  const query = useSettled(text.trim(), SUGGEST_DEBOUNCE_MS);
  const enough = query.length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    ...searchQueries.suggestions(query),
    enabled: enough,
    // The previous list stays while the next one loads, rather than a flash of "loading" per keystroke.
    placeholderData: keepPreviousData,
  });
  const typing = text.trim() !== query;
  let status: SuggestionStatus;
  if (text.trim().length < SUGGEST_MIN_CHARS) status = "idle";
  else if (suggestions.data && enough) status = "ready";
  else if (suggestions.isError && !typing) status = "error";
  else status = "loading";
  const data = status === "ready" ? suggestions.data : undefined;

  return (
    <SearchCombobox
      value={text}
      onValueChange={setText}
      onSubmit={(value) => navigate(shopHref.search(value))}
      onOpen={(href) => navigate(href)}
      status={status}
      money={money}
      minChars={SUGGEST_MIN_CHARS}
      autoFocus
      products={(data?.products ?? []).map((p) => ({ ...p, href: shopHref.product(p.id) }))}
      categories={(data?.categories ?? []).map((c) => ({
        id: c.id,
        name: c.name,
        href: shopHref.listing({ category: c.slug }),
      }))}
    />
  );
}
