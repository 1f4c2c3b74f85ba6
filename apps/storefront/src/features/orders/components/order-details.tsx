/**
 * One order as it was placed: number, date, status, lines and totals in the currency and at the rate the
 * order recorded, address, shipping and payment; a pending order can be cancelled.
 */

import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { countryName } from "@shop/domain/constants";
import { formatMoney } from "@shop/domain/currency";
import { itbisMessages } from "@shop/domain/messages";
import { convertCents, toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { Order } from "@shop/domain/schemas/public";
import { describeOptions, lineOptions } from "@shop/domain/variant-lines";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "#components/form.tsx";
import { TotalsTable } from "#components/totals-table.tsx";
import { api } from "#lib/api.ts";
import { ORDER_STATUS_LABELS, orderQueries, PAYMENT_METHOD_LABELS } from "../queries.ts";
import { OrderPayment } from "./order-payment.tsx";

/** A USD amount of this order in its own currency, at its own rate (half up per amount, as the order was priced). */
function inOrderCurrency(order: Order, usdCents: number): string {
  return formatMoney(
    order.currency === "USD" ? usdCents : convertCents(usdCents, order.rate),
    order.currency,
  );
}

export function orderDate(order: Order): string {
  return new Date(order.createdAt).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

export function StatusChip({ status }: { status: Order["status"] }) {
  const color = status === "cancelled" ? "default" : status === "delivered" ? "success" : "primary";
  return <Chip size="small" label={ORDER_STATUS_LABELS[status]} color={color} variant="outlined" />;
}

/** The ITBIS inside the total, rate by rate when the order has more than one (in the order's currency). */
function ItbisNote({ order }: { order: Order }) {
  const { itbis } = order;
  if (!itbis) return itbisMessages.included;
  const money = (amount: number) => formatMoney(toCents(amount), order.currency);
  const taxed = itbis.byRate.filter((r) => r.rate > 0);
  return (
    <>
      {itbisMessages.includedAmount(money(itbis.totalInCurrency))}
      {taxed.length > 1 || itbis.byRate.some((r) => r.rate === 0)
        ? itbis.byRate.map((r) => (
            <Box component="span" key={r.rate} sx={{ display: "block" }}>
              {itbisMessages.rate(r.rate)}: {r.rate === 0 ? money(r.gross) : money(r.itbis)}
            </Box>
          ))
        : null}
    </>
  );
}

function CancelOrder({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => api((client) => client.orders.cancel(order.id)),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(orderQueries.one(order.id).queryKey, cancelled);
      queryClient.invalidateQueries({ queryKey: ["orders", "mine"] });
    },
  });
  if (!asking) {
    return (
      <Button color="error" variant="outlined" onClick={() => setAsking(true)}>
        Cancel order
      </Button>
    );
  }
  return (
    <Alert
      severity="warning"
      action={
        <Box sx={{ display: "flex", gap: 1 }}>
          <Button
            color="error"
            variant="contained"
            size="small"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            Yes, cancel it
          </Button>
          <Button color="inherit" size="small" onClick={() => setAsking(false)}>
            Keep it
          </Button>
        </Box>
      }
    >
      Cancel order {order.orderNumber}? The items go back to the shop.
      <FormError error={cancel.error} />
    </Alert>
  );
}

