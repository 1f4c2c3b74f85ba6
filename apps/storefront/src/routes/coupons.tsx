/**
 * /coupons: the coupons usable now, then those still to come, each with its state (@shop/domain/coupons), code,
 * discount, time until it starts or ends and a copy button.
 */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { couponState } from "@shop/domain/coupons";
import { CouponCard } from "@shop/ui/coupon-card";
import { useQuery } from "@tanstack/react-query";
import { type Loader, type Meta, pageHead } from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { useMoney } from "#features/currency/use-money.ts";
import { api } from "#lib/api.ts";
import { firstScreenKeys } from "#lib/first-screen.ts";

/** Copies a code to the clipboard; false when the browser refuses. */
async function copyCode(code: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(code);
    return true;
  } catch {
    return false;
  }
}

export const loader: Loader<"coupons"> = async ({ client }) => [
  { key: firstScreenKeys.coupons(), data: await client.coupons.list() },
];

export const meta: Meta<"coupons"> = (args) =>
  pageHead(
    args,
    "Coupons",
    "The coupon codes in force now and those coming soon, what each one takes off and when it starts or ends.",
  );

/** The ones usable now before those still to come, each group in the API's order (ending soonest first). */
const usableFirst = <T extends Parameters<typeof couponState>[0]>(coupons: T[]): T[] => {
  const now = Date.now();
  const rank = (coupon: T) => (couponState(coupon, now) === "active" ? 0 : 1);
  return [...coupons].sort((a, b) => rank(a) - rank(b));
};

export default function CouponsPage() {
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
          {usableFirst(data.items).map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} money={money} onCopy={copyCode} />
          ))}
        </Box>
      )}
    </Container>
  );
}
