/** /search?searchText=: results with sort and filters, and a suggestion when nothing matches. */

import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { ShopListing } from "#features/catalog/components/shop-listing.tsx";
import { readListing } from "#features/catalog/listing.ts";
import { catalogQueries } from "#features/catalog/queries.ts";
import { usePageHead } from "#lib/head.ts";

const variant = { width: "xl", layout: "grid", filters: "left", paging: "pages" } as const;

/** When nothing matches: the categories whose names share a word with what was typed, else the first ones. */
function Suggestions({ text }: { text: string }) {
  const { data } = useQuery(catalogQueries.categories());
  const words = text.toLowerCase().split(/\s+/);
  const categories = data?.items ?? [];
  const close = categories.filter((c) =>
    words.some((w) => w.length > 2 && c.name.toLowerCase().includes(w.slice(0, 4))),
  );
  const shown = (close.length ? close : categories).slice(0, 4);
  if (shown.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography>
        Try one of these instead:{" "}
        {shown.map((c, i) => (
          <span key={c.id}>
            {i > 0 && ", "}
            <Link href={`/search?searchText=${encodeURIComponent(c.name.split(" ")[0]!)}`}>
              {c.name.split(" ")[0]}
            </Link>
          </span>
        ))}
      </Typography>
    </Box>
  );
}

export default function SearchPage() {
  const { search } = useLocation();
  const text = readListing(search).searchText ?? "";
  const title = text ? `Search results for “${text}”` : "Search";
  usePageHead(title, "Search the shop's products.");
  const results = useQuery({
    ...catalogQueries.search(text, { ...readListing(search), page: readListing(search).page ?? 1 }),
    enabled: text !== "",
  });
  if (!text) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          Search
        </Typography>
        <Typography>Type what you are looking for in the search bar at the top of the page.</Typography>
        <Suggestions text="" />
      </Container>
    );
  }
  return (
    <>
      <ShopListing variant={variant} title={title} searchText={text} />
      {results.data?.totalCount === 0 && (
        <Container maxWidth="xl">
          <Suggestions text={text} />
        </Container>
      )}
    </>
  );
}
