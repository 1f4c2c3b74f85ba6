/** A product's price in the chosen currency: what the shopper pays, and the old price struck through. */
import { styled } from "@mui/material/styles";
import { type MoneyProps, showDiscounted, showUsd } from "#internal/money.ts";
import { textOf } from "#internal/text.ts";
import { visuallyHidden } from "#internal/visually-hidden.ts";

export interface PriceProps extends MoneyProps {
  /** Decimal USD, as the API sends it. */
  price: number;
  /** Percent off, 0 when none. */
  discount: number;
  size?: "small" | "medium" | "large";
}

const FONT_SIZE = { small: "0.9375rem", medium: "1.125rem", large: "1.75rem" } as const;

// One element and one style rule per price: it shows in every product card.
const Root = styled("span", { shouldForwardProp: (prop) => prop !== "size" && prop !== "discounted" })<{
  size: keyof typeof FONT_SIZE;
  discounted: boolean;
}>(({ theme, size, discounted }) => ({
  display: "inline-flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: theme.spacing(1),
  "& > span, & > del": { ...textOf(theme, "body1"), margin: 0 },
  "& > span": {
    fontSize: FONT_SIZE[size],
    fontWeight: 700,
    color: discounted ? theme.palette.secondary.main : theme.palette.text.primary,
  },
  "& > del": { fontSize: `calc(${FONT_SIZE[size]} * 0.8)`, color: theme.palette.text.secondary },
  "& .visually-hidden": visuallyHidden,
}));

export function Price({ price, discount, currency, rate, size = "medium" }: PriceProps) {
  const money = { currency, rate };
  const discounted = discount > 0;
  return (
    <Root size={size} discounted={discounted} data-currency={currency}>
      <span>
        {discounted && <span className="visually-hidden">Now </span>}
        {showDiscounted(price, discount, money)}
      </span>
      {discounted && (
        <del>
          <span className="visually-hidden">was </span>
          {showUsd(price, money)}
        </del>
      )}
    </Root>
  );
}
