/**
 * A product's average rating as read-only stars, named "Rated 4.5 out of 5", with the number of reviews.
 * The five stars are one element drawn by CSS (outlined stars, and filled ones over them up to the average), not
 * MUI's Rating, which draws ten clipped copies of each star's <svg> at this precision: fifty per card.
 */
import { styled } from "@mui/material/styles";
import { counted } from "@shop/domain/messages";
import type { CSSProperties } from "react";
import { textOf } from "#internal/text.ts";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface RatingStarsProps {
  /** The average, 0 to 5. */
  value: number;
  /** How many reviews the average is made of. */
  count?: number;
  size?: "small" | "medium" | "large";
}

/** The average clamped to 0–5 and rounded to one decimal, as it is drawn and read out. */
function rounded(value: number): number {
  return Math.round(Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0)) * 10) / 10;
}

/** The rating as it is read out. */
export function ratingLabel(value: number): string {
  return `Rated ${rounded(value)} out of 5`;
}

// Darker than MUI's amber so the stars stand 3:1 against white.
const FILLED = "#9a5b00";
const FONT_SIZE = { small: "1.125rem", medium: "1.5rem", large: "1.875rem" } as const;
// Material Design's star and outlined star, as MUI's Rating draws them.
const STAR = "M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z";
const STAR_BORDER =
  "m22 9.24-7.19-.62L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21 12 17.27 18.18 21l-1.63-7.03zM12 15.4l-3.76 2.27 1-4.28-3.32-2.88 4.38-.38L12 6.1l1.71 4.04 4.38.38-3.32 2.88 1 4.28z";

/** One star of `path` in `colour`, as a CSS background repeated once per em. */
function stars(path: string, colour: string): string {
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'><path fill='${colour}' d='${path}'/></svg>`;
  return `url("data:image/svg+xml,${svg.replace(/#/g, "%23").replace(/</g, "%3C").replace(/>/g, "%3E")}") 0 0 / 1em 1em repeat-x`;
}

const Root = styled("span")(({ theme }) => ({
  display: "inline-flex",
  alignItems: "center",
  gap: theme.spacing(0.5),
  "& > [role='img']": {
    position: "relative",
    display: "inline-block",
    flexShrink: 0,
    width: "5em",
    height: "1em",
    fontSize: FONT_SIZE.small,
    background: stars(STAR_BORDER, theme.palette.text.secondary),
    // Background images keep their colours in forced-colours mode, so the stars stay as they are there.
    "&::after": {
      content: '""',
      position: "absolute",
      inset: 0,
      width: "var(--rating)",
      background: stars(STAR, FILLED),
    },
  },
  "&[data-size='medium'] > [role='img']": { fontSize: FONT_SIZE.medium },
  "&[data-size='large'] > [role='img']": { fontSize: FONT_SIZE.large },
  // In the text's colour: the Typography this replaced was drawn so (MUI 9 ignores `color="text.secondary"`).
  "& > .count": textOf(theme, "body2"),
  "& .visually-hidden": visuallyHidden,
}));

export function RatingStars({ value, count, size = "small" }: RatingStarsProps) {
  const filled = { "--rating": `${Math.round(rounded(value) * 20)}%` } as CSSProperties;
  return (
    <Root data-size={size === "small" ? undefined : size}>
      <span role="img" aria-label={ratingLabel(value)} style={filled} />
      {count !== undefined && (
        <span className="count">
          <span aria-hidden="true">{`(${count})`}</span>
          <span className="visually-hidden">{counted(count, "review", "reviews")}</span>
        </span>
      )}
    </Root>
  );
}
