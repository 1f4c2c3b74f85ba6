/**
 * A coupon as the coupons page shows it: its state (@shop/domain/coupons), title, what it takes off, its minimum order
 * and product type, time until it starts or ends, and its code with a copy button while it can be used or is still to
 * come. Every amount is written from the coupon's rule in the shopper's currency.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type CouponState, couponState } from "@shop/domain/coupons";
import type { Coupon } from "@shop/domain/schemas/public";
import { useState } from "react";
import { Countdown } from "../countdown/countdown.tsx";
import { type MoneyProps, showUsd } from "../internal/money.ts";

export interface CouponCardProps {
  coupon: Pick<
    Coupon,
    | "code"
    | "title"
    | "kind"
    | "value"
    | "minOrderAmount"
    | "productType"
    | "startsAt"
    | "endsAt"
    | "active"
    | "usageLimit"
    | "timesUsed"
  >;
  /** The shopper's currency and rate; null while a DOP rate loads (amounts wait for it). */
  money: MoneyProps | null;
  /** Copies the code; answers whether it worked. */
  onCopy(code: string): Promise<boolean>;
  /** The clock; stories pass their own. */
  now?: () => number;
}

const STATE_LABELS: Record<CouponState, string> = {
  active: "Active",
  scheduled: "Coming soon",
  expired: "Expired",
  "used-up": "Used up",
  paused: "Paused",
};

export function CouponCard({ coupon, money, onCopy, now = Date.now }: CouponCardProps) {
  const [copied, setCopied] = useState(false);
  const state = couponState(coupon, now());
  const usable = state === "active" || state === "scheduled";
  const amount = (usd: number) => (money ? showUsd(usd, money) : "…");
  const discount = coupon.kind === "percent" ? `${coupon.value}% off` : `${amount(coupon.value)} off`;
  return (
    <Box
      component="article"
      sx={{
        p: 2,
        border: 1,
        borderColor: "divider",
        borderRadius: 2,
        bgcolor: "background.paper",
        display: "flex",
        flexDirection: "column",
        gap: 1,
        minWidth: 0,
      }}
    >
      {/* Read at the moment of drawing: a page drawn by the server a while ago may differ by then. */}
      <Typography
        variant="overline"
        suppressHydrationWarning
        data-state={state}
        sx={{ lineHeight: 1.5, fontWeight: 700, color: usable ? "success.dark" : "text.secondary" }}
      >
        {STATE_LABELS[state]}
      </Typography>
      <Typography component="h2" variant="h4">
        {coupon.title}
      </Typography>
      <Typography sx={{ fontWeight: 700, color: "secondary.main", fontSize: "1.25rem" }}>
        {discount}
      </Typography>
      {coupon.minOrderAmount > 0 && (
        <Typography variant="body2">On orders of {amount(coupon.minOrderAmount)} or more</Typography>
      )}
      {coupon.productType && <Typography variant="body2">On {coupon.productType} products</Typography>}
      {state === "scheduled" && coupon.startsAt && (
        <Countdown
          endDate={coupon.startsAt}
          now={now}
          label="Starts in"
          endedText="This coupon can be used now"
        />
      )}
      {state === "active" && coupon.endsAt && (
        <Countdown endDate={coupon.endsAt} now={now} label="Ends in" endedText="This coupon has ended" />
      )}
      {state === "expired" && <Typography color="text.secondary">This coupon has ended</Typography>}
      {state === "used-up" && <Typography color="text.secondary">This coupon has been used up</Typography>}
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1 }}>
        <Box
          component="code"
          sx={{
            px: 1.5,
            py: 0.75,
            border: "1px dashed",
            borderColor: "text.secondary",
            borderRadius: 1,
            fontWeight: 700,
          }}
        >
          {coupon.code}
        </Box>
        {usable && (
          <Button
            variant="outlined"
            onClick={async () => setCopied(await onCopy(coupon.code))}
            // The name holds the visible words, and the code they are about.
            aria-label={`${copied ? "Copied" : "Copy code"} ${coupon.code}`}
          >
            {copied ? "Copied" : "Copy code"}
          </Button>
        )}
      </Box>
    </Box>
  );
}
