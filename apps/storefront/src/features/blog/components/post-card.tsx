/** A blog post as a card (grid) or a row (list): cover, date, title, excerpt. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { shopHref } from "@shop/domain/routes";
import type { BlogPost } from "@shop/domain/schemas";

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

export function PostCard({ post, layout = "grid" }: { post: BlogPost; layout?: "grid" | "list" }) {
  const href = shopHref.blogPost(post.slug);
  const list = layout === "list";
  return (
    <Box
      component="article"
      sx={{
        display: "flex",
        flexDirection: list ? { xs: "column", sm: "row" } : "column",
        bgcolor: "background.paper",
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        overflow: "hidden",
        height: "100%",
      }}
    >
      <Link
        href={href}
        tabIndex={-1}
        aria-hidden="true"
        sx={{ flexShrink: 0, width: list ? { xs: "100%", sm: 320 } : "100%" }}
      >
        <Box
          component="img"
          src={post.img}
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          decoding="async"
          sx={{
            display: "block",
            width: "100%",
            height: "auto",
            aspectRatio: "1200 / 630",
            bgcolor: "#eef0f4",
          }}
        />
      </Link>
      <Box sx={{ p: 2 }}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {formatDate(post.publishedAt)} · {post.category}
        </Typography>
        <Typography component="h3" variant="h4" sx={{ my: 1 }}>
          <Link href={href} sx={{ color: "text.primary" }}>
            {post.title}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {post.excerpt}
        </Typography>
      </Box>
    </Box>
  );
}
