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

import { formatMoney } from "@shop/domain/currency";
import { toCents } from "@shop/domain/money";

import type { Order } from "@shop/domain/schemas/public";
import { describeOptions, lineOptions } from "@shop/domain/variants";
import { Edit, Link, SelectField, useRecordContext, useTranslate } from "react-admin";
import { orderStatusChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";
import { money } from "../../components/money.tsx";
import { adminLink } from "../../links.ts";
import { HistoryPanel, PaymentPanel, StatusActions } from "./payment.tsx";
import { ReturnsPanel } from "./returns.tsx";

/** Columns shown from a small tablet up; on a phone their values are written under the product (`narrow`). */
const wide = { display: { xs: "none", sm: "table-cell" } } as const;
const narrow = { display: { xs: "block", sm: "none" } } as const;
/** Tighter cells on a phone, so the totals' three columns (USD and the order's currency) fit its width. */
const snug = { "& .MuiTableCell-root": { px: { xs: 0.75, sm: 2 } } } as const;

/** A line's link: to its variant in the product's variants grid when it bought one, else to the product. */
function lineLink(line: Order["items"][number]): string {
  const variantId = (line as { variantId?: string | null }).variantId;
  return variantId
    ? adminLink(`/products/${line.productId}/variants?${new URLSearchParams({ variant: variantId })}`)
    : adminLink(`/products/${line.productId}`);
}

/** The order's lines: on a phone, two columns (the product with its details, the line's total) that fit the screen. */
function Lines({ order }: { order: Order }) {
  const translate = useTranslate();
  return (
    <Table size="small" aria-label={translate("resources.orders.fields.items")}>
      <TableHead>
        <TableRow>
          <TableCell>{translate("shop.orders.product")}</TableCell>
          <TableCell sx={wide}>SKU</TableCell>
          <TableCell sx={wide} align="right">
            {translate("shop.orders.quantity")}
          </TableCell>
          <TableCell sx={wide} align="right">
            {translate("shop.orders.unit_price")}
          </TableCell>
          <TableCell sx={wide} align="right">
            {translate("resources.products.fields.discount")}
          </TableCell>
          <TableCell align="right">{translate("shop.orders.line_total")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((line) => (
          <TableRow key={`${line.productId}-${line.sku}-${line.color}-${line.size}`}>
            <TableCell>
              <Link to={lineLink(line)}>{line.title}</Link>
              {describeOptions(lineOptions(line)) && (
                <Typography variant="body2" color="text.secondary" data-testid="order-line-options">
                  {describeOptions(lineOptions(line))}
                </Typography>
              )}
              {/* On a phone the columns beside are folded into the product's cell. */}
              <Typography variant="body2" color="text.secondary" sx={narrow}>
                {translate("shop.orders.line_detail", {
                  sku: line.sku,
                  quantity: line.quantity,
                  price: money(line.unitPrice),
                })}
                {line.discount > 0 &&
                  ` · ${translate("shop.orders.line_discount", { discount: line.discount })}`}
              </Typography>
            </TableCell>
            <TableCell sx={wide}>{line.sku}</TableCell>
            <TableCell sx={wide} align="right">
              {line.quantity}
            </TableCell>
            <TableCell sx={wide} align="right">
              {money(line.unitPrice)}
            </TableCell>
            <TableCell sx={wide} align="right">
              {line.discount}%
            </TableCell>
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
    <Table size="small" aria-label={translate("shop.orders.totals")} sx={snug}>
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
              <Lines order={order} />
              <Box sx={{ mt: 2 }}>
                <Totals order={order} />
              </Box>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {translate("shop.orders.rate_used", { rate: order.rate, currency: order.currency })}
                {order.couponCode
                  ? ` · ${translate("resources.orders.fields.couponCode")}: ${order.couponCode}`
                  : ""}
              </Typography>
              {order.itbis ? (
                <Typography variant="body2">
                  {translate("shop.orders.itbis_included", {
                    amount: formatMoney(toCents(order.itbis.totalInCurrency), order.currency),
                  })}
                </Typography>
              ) : null}
              {order.fiscal ? (
                <Typography variant="body2">
                  {translate("shop.orders.buyer", { name: order.fiscal.name, taxId: order.fiscal.taxId })}
                </Typography>
              ) : null}
              {order.receipt ? (
                <Typography variant="body2">
                  <a href={order.receipt.url} target="_blank" rel="noopener">
                    {translate("shop.orders.receipt", { encf: order.receipt.encf })}
                  </a>{" "}
                  (
                  <a href={order.receipt.pdfUrl} download>
                    {translate("shop.orders.receipt_pdf")}
                  </a>
                  )
                </Typography>
              ) : null}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <PaymentPanel />
            </CardContent>
          </Card>
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
          <Card variant="outlined" sx={{ mt: 2 }}>
            <CardContent>
              <ReturnsPanel />
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ mt: 2 }}>
            <CardContent>
              <HistoryPanel />
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
