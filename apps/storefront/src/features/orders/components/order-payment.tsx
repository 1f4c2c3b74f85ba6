/**
 * An order's payment and progress for its shopper: the payment state, how to pay a transfer (the shop's account,
 * the order number as the reference), "Pay now" for a card order still unpaid, the money received and given
 * back, the parcel's tracking and the order's history.
 */
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { formatMoney } from "@shop/domain/currency";
import { orderLabels } from "@shop/domain/messages";
import { toCents } from "@shop/domain/money";
import type { Order } from "@shop/domain/schemas/public";
import { useMutation, useQuery } from "@tanstack/react-query";
import { FormError } from "#components/form.tsx";
import { api } from "#lib/api.ts";
import { orderQueries } from "../queries.ts";

/** Posts the signed form to the card gateway's hosted page from this browser, as the gateway requires. */
export function postToGateway(form: { action: string; fields: Record<string, string> }) {
  const element = document.createElement("form");
  element.method = "POST";
  element.action = form.action;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/** Asks the shop for the signed form of this order's total and goes to the card gateway with it. */
export function usePayNow(orderId: string, token?: string) {
  return useMutation({
    mutationFn: () => api((client) => client.orders.pay(orderId, token)),
    onSuccess: postToGateway,
  });
}

export function PayNow({ order, token }: { order: Order; token?: string | undefined }) {
  const pay = usePayNow(order.id, token);
  return (
    <Box sx={{ display: "grid", gap: 1, justifyItems: "start" }}>
      <Button variant="contained" disabled={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
        {pay.isPending || pay.isSuccess ? "Opening the payment page…" : "Pay now"}
      </Button>
      <FormError error={pay.error} />
    </Box>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function PaymentChip({ state }: { state: Order["payment"]["state"] }) {
  const color = state === "paid" ? "success" : state === "failed" ? "error" : "default";
  return <Chip size="small" label={orderLabels.paymentState[state]} color={color} variant="outlined" />;
}

export function OrderPayment({
  order,
  bankDetails,
  token,
}: {
  order: Order;
  bankDetails: string | null | undefined;
  /** The order link's signature, for a guest without a session. */
  token?: string | undefined;
}) {
  const money = (amount: number) => formatMoney(toCents(amount), order.currency);
  const p = order.payment;
  const transferDue =
    order.paymentMethod === "bank_transfer" && p.state === "unpaid" && order.status !== "cancelled";
  return (
    <Box component="section" aria-labelledby="order-payment" sx={{ display: "grid", gap: 1.5 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <Typography id="order-payment" component="h2" variant="h3">
          Payment
        </Typography>
        <PaymentChip state={p.state} />
      </Box>
      {transferDue && (
        <Alert severity="info" icon={false}>
          <Typography sx={{ fontWeight: 600 }}>
            Please transfer {money(order.totalsInCurrency.total)} with "Order {order.orderNumber}" as the
            reference.
          </Typography>
          {bankDetails ? (
            <Typography>Our bank account: {bankDetails}</Typography>
          ) : (
            <Typography>
              Ask us for our bank account details through the <Link href="/contact">contact page</Link>.
            </Typography>
          )}
          <Typography variant="body2">We send your order once the transfer arrives.</Typography>
        </Alert>
      )}
      {p.canPayNow && (
        <>
          {p.state === "failed" && (
            <Alert severity="error">Your last payment did not go through. You can try again.</Alert>
          )}
          <PayNow order={order} token={token} />
        </>
      )}
      {p.records.length > 0 && (
        <Box component="ul" aria-label="Payments and refunds" sx={{ m: 0, pl: 2.5 }}>
          {p.records.map((r) => (
            <li key={r.id}>
              {r.kind === "payment" ? "Paid" : "Refunded"} {money(r.amount)} on {when(r.at)}
              {r.kind === "refund" && r.note ? ` (${r.note})` : ""}
            </li>
          ))}
        </Box>
      )}
      {order.shipment && (
        <Typography>
          Shipped with {order.shipment.carrier}, tracking number{" "}
          {order.shipment.trackingUrl ? (
            <Link href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
              {order.shipment.trackingNumber}
            </Link>
          ) : (
            order.shipment.trackingNumber
          )}
        </Typography>
      )}
      <OrderReturns order={order} token={token} />
      {order.history.length > 0 && (
        <Box>
          <Typography component="h3" variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 0.5 }}>
            History
          </Typography>
          <Box component="ol" aria-label="Order history" sx={{ m: 0, pl: 2.5 }}>
            {order.history.map((h) => (
              <li key={`${h.at}-${h.to}`}>
                {when(h.at)}: {orderLabels.status[h.to]}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The returns staff opened on the order: what is expected back, and what arrived. */
function OrderReturns({ order, token }: { order: Order; token?: string | undefined }) {
  const returnable = order.status === "shipped" || order.status === "delivered";
  const returns = useQuery({ ...orderQueries.returns(order.id, token), enabled: returnable });
  if (!returns.data?.length) return null;
  return (
    <Box>
      <Typography component="h3" variant="h4" sx={{ fontSize: "1rem", fontWeight: 700, mb: 0.5 }}>
        Returns
      </Typography>
      <Box component="ul" aria-label="Returns" sx={{ m: 0, pl: 2.5 }}>
        {returns.data.map((r) => (
          <li key={r.id}>
            {r.status === "received" ? `Received on ${when(r.receivedAt!)}` : `Opened on ${when(r.openedAt)}`}{" "}
            ({r.reason}):{" "}
            {r.lines
              .map((l) =>
                r.status === "received"
                  ? `${l.quantity} × ${l.title} (${l.good ?? 0} in good condition${l.damaged ? `, ${l.damaged} damaged` : ""})`
                  : `${l.quantity} × ${l.title}`,
              )
              .join("; ")}
          </li>
        ))}
      </Box>
    </Box>
  );
}
