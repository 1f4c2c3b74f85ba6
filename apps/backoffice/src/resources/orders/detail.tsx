/** /orders/{id}: one order with lines, totals, address and customer, and the statuses it may move to. */
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { ORDER_TRANSITIONS, type OrderStatus } from "@shop/domain/constants";
import type { Order } from "@shop/domain/schemas/public";
import { useState } from "react";
import {
  Button,
  Confirm,
  Edit,
  Link,
  SelectField,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { orderStatusChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";
import { money } from "../../components/money.tsx";
import { adminLink } from "../../links.ts";

/** One button per status the API allows next; cancelling asks first. */
function StatusActions() {
  const order = useRecordContext<Order>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  if (!order) return null;
  const next = ORDER_TRANSITIONS[order.status];

  const moveTo = (status: OrderStatus) =>
    update(
      "orders",
      { id: order.id, data: { status }, previousData: order },
      {
        mutationMode: "pessimistic",
        onSuccess: () => {
          notify("shop.orders.status_changed", {
            type: "success",
            messageArgs: { status: translate(`shop.order_status.${status}`) },
          });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: "error" }),
      },
    );

  if (next.length === 0) {
    return <Typography color="text.secondary">{translate("shop.orders.final")}</Typography>;
  }
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
      {next
        .filter((status) => status !== "cancelled")
        .map((status) => (
          <Button
            key={status}
            variant="contained"
            disabled={isPending}
            label={translate("shop.orders.move_to", { status: translate(`shop.order_status.${status}`) })}
            onClick={() => moveTo(status)}
          />
        ))}
      {next.includes("cancelled") && (
        <>
          <Button
            color="error"
            variant="outlined"
            disabled={isPending}
            label="shop.orders.cancel"
            onClick={() => setConfirming(true)}
          />
          <Confirm
            isOpen={confirming}
            title="shop.orders.cancel_title"
            content="shop.orders.cancel_content"
            translateOptions={{ number: order.orderNumber }}
            onConfirm={() => {
              setConfirming(false);
              moveTo("cancelled");
            }}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </Stack>
  );
}

function Lines({ order }: { order: Order }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate("resources.orders.fields.items")}>
      <TableHead>
        <TableRow>
          <TableCell>{translate("shop.orders.product")}</TableCell>
          <TableCell>SKU</TableCell>
          <TableCell align="right">{translate("shop.orders.quantity")}</TableCell>
          <TableCell align="right">{translate("shop.orders.unit_price")}</TableCell>
          <TableCell align="right">{translate("resources.products.fields.discount")}</TableCell>
          <TableCell align="right">{translate("shop.orders.line_total")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((line) => (
          <TableRow key={`${line.productId}-${line.color}-${line.size}`}>
            <TableCell>
              <Link to={adminLink(`/products/${line.productId}`)}>{line.title}</Link>
              {(line.color || line.size) && (
                <Typography variant="body2" color="text.secondary">
                  {[line.color, line.size].filter(Boolean).join(" · ")}
                </Typography>
              )}
            </TableCell>
            <TableCell>{line.sku}</TableCell>
            <TableCell align="right">{line.quantity}</TableCell>
            <TableCell align="right">{money(line.unitPrice)}</TableCell>
            <TableCell align="right">{line.discount}%</TableCell>
            <TableCell align="right">{money(line.lineTotal)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Totals({ order }: { order: Order }) {
  const translate = useTranslate();
  const rows = [
    ["subtotal", order.subtotal, order.totalsInCurrency.subtotal],
    ["discount", -order.discount, -order.totalsInCurrency.discount],
    ["shipping", order.shipping, order.totalsInCurrency.shipping],
    ["total", order.total, order.totalsInCurrency.total],
  ] as const;
  return (
    <Table size="small" aria-label={translate("shop.orders.totals")}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell align="right">USD</TableCell>
          {order.currency !== "USD" && <TableCell align="right">{order.currency}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([name, usd, inCurrency]) => (
          <TableRow key={name}>
            <TableCell component="th" scope="row">
              {translate(`resources.orders.fields.${name}`)}
            </TableCell>
            <TableCell align="right">{money(usd)}</TableCell>
            {order.currency !== "USD" && (
              <TableCell align="right">{money(inCurrency, order.currency)}</TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function OrderView() {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  if (!order) return null;
  const address = order.shippingAddress;
  return (
    <Box sx={{ p: 2 }}>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ justifyContent: "space-between", mb: 2 }}
      >
        <Box>
          <Typography variant="h2" component="h2">
            {translate("shop.orders.title", { number: order.orderNumber })}
          </Typography>
          <Typography color="text.secondary">
            <DateField source="createdAt" showTime /> ·{" "}
            <SelectField source="status" choices={orderStatusChoices} />
          </Typography>
        </Box>
        <StatusActions />
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h3" component="h3" gutterBottom>
                {translate("resources.orders.fields.items")}
              </Typography>
              {/* On a phone the tables scroll within the card, not the page. */}
              <Box sx={{ overflowX: "auto" }}>
                <Lines order={order} />
              </Box>
              <Box sx={{ mt: 2, overflowX: "auto" }}>
                <Totals order={order} />
              </Box>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate("shop.orders.rate_used", { rate: order.rate, currency: order.currency })}
                {order.couponCode
                  ? ` · ${translate("resources.orders.fields.couponCode")}: ${order.couponCode}`
                  : ""}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <Typography variant="h3" component="h3" gutterBottom>
                {translate("shop.orders.customer")}
              </Typography>
              <Link to={adminLink(`/users/${order.userId}`)}>{order.customerName}</Link>
              <Typography>{order.customerEmail}</Typography>
              <Typography>{order.phone}</Typography>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h3" component="h3" gutterBottom>
                {translate("resources.orders.fields.shippingAddress")}
              </Typography>
              <Typography>{address.streetAddress}</Typography>
              <Typography>
                {[address.city, address.province, address.postalCode].filter(Boolean).join(", ")}
              </Typography>
              <Typography>{address.country}</Typography>
              <Typography sx={{ mt: 1 }}>
                {translate("resources.orders.fields.shippingMethod")}: {order.shippingMethod.name}
              </Typography>
              <Typography>
                {translate("resources.orders.fields.paymentMethod")}:{" "}
                {translate(`shop.payment_methods.${order.paymentMethod}`)}
              </Typography>
              {order.note && <Typography sx={{ mt: 1 }}>{order.note}</Typography>}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}

/** /orders/{id}: the order and its status changes (the status is all an admin may change). */
export function OrderDetail() {
  return (
    <Edit actions={false} mutationMode="pessimistic">
      <OrderView />
    </Edit>
  );
}
