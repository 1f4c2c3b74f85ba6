/** /blog-details/{id} (and /blog-details, /blog-details-2: one of the newest posts, in two designs). */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { RECENT_POSTS } from "@shop/domain/constants";
import { firstScreenKeys } from "@shop/domain/first-screen";
import type { BlogPost, Paginated } from "@shop/domain/schemas/public";
import { BlogCard } from "@shop/ui/blog-card";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import { ResponsivePicture } from "@shop/ui/responsive-picture";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import {
  absolute,
  clip,
  type Loader,
  type Meta,
  notFound,
  type PageData,
  type PageProps,
  pageTitle,
  picturePreloadOf,
  unlessMissing,
} from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { NotFound } from "#features/content/not-found.tsx";
import { isNotFound } from "#lib/errors.ts";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { type RoutesOf, shopHref } from "#routes.ts";

type Route = RoutesOf<"blog-post">;
type Design = "standard" | "wide";

const DESIGNS: Record<Route, Design> = {
  blogPost: "standard",
  blogDetails: "standard",
  blogDetails2: "wide",
};

/** The post a sample page shows, of the newest: the wide design the second, so the two show different posts. */
const newestOf = (route: Route, posts: readonly BlogPost[]) =>
  posts[DESIGNS[route] === "wide" ? Math.min(1, posts.length - 1) : 0];

/** The id or slug of the URL, or of the post a sample page shows. */
function shownId(route: Route, params: { id?: string }, data: PageData): string | undefined {
  if (params.id !== undefined) return params.id;
  const recent = data.get<Paginated<BlogPost>>(firstScreenKeys.blogList(1, RECENT_POSTS));
  return recent && newestOf(route, recent.items)?.slug;
}

/** The post and the newest posts beside it; a post the shop has not: 404. */
export const loader: Loader<"blog-post"> = async ({ client, route, params }) => {
  const [recent, named] = await Promise.all([
    client.blog.list({ page: 1, pageSize: RECENT_POSTS }),
    params.id === undefined ? null : unlessMissing(client.blog.get(params.id)),
  ]);
  if (params.id !== undefined && !named) throw notFound();
  const id = params.id ?? newestOf(route, recent.items)?.slug;
  const post = named ?? (id === undefined ? null : await unlessMissing(client.blog.get(id)));
  return [
    ...(post && id !== undefined ? [{ key: firstScreenKeys.blogPost(id), data: post }] : []),
    { key: firstScreenKeys.blogList(1, RECENT_POSTS), data: recent },
  ];
};

/** Its title and excerpt, and for link previews and search engines an article and a schema.org BlogPosting. */
export const meta: Meta<"blog-post"> = ({ route, params, origin, data }) => {
  const id = shownId(route, params, data);
  const post = id === undefined ? undefined : data.get<BlogPost>(firstScreenKeys.blogPost(id));
  if (!post) return {};
  const canonical = `${origin}${shopHref.blogPost(post.id)}`;
  const image = absolute(origin, post.img);
  const description = clip(post.excerpt);
  return {
    title: pageTitle(post.title),
    description,
    canonical,
    preloadImage: picturePreloadOf(origin, post.img, PICTURE_SLOTS.blogCover),
    openGraph: {
      type: "article",
      image,
      extra: [
        ["article:published_time", post.publishedAt],
        ["article:section", post.category],
        ...post.tags.map((tag): [string, string] => ["article:tag", tag]),
      ],
    },
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description,
        ...(image ? { image: [image] } : {}),
        datePublished: post.publishedAt,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: SHOP_NAME },
        mainEntityOfPage: canonical,
      },
    ],
  };
};

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
    <Box sx={{ mb: 3, "& img": { display: "block", width: "100%", height: "auto", borderRadius: 2 } }}>
      <ResponsivePicture
        src={post.img}
        alt=""
        width={1200}
        height={630}
        slot={PICTURE_SLOTS.blogCover}
        priority
      />
    </Box>
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

function Newest({ route }: { route: Route }) {
  const { data, error, refetch, isPending } = useQuery(blogQueries.list(1, RECENT_POSTS));
  if (isPending) return <Skeleton variant="rectangular" sx={{ height: 300, borderRadius: 2 }} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the post" />;
  const newest = newestOf(route, data.items);
  if (!newest) return <Typography>No posts yet.</Typography>;
  return <Post idOrSlug={newest.slug} design={DESIGNS[route]} />;
}

export default function BlogPostPage({ route }: PageProps<"blog-post">) {
  const design = DESIGNS[route];
  const { id } = useParams();
  if (id !== undefined && (id.trim() === "" || id.length > 200)) return <NotFound />;
  return (
    <Container maxWidth={design === "wide" ? "lg" : "md"} sx={{ py: 3 }}>
      {id === undefined ? <Newest route={route} /> : <Post idOrSlug={id} design={design} />}
    </Container>
  );
}
