/** A product's average rating as read-only stars, named "Rated 4.5 out of 5", with the number of reviews. */
import Box from "@mui/material/Box";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface RatingStarsProps {
  /** The average, 0 to 5. */
  value: number;
  /** How many reviews the average is made of. */
  count?: number;
  size?: "small" | "medium" | "large";
}

/** The rating rounded to one decimal, as it is read out. */
export function ratingLabel(value: number): string {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0));
  return `Rated ${Math.round(clamped * 10) / 10} out of 5`;
}

export function RatingStars({ value, count, size = "small" }: RatingStarsProps) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      <Rating
        value={value}
        precision={0.1}
        readOnly
        size={size}
        getLabelText={ratingLabel}
        sx={{
          // Darker than MUI's amber so the stars stand 3:1 against white.
          "& .MuiRating-iconFilled": { color: "#9a5b00" },
          "& .MuiRating-iconEmpty": { color: "text.secondary" },
        }}
      />
      {count !== undefined && (
        <Typography component="span" variant="body2" color="text.secondary">
          <span aria-hidden="true">({count})</span>
          <Box component="span" sx={visuallyHidden}>
            {count === 1 ? "1 review" : `${count} reviews`}
          </Box>
        </Typography>
      )}
    </Box>
  );
}
