/** The shopper's orders, newest first: number, date, status and total, each a link to its page. */

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { formatMoney } from "@shop/domain/currency";
import { counted } from "@shop/domain/messages";
import { toCents } from "@shop/domain/money";
import type { Order } from "@shop/domain/schemas/public";
import { lineOptions, variantTitle } from "@shop/domain/variant-lines";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "#components/load-error.tsx";
import { shopHref, shopRoutes } from "#routes.ts";
import { orderQueries } from "../queries.ts";
import { orderDate, StatusChip } from "./order-details.tsx";

export function OrderHistory({ children }: { children?: (orders: Order[]) => React.ReactNode }) {
  const [page, setPage] = useState(1);
  const { data, error, refetch, isPending } = useQuery(orderQueries.history(page));
  if (isPending) return <Skeleton variant="rectangular" height={120} sx={{ borderRadius: 2 }} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="your orders" />;
  if (data.items.length === 0) {
    return (
      <Typography>
        No orders yet. <Link href={shopRoutes.shop.path}>Find something in the shop</Link>.
      </Typography>
    );
  }
  return (
    <>
      <Box component="ul" aria-label="Orders" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {data.items.map((order) => (
          <Box
            component="li"
            key={order.id}
            sx={{
              display: "flex",
              gap: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: "divider",
              alignItems: "center",
              flexWrap: "wrap",
            }}
          >
            <Box sx={{ flex: 1, minWidth: 180 }}>
              <Link href={shopHref.order(order.id)} sx={{ fontWeight: 700 }}>
                Order {order.orderNumber}
              </Link>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {orderDate(order)} ·{" "}
                {counted(
                  order.items.reduce((n, line) => n + line.quantity, 0),
                  "item",
                  "items",
                )}
              </Typography>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {order.items.map((line) => variantTitle(line.title, lineOptions(line))).join(", ")}
              </Typography>
            </Box>
            <StatusChip status={order.status} />
            <Typography sx={{ fontWeight: 700, minWidth: 120, textAlign: "right" }}>
              {formatMoney(toCents(order.totalsInCurrency.total), order.currency)}
            </Typography>
          </Box>
        ))}
      </Box>
      {data.totalPages > 1 && (
        <Box sx={{ display: "flex", gap: 1, justifyContent: "center", mt: 2 }}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Typography sx={{ alignSelf: "center" }}>
            Page {page} of {data.totalPages}
          </Typography>
          <Button disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Box>
      )}
      {children?.(data.items)}
    </>
  );
}
