/** A product's price in the shopper's currency: the discounted one, and the old one struck through. */
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import { useMoney } from "#features/currency/use-money.ts";

export function PriceText({
  price,
  discount,
  size = "medium",
}: {
  price: number;
  discount: number;
  size?: "small" | "medium" | "large";
}) {
  const money = useMoney();
  const now = money.formatDiscounted(price, discount);
  const before = discount > 0 ? money.format(price) : null;
  const fontSize = { small: "1rem", medium: "1.125rem", large: "1.75rem" }[size];
  if (now === null)
    return <Skeleton variant="text" width={96} sx={{ fontSize }} aria-label="Loading price" />;
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
      <Box
        component="span"
        sx={{ fontWeight: 700, fontSize, color: discount > 0 ? "secondary.main" : "text.primary" }}
      >
        {now}
      </Box>
      {before && (
        <Box component="s" sx={{ color: "text.secondary", fontSize: "0.875rem" }}>
          <Box component="span" sx={visuallyHidden}>
            Before:{" "}
          </Box>
          {before}
        </Box>
      )}
    </Box>
  );
}

export const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
