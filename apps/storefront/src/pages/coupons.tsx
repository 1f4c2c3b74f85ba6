/** /coupons: the coupons usable now, each with its code, discount, time left and a copy button. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { Coupon } from "@shop/domain/schemas";
import { Countdown } from "@shop/ui/countdown";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "#components/load-error.tsx";
import { formatUsd, useMoney } from "#features/currency/use-money.ts";
import { api } from "#lib/api.ts";
import { firstScreenKeys } from "#lib/first-screen.ts";
import { usePageHead } from "#lib/head.ts";

function CouponCard({ coupon }: { coupon: Coupon }) {
  const money = useMoney();
  const [copied, setCopied] = useState(false);
  const discount =
    coupon.kind === "percent"
      ? `${coupon.value}% off`
      : `${money ? formatUsd(money, coupon.value) : "…"} off`;
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
      }}
    >
      <Typography component="h2" variant="h4">
        {coupon.title}
      </Typography>
      <Typography sx={{ fontWeight: 700, color: "secondary.main", fontSize: "1.25rem" }}>
        {discount}
      </Typography>
      {coupon.minOrderAmount > 0 && (
        <Typography variant="body2">
          On orders of {money ? formatUsd(money, coupon.minOrderAmount) : "…"} or more
        </Typography>
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
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(coupon.code);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
          aria-label={`Copy code ${coupon.code}`}
        >
          {copied ? "Copied" : "Copy code"}
        </Button>
      </Box>
    </Box>
  );
}

export default function CouponsPage() {
  usePageHead("Coupons", "Coupon codes you can use in the shop today.");
  const { data, error, refetch, isPending } = useQuery({
    queryKey: firstScreenKeys.coupons(),
    queryFn: () => api((client) => client.coupons.list()),
  });
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
        Coupons
      </Typography>
      {isPending && <Skeleton variant="rectangular" sx={{ height: 200, borderRadius: 2 }} />}
      {error && <LoadError error={error} onRetry={() => refetch()} what="the coupons" />}
      {data && data.items.length === 0 && (
        <Typography role="status">No coupons right now. Check back soon.</Typography>
      )}
      {data && data.items.length > 0 && (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "repeat(3, 1fr)" },
          }}
        >
          {data.items.map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} />
          ))}
        </Box>
      )}
    </Container>
  );
}
