/**
 * An order's steps, money and history for staff: every status change asks first (shipping asks for the carrier
 * and tracking number; an unpaid transfer or card order asks staff to confirm it goes ahead unpaid), "Mark as
 * paid" with the date and the bank's reference, refunds never above what is left, and the history of who did what.
 */
import Alert from "@mui/material/Alert";
import MuiButton from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { ORDER_TRANSITIONS, type OrderStatus } from "@shop/domain/constants";
import { fromCents, toCents } from "@shop/domain/money";
import { refundableCents, stepWaitsForPayment } from "@shop/domain/payments";
import type { Order } from "@shop/domain/schemas/public";
import { type ReactNode, useState } from "react";
import {
  Button,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { money } from "../../components/money.tsx";
import type { ShopDataProvider } from "../../providers/data-provider.ts";
import { PaymentStateChip } from "./payment-state.tsx";

export function AskDialog({
  open,
  title,
  children,
  onConfirm,
  onClose,
  confirmDisabled,
  pending,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  onConfirm(): void;
  onClose(): void;
  confirmDisabled?: boolean;
  pending?: boolean;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="ask-title" fullWidth maxWidth="xs">
      <DialogTitle id="ask-title">{title}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2, pt: "8px !important" }}>{children}</DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate("ra.action.cancel")}</MuiButton>
        <MuiButton variant="contained" disabled={confirmDisabled || pending} onClick={onConfirm}>
          {translate("shop.orders.confirm")}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** One button per status the API allows next; each asks first. */
export function StatusActions() {
  const order = useRecordContext<Order>();
  const [update, { isPending }] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [asking, setAsking] = useState<OrderStatus | null>(null);
  const [carrier, setCarrier] = useState("");
  const [tracking, setTracking] = useState("");
  const [unpaidAllowed, setUnpaidAllowed] = useState(false);
  if (!order) return null;
  const next = ORDER_TRANSITIONS[order.status];
  if (next.length === 0) {
    return <Typography color="text.secondary">{translate("shop.orders.final")}</Typography>;
  }
  const statusName = (s: OrderStatus) => translate(`shop.order_status.${s}`);
  const waits =
    asking &&
    stepWaitsForPayment({
      to: asking,
      paymentMethod: order.paymentMethod,
      paymentState: order.payment.state,
    });

  const moveTo = (status: OrderStatus) =>
    update(
      "orders",
      {
        id: order.id,
        data: {
          status,
          ...(status === "shipped" ? { carrier: carrier.trim(), trackingNumber: tracking.trim() } : {}),
          ...(waits && unpaidAllowed ? { unpaidAllowed: true } : {}),
        },
        previousData: order,
      },
      {
        mutationMode: "pessimistic",
        onSuccess: () => {
          notify("shop.orders.status_changed", {
            type: "success",
            messageArgs: { status: statusName(status) },
          });
          setAsking(null);
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: "error" }),
      },
    );

  const ask = (status: OrderStatus) => {
    setUnpaidAllowed(false);
    setAsking(status);
  };
  const shippingIncomplete =
    asking === "shipped" && (carrier.trim().length < 2 || tracking.trim().length < 4);

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", alignItems: "start" }}>
      {next
        .filter((status) => status !== "cancelled")
        .map((status) => (
          <Button
            key={status}
            variant="contained"
            disabled={isPending}
            label={translate("shop.orders.move_to", { status: statusName(status) })}
            onClick={() => ask(status)}
          />
        ))}
      {next.includes("cancelled") && (
        <Button
          color="error"
          variant="outlined"
          disabled={isPending}
          label="shop.orders.cancel"
          onClick={() => ask("cancelled")}
        />
      )}
      <AskDialog
        open={asking !== null}
        title={
          asking === "cancelled"
            ? translate("shop.orders.cancel_title", { number: order.orderNumber })
            : translate("shop.orders.move_title", {
                number: order.orderNumber,
                status: statusName(asking ?? "pending"),
              })
        }
        pending={isPending}
        confirmDisabled={shippingIncomplete || Boolean(waits && !unpaidAllowed)}
        onConfirm={() => asking && moveTo(asking)}
        onClose={() => setAsking(null)}
      >
        <Typography>
          {translate(asking === "cancelled" ? "shop.orders.cancel_content" : "shop.orders.move_content")}
        </Typography>
        {asking === "shipped" && (
          <>
            <TextField
              label={translate("shop.orders.carrier")}
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              required
              autoFocus
            />
            <TextField
              label={translate("shop.orders.tracking_number")}
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
              required
            />
          </>
        )}
        {waits && (
          <>
            <Alert severity="warning">{translate("shop.orders.unpaid_warning")}</Alert>
            <FormControlLabel
              control={
                <Checkbox checked={unpaidAllowed} onChange={(e) => setUnpaidAllowed(e.target.checked)} />
              }
              label={translate("shop.orders.unpaid_allowed")}
            />
          </>
        )}
      </AskDialog>
    </Stack>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const newKey = () => `refund-${crypto.randomUUID()}`;

