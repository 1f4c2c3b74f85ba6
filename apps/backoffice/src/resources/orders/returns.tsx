/**
 * An order's returns for staff: open one (lines, how many of each, why) on a shipped or delivered order, and mark
 * it received with the units in good condition (back in stock) and the damaged ones (kept out).
 */
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Order, OrderReturn } from "@shop/domain/schemas/public";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button, useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate } from "react-admin";
import type { ShopDataProvider } from "../../providers/data-provider.ts";
import { AskDialog } from "./payment.tsx";

const whole = (value: string) => (/^\d{1,3}$/.test(value) ? Number(value) : Number.NaN);

export function ReturnsPanel() {
  const order = useRecordContext<Order>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const orderId = order ? String(order.id) : "";
  const returns = useQuery({
    queryKey: ["orders", orderId, "returns"],
    queryFn: () => dataProvider.orderReturns(orderId),
    enabled: Boolean(order),
  });
  const [opening, setOpening] = useState(false);
  const [receiving, setReceiving] = useState<OrderReturn | null>(null);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [good, setGood] = useState<Record<number, string>>({});
  const [damaged, setDamaged] = useState<Record<number, string>>({});
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  if (!order) return null;
  const list = returns.data ?? [];
  const taken = (line: number) =>
    list
      .flatMap((r) => r.lines)
      .filter((l) => l.line === line)
      .reduce((s, l) => s + l.quantity, 0);
  const returnable = order.status === "shipped" || order.status === "delivered";

  async function run(action: () => Promise<OrderReturn[]>, done: string) {
    setPending(true);
    try {
      queryClient.setQueryData(["orders", orderId, "returns"], await action());
      notify(done, { type: "success" });
      setOpening(false);
      setReceiving(null);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    } finally {
      setPending(false);
    }
  }

  const openLines = order.items
    .map((_, line) => ({ line, quantity: whole(quantities[line] ?? "0") }))
    .filter((l) => l.quantity > 0);
  const openValid =
    reason.trim().length >= 2 &&
    openLines.length > 0 &&
    order.items.every((item, line) => {
      const q = whole(quantities[line] ?? "0");
      return Number.isInteger(q) && q <= item.quantity - taken(line);
    });
  const receiveLines =
    receiving?.lines.map((l) => ({
      line: l.line,
      good: whole(good[l.line] ?? String(l.quantity)),
      damaged: whole(damaged[l.line] ?? "0"),
    })) ?? [];
  const receiveValid = receiveLines.every(
    (l, i) =>
      Number.isInteger(l.good) &&
      Number.isInteger(l.damaged) &&
      l.good + l.damaged <= receiving!.lines[i]!.quantity,
  );

  return (
    <Stack spacing={1}>
      <Typography variant="h3" component="h3">
        {translate("shop.orders.returns")}
      </Typography>
      {list.map((r) => (
        <Stack key={r.id} spacing={0.5} sx={{ borderTop: 1, borderColor: "divider", pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Chip
              size="small"
              variant="outlined"
              label={translate(
                r.status === "received" ? "shop.orders.return_received" : "shop.orders.return_requested",
              )}
            />
            <Typography variant="body2">{r.reason}</Typography>
          </Stack>
          {r.lines.map((l) => (
            <Typography key={l.line} variant="body2">
              {translate(
                r.status === "received" ? "shop.orders.return_line_received" : "shop.orders.return_line",
                {
                  quantity: l.quantity,
                  title: l.title,
                  good: l.good ?? 0,
                  damaged: l.damaged ?? 0,
                },
              )}
            </Typography>
          ))}
          {r.status === "requested" && (
            <Button
              variant="outlined"
              label="shop.orders.receive"
              sx={{ alignSelf: "start" }}
              onClick={() => {
                setGood({});
                setDamaged({});
                setReceiving(r);
              }}
            />
          )}
        </Stack>
      ))}
      {returnable && (
        <Button
          variant="outlined"
          label="shop.orders.open_return"
          sx={{ alignSelf: "start" }}
          onClick={() => {
            setQuantities({});
            setReason("");
            setOpening(true);
          }}
        />
      )}
      <AskDialog
        open={opening}
        title={translate("shop.orders.open_return_title", { number: order.orderNumber })}
        pending={pending}
        confirmDisabled={!openValid}
        onClose={() => setOpening(false)}
        onConfirm={() =>
          run(
            () => dataProvider.openReturn(orderId, { reason: reason.trim(), lines: openLines }),
            "shop.orders.return_opened",
          )
        }
      >
        {order.items.map((item, line) => (
          <TextField
            key={`${item.productId}-${line}`}
            type="number"
            label={translate("shop.orders.return_quantity", {
              title: item.title,
              max: item.quantity - taken(line),
            })}
            value={quantities[line] ?? "0"}
            onChange={(e) => setQuantities((q) => ({ ...q, [line]: e.target.value }))}
            slotProps={{ htmlInput: { min: 0, max: item.quantity - taken(line), step: 1 } }}
          />
        ))}
        <TextField
          label={translate("shop.orders.return_reason")}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
        />
      </AskDialog>
      <AskDialog
        open={receiving !== null}
        title={translate("shop.orders.receive_title")}
        pending={pending}
        confirmDisabled={!receiveValid}
        onClose={() => setReceiving(null)}
        onConfirm={() =>
          receiving &&
          run(
            () => dataProvider.receiveReturn(orderId, receiving.id, { lines: receiveLines }),
            "shop.orders.return_done",
          )
        }
      >
        {receiving?.lines.map((l) => (
          <Stack key={l.line} spacing={1}>
            <TextField
              type="number"
              label={translate("shop.orders.receive_good", { title: l.title })}
              value={good[l.line] ?? String(l.quantity)}
              onChange={(e) => setGood((g) => ({ ...g, [l.line]: e.target.value }))}
              slotProps={{ htmlInput: { min: 0, max: l.quantity, step: 1 } }}
            />
            <TextField
              type="number"
              label={translate("shop.orders.receive_damaged", { title: l.title })}
              value={damaged[l.line] ?? "0"}
              onChange={(e) => setDamaged((d) => ({ ...d, [l.line]: e.target.value }))}
              slotProps={{ htmlInput: { min: 0, max: l.quantity, step: 1 } }}
            />
          </Stack>
        ))}
      </AskDialog>
    </Stack>
  );
}
