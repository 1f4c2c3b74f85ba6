/** What needs staff now: pending orders and products running low on stock. */

import PendingIcon from "@mui/icons-material/HourglassTop";
import WarningIcon from "@mui/icons-material/WarningAmber";
import Alert from "@mui/material/Alert";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardHeader from "@mui/material/CardHeader";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import { Link, useGetList, useTranslate } from "react-admin";
import { adminLink } from "../links.ts";
import { useDashboard } from "./use-dashboard.ts";

export function StatusNotifications() {
  const translate = useTranslate();
  const { data } = useDashboard();
  const { total: pending } = useGetList("orders", {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "createdAt", order: "DESC" },
    filter: { status: "pending" },
  });
  const lowStock = data?.lowStock ?? [];
  return (
    <Card sx={{ height: "100%" }}>
      <CardHeader
        title={translate("shop.dashboard.notifications")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
      />
      <CardContent>
        <Alert severity={pending ? "info" : "success"} icon={<PendingIcon />} sx={{ mb: 1 }}>
          <Link
            to={{
              pathname: adminLink("/orders"),
              search: `?filter=${encodeURIComponent(JSON.stringify({ status: "pending" }))}`,
            }}
          >
            {translate("shop.dashboard.pending_orders", { smart_count: pending ?? 0 })}
          </Link>
        </Alert>
        <Alert severity={lowStock.length ? "warning" : "success"} icon={<WarningIcon />}>
          {translate("shop.dashboard.low_stock", { smart_count: lowStock.length })}
        </Alert>
        {lowStock.length > 0 && (
          <List dense aria-label={translate("shop.dashboard.low_stock_list")}>
            {lowStock.map((product) => (
              <ListItem key={product.id} disableGutters>
                <ListItemText
                  primary={<Link to={adminLink(`/products/${product.id}`)}>{product.title}</Link>}
                  secondary={translate("shop.dashboard.in_stock", {
                    sku: product.sku,
                    smart_count: product.quantity,
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
