/** /blog, /blog-grid and /blog-list: the shop's posts, newest first, with pages. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { blogPageOf } from "@shop/domain/first-screen";
import { shopHref } from "@shop/domain/routes";
import { BlogCard } from "@shop/ui/blog-card";
import { ShopPagination } from "@shop/ui/pagination";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { usePageHead } from "#lib/use-page-head.ts";

export default function BlogPage({ layout }: { layout: "grid" | "list" }) {
  usePageHead("Blog", "Guides and news from the shop: electronics, fashion, beauty and jewelry.");
  const { pathname, search } = useLocation();
  const page = blogPageOf(new URLSearchParams(search));
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
            <BlogCard
              key={post.id}
              post={post}
              href={shopHref.blogPost(post.slug)}
              layout={layout}
              component="h2"
            />
          ))}
        </Box>
      )}
      {data && (
        <Box sx={{ mt: 3 }}>
          <ShopPagination
            page={page}
            pageCount={data.totalPages}
            getHref={(p) => (p > 1 ? `${pathname}?page=${p}` : pathname)}
          />
        </Box>
      )}
    </Container>
  );
}
