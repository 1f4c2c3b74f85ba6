/** /blog, /blog-grid and /blog-list: the shop's posts, newest first, with pages. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Pagination from "@mui/material/Pagination";
import PaginationItem from "@mui/material/PaginationItem";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { PostCard } from "#features/blog/components/post-card.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { usePageHead } from "#lib/head.ts";

export default function BlogPage({ layout }: { layout: "grid" | "list" }) {
  usePageHead("Blog", "Guides and news from the shop: electronics, fashion, beauty and jewelry.");
  const { pathname, search } = useLocation();
  const requested = Number(new URLSearchParams(search).get("page"));
  const page = Number.isSafeInteger(requested) && requested >= 1 && requested <= 10_000 ? requested : 1;
  const { data, error, refetch, isPending } = useQuery(blogQueries.list(page));
  const columns = layout === "list" ? "1fr" : { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" };
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
        Blog
      </Typography>
      {error && <LoadError error={error} onRetry={() => refetch()} what="the posts" />}
      {isPending && (
        <Box
          role="status"
          aria-label="Loading the posts"
          sx={{ display: "grid", gap: 2, gridTemplateColumns: columns }}
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rectangular" sx={{ height: 320, borderRadius: 2 }} />
          ))}
        </Box>
      )}
      {data && data.items.length === 0 && <Typography role="status">No posts yet.</Typography>}
      {data && data.items.length > 0 && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: columns }}>
          {data.items.map((post) => (
            <PostCard key={post.id} post={post} layout={layout} />
          ))}
        </Box>
      )}
      {data && data.totalPages > 1 && (
        <Pagination
          page={page}
          count={data.totalPages}
          sx={{ mt: 3, display: "flex", justifyContent: "center" }}
          renderItem={(item) => (
            <PaginationItem
              component={Link}
              href={item.page && item.page > 1 ? `${pathname}?page=${item.page}` : pathname}
              {...item}
            />
          )}
        />
      )}
    </Container>
  );
}
