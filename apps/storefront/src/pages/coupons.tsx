/** /coupons: the coupons usable now, each with its code, discount, time left and a copy button. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { CouponCard } from "@shop/ui/coupon-card";
import { useQuery } from "@tanstack/react-query";
import { LoadError } from "#components/load-error.tsx";
import { useMoney } from "#features/currency/use-money.ts";
import { api } from "#lib/api.ts";
import { firstScreenKeys } from "#lib/first-screen.ts";
import { usePageHead } from "#lib/use-page-head.ts";

/** Copies a code to the clipboard; false when the browser refuses. */
async function copyCode(code: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(code);
    return true;
  } catch {
    return false;
  }
}

export default function CouponsPage() {
  usePageHead("Coupons", "Coupon codes you can use in the shop today.");
  const money = useMoney();
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
            <CouponCard key={coupon.id} coupon={coupon} money={money} onCopy={copyCode} />
          ))}
        </Box>
      )}
    </Container>
  );
}
