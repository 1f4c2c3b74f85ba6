/** /blog, /blog-grid and /blog-list: the shop's posts, newest first, with pages. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { BLOG_PAGE_SIZE } from "@shop/domain/constants";
import { blogPageOf, firstScreenKeys } from "@shop/domain/first-screen";
import { BlogCard } from "@shop/ui/blog-card";
import { ShopPagination } from "@shop/ui/pagination";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { type Loader, type Meta, type PageProps, pageHead } from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { shopHref } from "#routes.ts";

export const loader: Loader<"blog"> = async ({ client, query }) => {
  const page = blogPageOf(query);
  const list = await client.blog.list({ page, pageSize: BLOG_PAGE_SIZE });
  return [{ key: firstScreenKeys.blogList(page, BLOG_PAGE_SIZE), data: list }];
};

export const meta: Meta<"blog"> = (args) =>
  pageHead(args, "Blog", "Guides, news and style tips from the shop.");

export default function BlogPage({ route }: PageProps<"blog">) {
  const layout = route === "blogList" ? "list" : "grid";
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
