/**
 * A banner from the back office: its picture behind its title, subtitle and a "Shop now" link, written as real
 * text (the pictures carry no words), readable at any width. It lays itself out by the width it is given (a CSS
 * container), not the window's, so the back office can preview it at a phone's width and a desk's side by side.
 */
import { styled } from "@mui/material/styles";
import type { Banner } from "@shop/domain/schemas/public";
import type { CSSProperties } from "react";
import { containedButton } from "#internal/button-look.ts";
import { PlainLink } from "#internal/plain-link.tsx";
import { PICTURE_SLOTS } from "#responsive-picture/picture-slots.ts";
import { ResponsivePicture } from "#responsive-picture/responsive-picture.tsx";

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

/**
 * One style rule for the banner, its parts plain elements named by class: a page shows several banners, and each
 * `sx` would be its own rule, serialised again for every banner as the page is taken over.
 */
const Root = styled("div")(({ theme }) => ({
  containerType: "inline-size",
  "& > .frame": {
    position: "relative",
    display: "grid",
    minHeight: 280,
    borderRadius: Number(theme.shape.borderRadius) * 2,
    overflow: "hidden",
    backgroundColor: "#1b1d22",
    color: "#fff",
    [WIDE]: { minHeight: 0, aspectRatio: "var(--ratio)" },
  },
  "& .picture": {
    position: "absolute",
    inset: 0,
    display: "block",
    width: "100%",
    height: "100%",
    objectFit: "cover",
    objectPosition: "right",
  },
  "& .words": {
    position: "relative",
    display: "flex",
    flexDirection: "column",
    justifyContent: "center",
    alignItems: "flex-start",
    gap: theme.spacing(1),
    padding: theme.spacing(3),
    background: "linear-gradient(90deg, rgba(0,0,0,0.72) 0%, rgba(0,0,0,0.5) 60%, rgba(0,0,0,0.15) 100%)",
    [WIDE]: { padding: theme.spacing(5) },
    [WIDEST]: { padding: theme.spacing(8) },
  },
  "& .title": {
    ...theme.typography.body1,
    margin: 0,
    fontWeight: 700,
    lineHeight: 1.15,
    fontSize: "1.625rem",
    maxWidth: "36rem",
    [WIDE]: { fontSize: "2.25rem" },
    [WIDEST]: { fontSize: "3rem" },
  },
  "& .subtitle": {
    ...theme.typography.body1,
    margin: 0,
    fontSize: "1rem",
    lineHeight: 1.5,
    maxWidth: "32rem",
    [WIDEST]: { fontSize: "1.25rem" },
  },
  // MUI's contained Button as a plain link (internal/button-look.ts), in white.
  "& .shop-now": {
    ...containedButton(theme),
    marginTop: theme.spacing(1),
    backgroundColor: "#fff",
    color: "#1b1d22",
    "&:hover": { ...containedButton(theme)["&:hover"], backgroundColor: "#e8e8ec" },
  },
}));

export function HeroBanner({
  banner,
  priority = false,
  width = 1600,
  height = 600,
  component: Title = "h2",
}: HeroBannerProps) {
  return (
    <Root>
      <div className="frame" style={{ "--ratio": `${width} / ${height}` } as CSSProperties}>
        <ResponsivePicture
          className="picture"
          src={banner.img}
          alt=""
          width={width}
          height={height}
          slot={PICTURE_SLOTS.banner}
          priority={priority}
        />
        <div className="words">
          <Title className="title">{banner.title}</Title>
          {banner.subtitle && <p className="subtitle">{banner.subtitle}</p>}
          <PlainLink href={banner.link} aria-label={`Shop now: ${banner.title}`} className="shop-now">
            Shop now
          </PlainLink>
        </div>
      </div>
    </Root>
  );
}
