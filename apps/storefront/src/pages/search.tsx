/** /search?searchText=: results with sort and filters; when nothing matches, "Did you mean …?" and popular products. */

import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { NoMatch } from "#features/catalog/components/no-match.tsx";
import { ShopListing } from "#features/catalog/components/shop-listing.tsx";
import { hasFilters, readListing } from "#features/catalog/listing.ts";
import { catalogQueries } from "#features/catalog/queries.ts";
import { usePageHead } from "#lib/use-page-head.ts";

const variant = { width: "xl", layout: "grid", filters: "left", paging: "pages" } as const;

/** With nothing typed: the categories to start from. */
function Categories() {
  const { data } = useQuery(catalogQueries.categories());
  const shown = (data?.items ?? []).slice(0, 6);
  if (shown.length === 0) return null;
  return (
    <Typography sx={{ mt: 2 }}>
      Or browse a category:{" "}
      {shown.map((c, i) => (
        <span key={c.id}>
          {i > 0 && ", "}
          <Link href={`/shop?category=${encodeURIComponent(c.slug)}`}>{c.name}</Link>
        </span>
      ))}
    </Typography>
  );
}

export default function SearchPage() {
  const { search } = useLocation();
  const filters = readListing(search);
  const text = filters.searchText ?? "";
  const title = text ? `Search results for “${text}”` : "Search";
  usePageHead(title, "Search the shop's products.");
  const results = useQuery({
    ...catalogQueries.search(text, { ...filters, page: filters.page ?? 1 }),
    enabled: text !== "",
  });
  if (!text) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          Search
        </Typography>
        <Typography>Type what you are looking for in the search bar at the top of the page.</Typography>
        <Categories />
      </Container>
    );
  }
  // The answer for these very words (not the previous search's, kept while this one loads) found nothing.
  if (results.data?.totalCount === 0 && !results.isPlaceholderData) {
    return <NoMatch title={title} text={text} filtered={hasFilters({ ...filters, searchText: undefined })} />;
  }
  return <ShopListing variant={variant} title={title} searchText={text} />;
}
