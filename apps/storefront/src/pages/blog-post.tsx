/** /blog-details/{id} (and /blog-details, /blog-details-2: the newest post in two designs). */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { RECENT_POSTS } from "@shop/domain/constants";
import { shopHref } from "@shop/domain/routes";
import { BlogCard } from "@shop/ui/blog-card";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { NotFound } from "#features/content/not-found.tsx";
import { isNotFound } from "#lib/errors.ts";
import { usePageHead } from "#lib/use-page-head.ts";

type Design = "standard" | "wide";

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

function Post({ idOrSlug, design }: { idOrSlug: string; design: Design }) {
  const { data: post, error, refetch, isPending } = useQuery(blogQueries.post(idOrSlug));
  const recent = useQuery(blogQueries.list(1, RECENT_POSTS));
  usePageHead(post?.title ?? (isPending ? null : "Blog post"), post?.excerpt);
  if (isPending) {
    return (
      <Box role="status" aria-label="Loading the post">
        <Skeleton variant="text" sx={{ fontSize: "2rem" }} />
        <Skeleton variant="rectangular" sx={{ height: 300, borderRadius: 2 }} />
      </Box>
    );
  }
  if (error)
    return isNotFound(error) ? (
      <NotFound />
    ) : (
      <LoadError error={error} onRetry={() => refetch()} what="this post" />
    );
  const others = (recent.data?.items ?? []).filter((p) => p.id !== post.id).slice(0, 3);
  // The wide design opens with the picture, the standard one shows it under the title.
  const cover = (
    <Box
      component="img"
      src={post.img}
      alt=""
      width={1200}
      height={630}
      fetchPriority="high"
      sx={{ width: "100%", height: "auto", borderRadius: 2, mb: 3 }}
    />
  );
  return (
    <Box component="article">
      {design === "wide" && cover}
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        {formatDate(post.publishedAt)} · {post.author} ·{" "}
        <Link href="/blog" underline="always">
          {post.category}
        </Link>
      </Typography>
      <Typography component="h1" variant="h1" sx={{ my: 2, fontSize: { xs: "1.75rem", md: "2.25rem" } }}>
        {post.title}
      </Typography>
      {design === "standard" && cover}
      {post.body.split(/\n\s*\n/).map((paragraph) => (
        <Typography key={paragraph.slice(0, 40)} sx={{ mb: 2, fontSize: "1.0625rem", lineHeight: 1.7 }}>
          {paragraph}
        </Typography>
      ))}
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        Tags: {post.tags.join(", ")}
      </Typography>
      {others.length > 0 && (
        <Box component="section" sx={{ mt: 5 }}>
          <Typography component="h2" variant="h2" sx={{ mb: 2 }}>
            More from the blog
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
            {others.map((p) => (
              <BlogCard key={p.id} post={p} href={shopHref.blogPost(p.slug)} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function Newest({ design }: { design: Design }) {
  const { data, error, refetch, isPending } = useQuery(blogQueries.list(1, RECENT_POSTS));
  if (isPending) return <Skeleton variant="rectangular" sx={{ height: 300, borderRadius: 2 }} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the post" />;
  const newest = data.items[design === "wide" ? Math.min(1, data.items.length - 1) : 0];
  if (!newest) return <Typography>No posts yet.</Typography>;
  return <Post idOrSlug={newest.slug} design={design} />;
}

export default function BlogPostPage({ design }: { design: Design }) {
  const { id } = useParams();
  if (id !== undefined && (id.trim() === "" || id.length > 200)) return <NotFound />;
  return (
    <Container maxWidth={design === "wide" ? "lg" : "md"} sx={{ py: 3 }}>
      {id === undefined ? <Newest design={design} /> : <Post idOrSlug={id} design={design} />}
    </Container>
  );
}
