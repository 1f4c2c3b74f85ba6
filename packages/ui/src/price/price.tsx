/** A product's price in the chosen currency: what the shopper pays, and the old price struck through. */
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { type MoneyProps, showDiscounted, showUsd } from "#internal/money.ts";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface PriceProps extends MoneyProps {
  /** Decimal USD, as the API sends it. */
  price: number;
  /** Percent off, 0 when none. */
  discount: number;
  size?: "small" | "medium" | "large";
}

const FONT_SIZE = { small: "0.9375rem", medium: "1.125rem", large: "1.75rem" } as const;

export function Price({ price, discount, currency, rate, size = "medium" }: PriceProps) {
  const money = { currency, rate };
  const discounted = discount > 0;
  return (
    <Box
      component="span"
      sx={{ display: "inline-flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1 }}
      data-currency={currency}
    >
      <Typography
        component="span"
        sx={{
          fontSize: FONT_SIZE[size],
          fontWeight: 700,
          color: discounted ? "secondary.main" : "text.primary",
        }}
      >
        {discounted && (
          <Box component="span" sx={visuallyHidden}>
            Now{" "}
          </Box>
        )}
        {showDiscounted(price, discount, money)}
      </Typography>
      {discounted && (
        <Typography
          component="del"
          sx={{ fontSize: `calc(${FONT_SIZE[size]} * 0.8)`, color: "text.secondary" }}
        >
          <Box component="span" sx={visuallyHidden}>
            was{" "}
          </Box>
          {showUsd(price, money)}
        </Typography>
      )}
    </Box>
  );
}
