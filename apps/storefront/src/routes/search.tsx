/** /search?searchText=: results with sort and filters; when nothing matches, "Did you mean …?" and popular products. */

import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { firstScreenKeys } from "@shop/domain/first-screen";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { type Loader, type Meta, pageTitle, whenAccepted } from "#app/route-module.ts";
import { ProductGrid } from "#features/catalog/components/product-grid.tsx";
import { ShopListing } from "#features/catalog/components/shop-listing.tsx";
import { hasFilters, readListing } from "#features/catalog/listing.ts";
import { catalogQueries } from "#features/catalog/queries.ts";
import { NoMatch } from "#features/search/no-match.tsx";
import { searchQueries } from "#features/search/queries.ts";
import { shopHref } from "#routes.ts";

const variant = { width: "xl", layout: "grid", filters: "left", paging: "pages" } as const;

/** How many popular products a search that finds nothing offers. */
const POPULAR_COUNT = 8;

const titleOf = (text: string) => (text ? `Search results for “${text}”` : "Search");

/**
 * The results' first page and facet counts as the page asks for them, and, when nothing matches, "Did you mean …?"
 * and the popular products it offers instead, so that page is rendered whole on the server (its suggestion a plain
 * link, which works without JavaScript). Nothing when the API refuses the filters: the page asks, and says why.
 */
export const loader: Loader<"search"> = ({ client, query }) =>
  whenAccepted(async () => {
    const filters = readListing(query);
    const text = filters.searchText;
    if (!text) return [];
    const pageFilters = { ...filters, page: filters.page ?? 1 };
    const [results, facets] = await Promise.all([
      client.products.search(text, pageFilters),
      client.products.facets(filters),
    ]);
    const entries = [
      { key: firstScreenKeys.search(text, pageFilters), data: results },
      { key: firstScreenKeys.facets(filters), data: facets },
    ];
    if (results.totalCount > 0) return entries;
    const [didYouMean, featured] = await Promise.all([
      client.products.didYouMean(text),
      client.products.featured(),
    ]);
    return [
      ...entries,
      { key: firstScreenKeys.didYouMean(text), data: didYouMean },
      { key: firstScreenKeys.featured(), data: featured },
    ];
  });

export const meta: Meta<"search"> = ({ query }) => ({
  title: pageTitle(titleOf(readListing(query).searchText ?? "")),
  description: "Search the shop's products.",
});

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
          <Link href={shopHref.listing({ category: c.slug })}>{c.name}</Link>
        </span>
      ))}
    </Typography>
  );
}

/** The shop's featured products, to start from when a search finds nothing. */
function Popular() {
  const featured = useQuery(catalogQueries.featured());
  if (featured.isPending) return <ProductGridSkeleton count={4} layout="grid" />;
  return (
    <ProductGrid products={(featured.data ?? []).slice(0, POPULAR_COUNT)} columns={{ xs: 2, sm: 3, md: 4 }} />
  );
}

export default function SearchPage() {
  const { search } = useLocation();
  const filters = readListing(search);
  const text = filters.searchText ?? "";
  const title = titleOf(text);
  const results = useQuery({
    ...searchQueries.results(text, { ...filters, page: filters.page ?? 1 }),
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
  // The answer for these very words (not the previous search's, still shown while this one loads) found nothing.
  if (results.data?.totalCount === 0 && !results.isPlaceholderData) {
    return (
      <NoMatch
        title={title}
        text={text}
        filtered={hasFilters({ ...filters, searchText: undefined })}
        popular={<Popular />}
      />
    );
  }
  return (
    <ShopListing
      variant={variant}
      title={title}
      searchText={text}
      pageQuery={(pageFilters) => searchQueries.results(text, pageFilters)}
    />
  );
}
