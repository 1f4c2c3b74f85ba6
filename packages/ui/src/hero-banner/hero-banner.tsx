/** A banner from the back office: its picture as a link to where it leads; the words drawn over it when asked. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { Banner } from "@shop/domain/schemas";
import { ShopImage } from "#internal/shop-image.tsx";

export interface HeroBannerProps {
  banner: Banner;
  /** The page's LCP image: loaded at once with high fetch priority. */
  priority?: boolean;
  /**
   * Draw the title, subtitle and a "Shop now" button over the picture. Off by default: the shop's banner
   * pictures carry their own words, which the picture's alternative text repeats.
   */
  overlay?: boolean;
  /** The picture's intrinsic size (the shop's banners are 1600 × 600). */
  width?: number;
  height?: number;
  /** The heading level of the title when drawn over the picture. */
  component?: "h1" | "h2";
}

export function HeroBanner({
  banner,
  priority = false,
  overlay = false,
  width = 1600,
  height = 600,
  component = "h2",
}: HeroBannerProps) {
  const words = banner.subtitle ? `${banner.title}: ${banner.subtitle}` : banner.title;
  if (!overlay) {
    return (
      <Link href={banner.link} sx={{ display: "block", borderRadius: 2, overflow: "hidden" }}>
        <ShopImage src={banner.img} alt={words} width={width} height={height} priority={priority} />
      </Link>
    );
  }
  return (
    <Box
      component="section"
      sx={{ position: "relative", borderRadius: 2, overflow: "hidden", color: "#fff" }}
    >
      <ShopImage src={banner.img} alt="" width={width} height={height} priority={priority} />
      <Box
        sx={{
          position: "absolute",
          inset: 0,
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          alignItems: "flex-start",
          gap: 1,
          p: { xs: 2, sm: 6 },
          // A dark veil behind the words keeps white text readable on any picture.
          background:
            "linear-gradient(90deg, rgba(0,0,0,0.72) 0%, rgba(0,0,0,0.45) 60%, rgba(0,0,0,0.1) 100%)",
        }}
      >
        <Typography component={component} variant="h1" sx={{ fontSize: { xs: "1.5rem", sm: "2.5rem" } }}>
          {banner.title}
        </Typography>
        {banner.subtitle && <Typography sx={{ maxWidth: "32rem" }}>{banner.subtitle}</Typography>}
        <Button variant="contained" href={banner.link} sx={{ mt: 1 }}>
          Shop now
        </Button>
      </Box>
    </Box>
  );
}
