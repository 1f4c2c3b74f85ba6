/** The cart's lines: picture, title, unit and line price, quantity controls and remove; every change toasts. */
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import RemoveIcon from "@mui/icons-material/Remove";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { formatMoney } from "@shop/domain/currency";
import { cartLineKey, describeOptions, variantTitle } from "@shop/domain/variant-lines";
import { StockHint } from "@shop/ui/stock-hint";
import { useSetAtom } from "jotai";
import { type ReactNode, useState } from "react";
import { ShopPrice } from "#components/shop-price.tsx";
import { useMoney } from "#features/currency/use-money.ts";
import { shopHref } from "#routes.ts";
import {
  type CartLine,
  decrementCartItemAtom,
  incrementCartItemAtom,
  removeFromCartAtom,
  setCartItemQuantityAtom,
} from "../atoms.ts";
import { LineVariantChoice } from "./line-variant-choice.tsx";

/** The line's name where two sizes must be told apart: "Tempo Knit Running Shoe — Coral / 42". */
const nameOf = (line: CartLine) => variantTitle(line.title, line.variantOptions ?? {});

/** The line's product page, opened on its variant. */
const hrefOf = (line: CartLine) =>
  line.variantSku
    ? `${shopHref.product(line.id)}?${new URLSearchParams({ sku: line.variantSku })}`
    : shopHref.product(line.id);

/** "Color: Coral · Size: 42" */
function VariantOptions({ line }: { line: CartLine }) {
  const text = describeOptions(line.variantOptions);
  if (text === "") return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="cart-line-options">
      {text}
    </Typography>
  );
}

/** The quantity field: typed values apply on Enter or when the field is left (an emptied field changes nothing). */
function LineQuantity({ line }: { line: CartLine }) {
  const increment = useSetAtom(incrementCartItemAtom);
  const decrement = useSetAtom(decrementCartItemAtom);
  const setQuantity = useSetAtom(setCartItemQuantityAtom);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() !== "" && Number(draft) !== line.orderQuantity) {
      setQuantity({ lineKey: cartLineKey(line), quantity: Number(draft) });
    }
  };
  return (
    <Box
      sx={{
        display: "inline-flex",
        alignItems: "center",
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
      }}
    >
      <IconButton
        size="small"
        aria-label={`Decrease quantity of ${nameOf(line)}`}
        onClick={() => decrement(cartLineKey(line))}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Box
        component="input"
        type="number"
        inputMode="numeric"
        aria-label={`Quantity of ${nameOf(line)}`}
        value={draft ?? line.orderQuantity}
        onChange={(event) => setDraft((event.target as HTMLInputElement).value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
        sx={{
          width: 44,
          textAlign: "center",
          font: "inherit",
          fontWeight: 600,
          border: 0,
          bgcolor: "transparent",
          color: "text.primary",
          MozAppearance: "textfield",
          "&::-webkit-inner-spin-button": { display: "none" },
        }}
      />
      <IconButton
        size="small"
        aria-label={`Increase quantity of ${nameOf(line)}`}
        onClick={() => increment(cartLineKey(line))}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

export function CartLines({
  lines,
  lineTotals,
  compact = false,
  actions,
}: {
  lines: readonly CartLine[];
  /** Each line's total in the display currency (the order summary's, so they add up to its subtotal). */
  lineTotals: readonly number[] | null;
  compact?: boolean;
  /** More buttons for a line (the cart page's "save for later"). */
  actions?: (line: CartLine) => ReactNode;
}) {
  const money = useMoney();
  const remove = useSetAtom(removeFromCartAtom);
  const size = compact ? 64 : 96;
  return (
    <Box component="ul" aria-label="Cart lines" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {lines.map((line, index) => {
        const total = lineTotals?.[index];
        return (
          <Box
            component="li"
            key={cartLineKey(line)}
            sx={{ display: "flex", gap: 1.5, py: 1.5, borderBottom: 1, borderColor: "divider" }}
          >
            <Box
              component="img"
              src={line.img}
              alt=""
              width={size}
              height={size}
              loading="lazy"
              sx={{
                width: size,
                height: size,
                objectFit: "cover",
                borderRadius: 1,
                bgcolor: "#eef0f4",
                flexShrink: 0,
              }}
            />
            <Box sx={{ flex: 1, minWidth: 0, display: "grid", gap: 0.5 }}>
              <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Link href={hrefOf(line)} sx={{ fontWeight: 600, color: "text.primary" }}>
                    {nameOf(line)}
                  </Link>
                  <VariantOptions line={line} />
                  <LineVariantChoice line={line} />
                </Box>
                <IconButton
                  size="small"
                  aria-label={`Remove ${nameOf(line)}`}
                  onClick={() => remove(cartLineKey(line))}
                  sx={{ mt: -0.5 }}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Box>
              <Box sx={{ display: "flex", alignItems: "baseline", gap: 1, color: "text.secondary" }}>
                <ShopPrice price={line.price} discount={line.discount} size="small" />
                <Typography variant="body2">each{line.unit ? ` · ${line.unit}` : ""}</Typography>
              </Box>
              <Box
                sx={{
                  display: "flex",
                  alignItems: "center",
                  justifyContent: "space-between",
                  gap: 1,
                  flexWrap: "wrap",
                }}
              >
                <LineQuantity line={line} />
                <Typography sx={{ fontWeight: 700 }}>
                  {total === undefined || !money ? (
                    <Skeleton width={72} />
                  ) : (
                    formatMoney(total, money.currency)
                  )}
                </Typography>
              </Box>
              <StockHint stock={line.quantity} chosen={line.orderQuantity} />
              {actions?.(line)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
