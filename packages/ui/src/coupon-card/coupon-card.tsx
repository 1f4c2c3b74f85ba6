/**
 * A coupon as the coupons page shows it: its title, what it takes off, its minimum order and product type, time
 * left, and its code with a copy button. Every amount is written from the coupon's rule in the shopper's currency.
 */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { Coupon } from "@shop/domain/schemas/public";
import { useState } from "react";
import { Countdown } from "../countdown/countdown.tsx";
import { type MoneyProps, showUsd } from "../internal/money.ts";

export interface CouponCardProps {
  coupon: Pick<Coupon, "code" | "title" | "kind" | "value" | "minOrderAmount" | "productType" | "endsAt">;
  /** The shopper's currency and rate; null while a DOP rate loads (amounts wait for it). */
  money: MoneyProps | null;
  /** Copies the code; answers whether it worked. */
  onCopy(code: string): Promise<boolean>;
}

export function CouponCard({ coupon, money, onCopy }: CouponCardProps) {
  const [copied, setCopied] = useState(false);
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
      {coupon.endsAt && (
        <Countdown endDate={coupon.endsAt} label="Ends in" endedText="This coupon has ended" />
      )}
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
        <Button
          variant="outlined"
          onClick={async () => setCopied(await onCopy(coupon.code))}
          // The name holds the visible words, and the code they are about.
          aria-label={`${copied ? "Copied" : "Copy code"} ${coupon.code}`}
        >
          {copied ? "Copied" : "Copy code"}
        </Button>
      </Box>
    </Box>
  );
}
