/**
 * /order?id={id}: one of the signed-in shopper's orders. Back from the card gateway (`payment=`), it says how the
 * payment went; a card order just placed goes straight to the gateway; an unpaid card order asks the shop to check
 * with the gateway once (a tab closed after paying).
 */
import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type Meta, pageTitle } from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { useQueryParams } from "#components/redirect.tsx";
import { RequireSession } from "#features/auth/components/require-session.tsx";
import { OrderDetails } from "#features/orders/components/order-details.tsx";
import { usePayNow } from "#features/orders/components/order-payment.tsx";
import { orderQueries } from "#features/orders/queries.ts";
import { api } from "#lib/api.ts";
import { isNotFound } from "#lib/errors.ts";
import { shopRoutes } from "#routes.ts";

const PAYMENT_NEWS = {
  approved: { severity: "success", text: "Thank you! Your payment is received." },
  declined: { severity: "error", text: "Your card was declined; nothing was charged. You can pay again." },
  failed: {
    severity: "error",
    text: "The payment could not be completed; nothing was charged. You can pay again.",
  },
  cancelled: { severity: "info", text: "The payment was cancelled. You can pay when you are ready." },
} as const;

function OrderView({
  id,
  payment,
  token,
}: {
  id: string;
  payment: string | null;
  token?: string | undefined;
}) {
  const state = useLocation().state as { placed?: boolean; pay?: boolean } | null;
  const placed = state?.placed === true;
  const queryClient = useQueryClient();
  const { data, error, refetch, isPending } = useQuery(
    token ? orderQueries.linked(id, token) : orderQueries.one(id),
  );
  const methods = useQuery(orderQueries.paymentMethods());
  const pay = usePayNow(id, token);
  const started = useRef(false);
  const checked = useRef(false);

  useEffect(() => {
    if (!data) return;
    // A card order just placed goes to the gateway at once.
    if (state?.pay && data.payment.canPayNow && !started.current) {
      started.current = true;
      pay.mutate();
      return;
    }
    // An unpaid card order: the shop asks the gateway whether it was paid after all, once.
    if (data.paymentMethod === "card" && data.payment.state !== "paid" && !checked.current && !state?.pay) {
      checked.current = true;
      api((client) => client.orders.checkPayment(id, token))
        .then((checkedPayment) => {
          if (checkedPayment.state !== data.payment.state) {
            queryClient.setQueryData(orderQueries.one(id).queryKey, { ...data, payment: checkedPayment });
          }
        })
        .catch(() => {});
    }
  }, [data, id, pay, queryClient, state?.pay, token]);

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
  const news = payment && payment in PAYMENT_NEWS ? PAYMENT_NEWS[payment as keyof typeof PAYMENT_NEWS] : null;
  return (
    <>
      {placed && (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Thank you! Your order {data.orderNumber} is placed.{" "}
          {state?.pay ? "Opening the payment page…" : "We will let you know when it ships."}
        </Alert>
      )}
      {news && !placed && (
        <Alert severity={news.severity} role="status" sx={{ mb: 3 }}>
          {news.text}
        </Alert>
      )}
      <OrderDetails order={data} bankDetails={methods.data?.bankTransferDetails} token={token} />
    </>
  );
}

export const meta: Meta<"order"> = () => ({ title: pageTitle("Order") });

export default function OrderPage() {
  const params = useQueryParams();
  const id = params.get("id");
  const token = params.get("token");
  // The signed link in the order's mails opens it without a session (a guest has none).
  if (id && token) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
        <OrderView id={id} payment={params.get("payment")} token={token} />
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <RequireSession>
        {() =>
          id ? (
            <OrderView id={id} payment={params.get("payment")} />
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
