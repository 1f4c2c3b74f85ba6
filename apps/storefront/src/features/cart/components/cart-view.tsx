/**
 * What the cart panel and the cart page show: the lines, a coupon the server checks, the totals in the
 * shopper's currency, and the ways on (checkout, continue shopping, clear); an empty cart says so.
 */
import ShoppingBagOutlinedIcon from "@mui/icons-material/ShoppingBagOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { formatMoney } from "@shop/domain/currency";
import { itbisMessages } from "@shop/domain/messages";
import { EmptyState } from "@shop/ui/empty-state";
import { useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { TotalsTable } from "#components/totals-table.tsx";
import { orderSummary } from "#features/checkout/order-totals.ts";
import { useMoney } from "#features/currency/use-money.ts";
import { shopRoutes } from "#routes.ts";
import { type CartLine, cartItemsAtom, clearCartAtom } from "../atoms.ts";
import { useCoupon } from "../use-coupon.ts";
import { CartLines } from "./cart-lines.tsx";
import { CouponField } from "./coupon-field.tsx";

export function CartView({
  compact = false,
  onLeave,
  lineActions,
}: {
  /** The side panel's narrow layout. */
  compact?: boolean;
  /** Called when a button leaves the cart (the panel closes). */
  onLeave?: () => void;
  lineActions?: (line: CartLine) => ReactNode;
}) {
  const lines = useAtomValue(cartItemsAtom);
  const clear = useSetAtom(clearCartAtom);
  const money = useMoney();
  const coupon = useCoupon(lines);

  if (lines.length === 0) {
    return (
      <EmptyState
        title="Your cart is empty"
        message="Find something you like in the shop and add it here."
        action={{ label: "Go to the shop", href: shopRoutes.shop.path }}
        icon={<ShoppingBagOutlinedIcon />}
        component={compact ? "h3" : "h2"}
      />
    );
  }

  const totals = orderSummary({ lines, couponDiscount: coupon.discount, money, now: new Date() });
  const amount = (cents: number | undefined) =>
    totals && money && cents !== undefined ? formatMoney(cents, money.currency) : null;
  const rows = [
    { label: "Subtotal", value: amount(totals?.subtotalCents) },
    ...(coupon.discount > 0
      ? [{ label: `Coupon ${coupon.code}`, value: amount(-(totals?.discountCents ?? 0)) }]
      : []),
    { label: "Total", value: amount(totals?.totalCents) },
  ];

  const summary = (
    <Box sx={{ display: "grid", gap: 2 }}>
      <CouponField lines={lines} check={coupon} />
      <TotalsTable rows={rows} label="Cart totals" note={itbisMessages.included} />
      <Button variant="contained" size="large" href={shopRoutes.checkout.path} onClick={onLeave}>
        Checkout
      </Button>
    </Box>
  );

  const more = (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "space-between" }}>
      <Button href={shopRoutes.shop.path} onClick={onLeave}>
        Continue shopping
      </Button>
      {compact && (
        <Button href={shopRoutes.cart.path} onClick={onLeave}>
          View cart
        </Button>
      )}
      <Button color="error" onClick={() => clear()}>
        Clear cart
      </Button>
    </Box>
  );

  if (compact) {
    return (
      <Box sx={{ display: "grid", gap: 2 }}>
        <CartLines lines={lines} lineTotals={totals?.lineTotalsCents ?? null} compact />
        {summary}
        {more}
      </Box>
    );
  }
  return (
    <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { md: "1fr 360px" }, alignItems: "start" }}>
      <Box sx={{ display: "grid", gap: 2 }}>
        <CartLines lines={lines} lineTotals={totals?.lineTotalsCents ?? null} actions={lineActions} />
        {more}
      </Box>
      <Box
        component="section"
        aria-label="Order summary"
        sx={{ p: 2, border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "background.paper" }}
      >
        {summary}
      </Box>
    </Box>
  );
}
