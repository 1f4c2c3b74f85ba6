/**
 * The words beside a quantity (the product page's, a cart line's): "Only 2 left" while the stock is
 * LOW_STOCK_THRESHOLD or fewer, and, once the quantity chosen reaches the stock, that it is all there is, so a plus
 * button that stops says why.
 */
import Typography from "@mui/material/Typography";
import { LOW_STOCK_THRESHOLD } from "@shop/domain/constants";
import { stockMessages } from "@shop/domain/messages";

export interface StockHintProps {
  /** Units in stock. */
  stock: number;
  /** The quantity chosen (the field's, or the cart line's). */
  chosen: number;
}

export function StockHint({ stock, chosen }: StockHintProps) {
  const message =
    stock <= 0
      ? null
      : chosen >= stock
        ? stockMessages.allChosen(stock)
        : stock <= LOW_STOCK_THRESHOLD
          ? stockMessages.fewLeft(stock)
          : null;
  // A polite status that is always there (empty, it takes no height), so the words are read out as they change.
  return (
    <Typography role="status" variant="body2" sx={{ color: "warning.main", fontWeight: 600 }}>
      {message}
    </Typography>
  );
}
