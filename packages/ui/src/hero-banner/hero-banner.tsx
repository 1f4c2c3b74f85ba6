/**
 * A banner from the back office: its picture behind its title, subtitle and a "Shop now" link, written as real
 * text (the pictures carry no words), readable at any width. It lays itself out by the width it is given (a CSS
 * container), not the window's, so the back office can preview it at a phone's width and a desk's side by side.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { Banner } from "@shop/domain/schemas";
import { ShopImage } from "#internal/shop-image.tsx";

export type BannerContent = Pick<Banner, "title" | "subtitle" | "img" | "link">;

export interface HeroBannerProps {
  banner: BannerContent;
  /** The page's LCP image: loaded at once with high fetch priority. */
  priority?: boolean;
  /** The picture's intrinsic size (the shop's banners are 1600 × 600). */
  width?: number;
  height?: number;
  /** The heading level of the title. */
  component?: "h1" | "h2" | "h3";
}

/** From this width of its container up, the banner keeps its picture's proportions; below, it is taller. */
const WIDE = "@container (min-width: 600px)";
const WIDEST = "@container (min-width: 1000px)";

export function HeroBanner({
  banner,
  priority = false,
  width = 1600,
  height = 600,
  component = "h2",
}: HeroBannerProps) {
  return (
    <Box sx={{ containerType: "inline-size" }}>
      <Box
        sx={{
          position: "relative",
          display: "grid",
          minHeight: 280,
          borderRadius: 2,
          overflow: "hidden",
          bgcolor: "#1b1d22",
          color: "#fff",
          [WIDE]: { minHeight: 0, aspectRatio: `${width} / ${height}` },
        }}
      >
        <ShopImage
          src={banner.img}
          alt=""
          width={width}
          height={height}
          priority={priority}
          sx={{
            position: "absolute",
            inset: 0,
            height: "100%",
            aspectRatio: "auto",
            objectPosition: "right",
          }}
        />
        <Box
          sx={{
            position: "relative",
            display: "flex",
            flexDirection: "column",
            justifyContent: "center",
            alignItems: "flex-start",
            gap: 1,
            p: 3,
            // A dark veil behind the words keeps white text readable on any picture.
            background:
              "linear-gradient(90deg, rgba(0,0,0,0.72) 0%, rgba(0,0,0,0.5) 60%, rgba(0,0,0,0.15) 100%)",
            [WIDE]: { p: 5 },
            [WIDEST]: { p: 8 },
          }}
        >
          <Typography
            component={component}
            sx={{
              fontWeight: 700,
              lineHeight: 1.15,
              fontSize: "1.625rem",
              maxWidth: "36rem",
              [WIDE]: { fontSize: "2.25rem" },
              [WIDEST]: { fontSize: "3rem" },
            }}
          >
            {banner.title}
          </Typography>
          {banner.subtitle && (
            <Typography
              sx={{ fontSize: "1rem", lineHeight: 1.5, maxWidth: "32rem", [WIDEST]: { fontSize: "1.25rem" } }}
            >
              {banner.subtitle}
            </Typography>
          )}
          <Button
            variant="contained"
            href={banner.link}
            aria-label={`Shop now: ${banner.title}`}
            sx={{ mt: 1, bgcolor: "#fff", color: "#1b1d22", "&:hover": { bgcolor: "#e8e8ec" } }}
          >
            Shop now
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