export function OrderDetails({
  order,
  bankDetails,
  token,
}: {
  order: Order;
  bankDetails?: string | null;
  /** Opened through the order's signed link (a guest): no cancelling, which needs a session. */
  token?: string | undefined;
}) {
  const totals = order.totalsInCurrency;
  const money = (amount: number) => formatMoney(toCents(amount), order.currency);
  const address = order.shippingAddress;
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "1.5rem", md: "2rem" } }}>
          Order {order.orderNumber}
        </Typography>
        <StatusChip status={order.status} />
      </Box>
      <Typography sx={{ color: "text.secondary", mt: -2 }}>
        Placed on {orderDate(order)}
        {order.currency === "DOP" && ` · 1 US$ = ${order.rate} RD$`}
      </Typography>

      <Box component="section" aria-labelledby="order-lines">
        <Typography id="order-lines" component="h2" variant="h3" sx={{ mb: 1 }}>
          Items
        </Typography>
        <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {order.items.map((line) => (
            <Box
              component="li"
              key={`${line.productId}-${line.sku}-${line.color ?? ""}-${line.size ?? ""}`}
              sx={{
                display: "flex",
                gap: 2,
                py: 1.5,
                borderBottom: 1,
                borderColor: "divider",
                alignItems: "center",
              }}
            >
              <Box
                component="img"
                src={line.img}
                alt=""
                width={64}
                height={64}
                sx={{ width: 64, height: 64, objectFit: "cover", borderRadius: 1, bgcolor: "#eef0f4" }}
              />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{line.title}</Typography>
                <Typography variant="body2" sx={{ color: "text.secondary" }}>
                  {line.quantity} ×{" "}
                  {inOrderCurrency(order, discountedPriceCents(toCents(line.unitPrice), line.discount))}
                </Typography>
                {describeOptions(lineOptions(line)) && (
                  <Typography
                    variant="body2"
                    sx={{ color: "text.secondary" }}
                    data-testid="order-line-options"
                  >
                    {describeOptions(lineOptions(line))}
                  </Typography>
                )}
              </Box>
              <Typography sx={{ fontWeight: 700 }}>
                {inOrderCurrency(order, toCents(line.lineTotal))}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>

      <Box sx={{ maxWidth: 420, width: "100%", justifySelf: { md: "end" } }}>
        <TotalsTable
          label="Order totals"
          rows={[
            { label: "Subtotal", value: money(totals.subtotal) },
            ...(totals.discount > 0
              ? [{ label: `Coupon ${order.couponCode ?? ""}`.trim(), value: money(-totals.discount) }]
              : []),
            { label: `Shipping (${order.shippingMethod.name})`, value: money(totals.shipping) },
            { label: "Total", value: money(totals.total) },
          ]}
          note={<ItbisNote order={order} />}
        />
      </Box>

      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { sm: "1fr 1fr" } }}>
        <Box component="section" aria-labelledby="order-address">
          <Typography id="order-address" component="h2" variant="h3" sx={{ mb: 1 }}>
            Shipping address
          </Typography>
          <Typography component="address" sx={{ fontStyle: "normal" }}>
            {address.streetAddress}
            <br />
            {[address.city, address.province, address.postalCode].filter(Boolean).join(", ")}
            {address.city || address.province || address.postalCode ? <br /> : null}
            {countryName(address.country)}
            <br />
            {order.phone}
          </Typography>
        </Box>
        <Box component="section" aria-labelledby="order-delivery">
          <Typography id="order-delivery" component="h2" variant="h3" sx={{ mb: 1 }}>
            Shipping and payment
          </Typography>
          <Typography>Shipping: {order.shippingMethod.name}</Typography>
          <Typography>Payment: {PAYMENT_METHOD_LABELS[order.paymentMethod]}</Typography>
          {order.fiscal ? (
            <Typography>
              Tax receipt for: {order.fiscal.name} ({order.fiscal.taxId})
            </Typography>
          ) : null}
          {order.receipt ? (
            <Typography>
              Receipt {order.receipt.encf}:{" "}
              <a href={order.receipt.url} target="_blank" rel="noopener">
                print or save your receipt
              </a>{" "}
              or{" "}
              <a href={order.receipt.pdfUrl} download>
                download it as a PDF
              </a>
            </Typography>
          ) : order.itbis && order.status !== "cancelled" && order.status !== "delivered" ? (
            <Typography sx={{ color: "text.secondary" }}>
              Your receipt is issued when the order is delivered.
            </Typography>
          ) : null}
          {order.note && <Typography sx={{ mt: 1 }}>Note: {order.note}</Typography>}
        </Box>
      </Box>
      <OrderPayment order={order} bankDetails={bankDetails} token={token} />
      {!token && order.status === "pending" && order.payment.state !== "paid" && (
        <Box>
          <CancelOrder order={order} />
        </Box>
      )}
    </Box>
  );
}
