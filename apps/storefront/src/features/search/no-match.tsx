/**
 * What a search that finds nothing shows instead of an empty listing: "Did you mean …?" with the closest query that
 * has results (a plain link, so it runs without JavaScript too), a way to drop the filters, and popular products
 * (the page hands them in: the catalogue renders them). No counts of nothing and no filters at zero.
 */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { shopHref } from "#routes.ts";
import { searchQueries } from "./queries.ts";

export function NoMatch({
  title,
  text,
  filtered,
  popular,
}: {
  title: string;
  /** What the shopper searched for. */
  text: string;
  /** Whether filters narrowed the search: the page then offers the search without them. */
  filtered: boolean;
  /** The popular products to start from instead. */
  popular: ReactNode;
}) {
  const didYouMean = useQuery(searchQueries.didYouMean(text));
  const suggestion = didYouMean.data?.suggestion ?? null;
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
            <Link href={shopHref.search(suggestion)} sx={{ fontWeight: 700, fontStyle: "italic" }}>
              {suggestion}
            </Link>
            ?
          </Typography>
        )}
        {filtered && (
          <Typography>
            <Link href={shopHref.search(text)} sx={{ fontWeight: 600 }}>
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
      {popular}
    </Container>
  );
}
