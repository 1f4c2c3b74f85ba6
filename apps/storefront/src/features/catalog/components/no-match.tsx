/**
 * What a search that finds nothing shows instead of an empty listing: "Did you mean …?" with the closest query that
 * has results (a plain link, so it runs without JavaScript too), a way to drop the filters, and popular products.
 * No counts of nothing and no filters at zero.
 */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { listingSearch } from "../listing.ts";
import { catalogQueries } from "../queries.ts";
import { ProductGrid } from "./product-grid.tsx";

/** How many popular products the page offers. */
const POPULAR_COUNT = 8;

export const searchPath = (text: string) => `/search${listingSearch({ searchText: text })}`;

export function NoMatch({
  title,
  text,
  filtered,
}: {
  title: string;
  /** What the shopper searched for. */
  text: string;
  /** Whether filters narrowed the search: the page then offers the search without them. */
  filtered: boolean;
}) {
  const didYouMean = useQuery(catalogQueries.didYouMean(text));
  const featured = useQuery(catalogQueries.featured());
  const suggestion = didYouMean.data?.suggestion ?? null;
  const popular = (featured.data ?? []).slice(0, POPULAR_COUNT);
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" }, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: "grid", gap: 1.5, mb: 4, maxWidth: "48rem" }}>
        <Typography component="h2" variant="h3">
          No products match “{text}”{filtered ? " with these filters" : ""}
        </Typography>
        {suggestion && (
          <Typography sx={{ fontSize: "1.25rem" }}>
            Did you mean{" "}
            <Link href={searchPath(suggestion)} sx={{ fontWeight: 700, fontStyle: "italic" }}>
              {suggestion}
            </Link>
            ?
          </Typography>
        )}
        {filtered && (
          <Typography>
            <Link href={searchPath(text)} sx={{ fontWeight: 600 }}>
              Search “{text}” without filters
            </Link>
          </Typography>
        )}
        <Typography color="textSecondary">
          Check the spelling, try a more general word, or start from one of our popular products.
        </Typography>
      </Box>
      <Typography component="h2" variant="h2" sx={{ fontSize: { xs: "1.375rem", md: "1.75rem" }, mb: 2 }}>
        Popular products
      </Typography>
      {featured.isPending ? (
        <ProductGridSkeleton count={4} layout="grid" />
      ) : (
        <ProductGrid products={popular} columns={{ xs: 2, sm: 3, md: 4 }} />
      )}
    </Container>
  );
}
