/** /order?id={id}: one of the signed-in shopper's orders. */
import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import { shopRoutes } from "@shop/domain/routes";
import { useQuery } from "@tanstack/react-query";
import { useLocation } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { useQueryParams } from "#components/redirect.tsx";
import { RequireSession } from "#features/auth/components/require-session.tsx";
import { OrderDetails } from "#features/orders/components/order-details.tsx";
import { orderQueries } from "#features/orders/queries.ts";
import { isNotFound } from "#lib/errors.ts";
import { usePageHead } from "#lib/use-page-head.ts";

function OrderView({ id }: { id: string }) {
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const { data, error, refetch, isPending } = useQuery(orderQueries.one(id));
  if (isPending) return <Skeleton variant="rectangular" height={320} sx={{ borderRadius: 2 }} />;
  if (error) {
    return isNotFound(error) ? (
      <Alert severity="warning">
        We could not find this order among yours. <Link href={shopRoutes.account.path}>See your orders</Link>.
      </Alert>
    ) : (
      <LoadError error={error} onRetry={() => refetch()} what="this order" />
    );
  }
  return (
    <>
      {placed && (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Thank you! Your order {data.orderNumber} is placed. We will let you know when it ships.
        </Alert>
      )}
      <OrderDetails order={data} />
    </>
  );
}

export default function OrderPage() {
  usePageHead("Order");
  const id = useQueryParams().get("id");
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <RequireSession>
        {() =>
          id ? (
            <OrderView id={id} />
          ) : (
            <Alert severity="warning">
              This link names no order. <Link href={shopRoutes.account.path}>See your orders</Link>.
            </Alert>
          )
        }
      </RequireSession>
    </Container>
  );
}
