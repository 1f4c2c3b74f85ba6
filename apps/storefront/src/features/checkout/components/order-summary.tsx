/** The order as it will be placed: each line (with the server's refusal beside it, if any) and the totals. */

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatMoney } from "@shop/domain/currency";
import { itbisMessages } from "@shop/domain/messages";
import type { ShippingMethod } from "@shop/domain/schemas/public";
import { cartLineKey, describeOptions, variantTitle } from "@shop/domain/variant-lines";
import type { ReactNode } from "react";
import { TotalsTable } from "#components/totals-table.tsx";
import { orderSummary, type SummaryLine } from "#features/checkout/order-totals.ts";
import { useMoney } from "#features/currency/use-money.ts";

export type CheckoutLine = SummaryLine & {
  img: string;
  /** The variant the line buys, and its values ({Color: "Coral", Size: "42"}). */
  variantId?: string | null;
  variantOptions?: Record<string, string> | null;
};

/**
 * A line the server refused, with its text: for stock (the cart now holds what is left) or for naming no variant (a
 * line kept from before sizes, whose size the cart asks for).
 */
export interface Refusal {
  lineKey: string;
  title: string;
  message: string;
  kind: "stock" | "variant";
}

export interface CheckoutCoupon {
  code: string | null;
  /** The server-validated discount in decimal USD; 0 when none applies. */
  discount: number;
}

export function OrderSummary({
  lines,
  coupon,
  shipping,
  refusals = [],
  children,
}: {
  lines: readonly CheckoutLine[];
  coupon: CheckoutCoupon;
  shipping: ShippingMethod | null;
  /** Lines the server refused, with its text; the line may already be gone from the cart. */
  refusals?: Refusal[];
  /** Below the lines, above the totals (the coupon field). */
  children?: ReactNode;
}) {
  const money = useMoney();
  const totals = orderSummary({ lines, couponDiscount: coupon.discount, shipping, money, now: new Date() });
  const amount = (cents: number | undefined) =>
    totals && money && cents !== undefined ? formatMoney(cents, money.currency) : null;
  return (
    <Box
      component="section"
      aria-labelledby="summary-title"
      sx={{
        p: 2,
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        bgcolor: "background.paper",
        display: "grid",
        gap: 2,
      }}
    >
      <Typography id="summary-title" component="h2" variant="h3">
        Order summary
      </Typography>
      {refusals.length > 0 && (
        <Alert severity="error">
          {refusals.map((refusal) => (
            <div key={refusal.lineKey}>
              {refusal.title}: {refusal.message}
            </div>
          ))}
          {refusals.some((refusal) => refusal.kind === "stock")
            ? "Your cart now holds what is left; check it and place the order again."
            : "Choose it on the line in your cart, then place the order again."}
        </Alert>
      )}
      <Box component="ul" aria-label="Items in the order" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {lines.map((line, index) => (
          <Box component="li" key={cartLineKey(line)} sx={{ py: 1, borderBottom: 1, borderColor: "divider" }}>
            <Box sx={{ display: "flex", gap: 1.5, alignItems: "center" }}>
              <Box
                component="img"
                src={line.img}
                alt=""
                width={48}
                height={48}
                sx={{ width: 48, height: 48, objectFit: "cover", borderRadius: 1, bgcolor: "#eef0f4" }}
              />
              <Typography sx={{ flex: 1, minWidth: 0 }}>
                {line.orderQuantity} × {variantTitle(line.title, line.variantOptions ?? {})}
                {describeOptions(line.variantOptions) && (
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: "block" }}
                  >
                    {describeOptions(line.variantOptions)}
                  </Typography>
                )}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>
                {amount(totals?.lineTotalsCents[index]) ?? "…"}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      {children}
      <TotalsTable
        label="Order totals"
        note={itbisMessages.included}
        rows={[
          { label: "Subtotal", value: amount(totals?.subtotalCents) },
          ...(coupon.discount > 0
            ? [
                {
                  label: `Coupon ${coupon.code ?? ""}`.trim(),
                  value: amount(totals ? -totals.discountCents : undefined),
                },
              ]
            : []),
          {
            label: shipping ? `Shipping (${shipping.name})` : "Shipping",
            value: !shipping
              ? "Choose a method"
              : totals?.shippingCents === 0
                ? "Free"
                : amount(totals?.shippingCents),
          },
          { label: "Total", value: amount(totals?.totalCents) },
        ]}
      />
    </Box>
  );
}