/** The payment state, what was received and given back, "Mark as paid" and "Refund". */
export function PaymentPanel() {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [dialog, setDialog] = useState<"paid" | "refund" | null>(null);
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState("");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  // One key per refund asked: a double click or a retry refunds once.
  const [key, setKey] = useState(newKey);
  const [pending, setPending] = useState(false);
  if (!order) return null;
  const p = order.payment;
  const left = fromCents(refundableCents(toCents(p.paid), toCents(p.refunded)));
  const card = p.records.some(
    (r) => r.kind === "payment" && (r.provider === "azul" || r.provider === "test_gateway"),
  );
  const canMarkPaid = order.paymentMethod !== "card" && order.status !== "cancelled" && p.state === "unpaid";

  async function run(action: () => Promise<unknown>, done: string) {
    setPending(true);
    try {
      await action();
      notify(done, { type: "success" });
      setDialog(null);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="h3" component="h3">
          {translate("shop.orders.payment")}
        </Typography>
        <PaymentStateChip state={p.state} />
      </Stack>
      <Typography>
        {translate(`shop.payment_methods.${order.paymentMethod}`)} ·{" "}
        {translate("shop.orders.paid", { amount: money(p.paid, order.currency) })}
        {p.refunded > 0 &&
          ` · ${translate("shop.orders.refunded", { amount: money(p.refunded, order.currency) })}`}
      </Typography>
      {p.records.length > 0 && (
        <Stack component="ul" aria-label={translate("shop.orders.payment")} sx={{ m: 0, pl: 2.5 }}>
          {p.records.map((r) => (
            <li key={r.id}>
              <Typography variant="body2">
                {translate(r.kind === "payment" ? "shop.orders.record_payment" : "shop.orders.record_refund")}{" "}
                {money(r.amount, r.currency)} · {new Date(r.at).toLocaleDateString()} · {r.provider}
                {r.reference ? ` · ${r.reference}` : ""}
                {r.by ? ` · ${r.by}` : ""}
                {r.note ? ` · ${r.note}` : ""}
              </Typography>
            </li>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1}>
        {canMarkPaid && (
          <Button variant="contained" label="shop.orders.mark_paid" onClick={() => setDialog("paid")} />
        )}
        {left > 0 && (
          <Button
            variant="outlined"
            label="shop.orders.refund"
            onClick={() => {
              setAmount(String(left));
              setKey(newKey());
              setDialog("refund");
            }}
          />
        )}
      </Stack>
      <AskDialog
        open={dialog === "paid"}
        title={translate("shop.orders.mark_paid_title", { number: order.orderNumber })}
        pending={pending}
        confirmDisabled={reference.trim().length < 2 || !paidOn}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          run(
            () => dataProvider.markPaid(String(order.id), { paidOn, reference: reference.trim() }),
            "shop.orders.marked_paid",
          )
        }
      >
        <TextField
          type="date"
          label={translate("shop.orders.paid_on")}
          value={paidOn}
          onChange={(e) => setPaidOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          required
        />
        <TextField
          label={translate("shop.orders.bank_reference")}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          required
        />
      </AskDialog>
      <AskDialog
        open={dialog === "refund"}
        title={translate("shop.orders.refund_title", { number: order.orderNumber })}
        pending={pending}
        confirmDisabled={!(Number(amount) > 0 && Number(amount) <= left) || reason.trim().length < 2}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          run(
            () =>
              dataProvider.refundOrder(String(order.id), {
                amount: Number(amount),
                reason: reason.trim(),
                key,
              }),
            "shop.orders.refunded_done",
          )
        }
      >
        <Typography>{translate(card ? "shop.orders.refund_card" : "shop.orders.refund_manual")}</Typography>
        <TextField
          type="number"
          label={translate("shop.orders.refund_amount", { currency: order.currency, max: left })}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ htmlInput: { min: 0.01, max: left, step: 0.01 } }}
          required
        />
        <TextField
          label={translate("shop.orders.refund_reason")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </AskDialog>
    </Stack>
  );
}

/** Who moved the order, when, from what to what; and where the parcel is. */
export function HistoryPanel() {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  if (!order) return null;
  const statusName = (s: OrderStatus | null) => (s ? translate(`shop.order_status.${s}`) : "—");
  return (
    <Stack spacing={1}>
      <Typography variant="h3" component="h3">
        {translate("shop.orders.history")}
      </Typography>
      {order.shipment && (
        <Typography>
          {translate("shop.orders.shipment", {
            carrier: order.shipment.carrier,
            tracking: order.shipment.trackingNumber,
          })}
          {order.shipment.trackingUrl && (
            <>
              {" "}
              (
              <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                {order.shipment.trackingUrl.replace(/^https:\/\//, "").split("/")[0]}
              </a>
              )
            </>
          )}
        </Typography>
      )}
      <Stack component="ol" aria-label={translate("shop.orders.history")} sx={{ m: 0, pl: 2.5 }}>
        {order.history.map((h) => (
          <li key={`${h.at}-${h.to}`}>
            <Typography variant="body2">
              {new Date(h.at).toLocaleString()} ·{" "}
              {translate("shop.orders.history_entry", { from: statusName(h.from), to: statusName(h.to) })} ·{" "}
              {h.by ?? translate("shop.orders.by_shop")}
              {h.note ? ` · ${h.note}` : ""}
            </Typography>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
