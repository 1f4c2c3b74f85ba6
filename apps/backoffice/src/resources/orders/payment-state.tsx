/** An order's payment state as a chip: its name in words, and a colour that only repeats what the words say. */
import Chip from "@mui/material/Chip";
import type { PaymentState } from "@shop/domain/payments";
import type { Order } from "@shop/domain/schemas/public";
import { useRecordContext, useTranslate } from "react-admin";

/** Text colours at least 4.5:1 on white and on the grid's hover grey (WCAG AA), told apart by hue as well. */
const COLOURS: Record<PaymentState, string> = {
  unpaid: "#8a4b00",
  authorized: "#0b5cad",
  paid: "#1b6e2d",
  partially_refunded: "#6a1b9a",
  refunded: "#0b5cad",
  failed: "#b3261e",
  cancelled: "#52525b",
};

export function PaymentStateChip({ state }: { state: PaymentState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      label={translate(`shop.payment_states.${state}`)}
      sx={{ color: COLOURS[state], borderColor: COLOURS[state], fontWeight: 600 }}
    />
  );
}

/** The list's column: the payment state of the row's order. */
export function PaymentStateField(_props: { label?: string; sortable?: boolean }) {
  const order = useRecordContext<Order>();
  return order ? <PaymentStateChip state={order.payment.state} /> : null;
}
