/** A blog post's teaser: cover picture, category, date, title linking to the post, excerpt. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { BlogPost } from "@shop/domain/schemas/public";
import { ShopImage } from "#internal/shop-image.tsx";
import { PICTURE_SLOTS } from "#responsive-picture/picture-slots.ts";

export interface BlogCardProps {
  post: BlogPost;
  href: string;
  layout?: "grid" | "list";
  /** The heading level of the title. */
  component?: "h2" | "h3";
}

// Dates are written the same on every machine: English words, the calendar day in UTC. The formatter is made at
// the first card, not when the module loads (a browser's first Intl formatter takes a while to make).
let dateFormat: Intl.DateTimeFormat | undefined;
function formatDate(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  return dateFormat.format(date);
}

export function BlogCard({ post, href, layout = "grid", component = "h3" }: BlogCardProps) {
  const published = new Date(post.publishedAt);
  const list = layout === "list";
  return (
    <Box
      component="article"
      sx={{
        display: "grid",
        gridTemplateColumns: list ? { xs: "1fr", sm: "minmax(0, 2fr) minmax(0, 3fr)" } : "1fr",
        gap: 2,
        bgcolor: "background.paper",
        borderRadius: 2,
        overflow: "hidden",
        boxShadow: 1,
      }}
    >
      {/* The title link is the one way in; the picture repeats it for the pointer only. */}
      <Link href={href} tabIndex={-1} aria-hidden="true" sx={{ display: "block" }}>
        <ShopImage src={post.img} alt="" width={1200} height={630} slot={PICTURE_SLOTS.blogCard} />
      </Link>
      <Box sx={{ p: 2, pt: list ? 2 : 0, display: "grid", gap: 1, alignContent: "start" }}>
        <Typography variant="body2" color="text.secondary">
          {post.category}
          {Number.isNaN(published.getTime()) ? null : (
            <>
              {" · "}
              <time dateTime={post.publishedAt}>{formatDate(published)}</time>
            </>
          )}
        </Typography>
        <Typography component={component} variant="h4">
          <Link href={href} color="inherit" underline="hover">
            {post.title}
          </Link>
        </Typography>
        <Typography color="text.secondary">{post.excerpt}</Typography>
        <Typography variant="body2" color="text.secondary">
          By {post.author}
        </Typography>
      </Box>
    </Box>
  );
}
