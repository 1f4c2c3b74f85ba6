/** /admin/dashboard: sales figures in USD and DOP, the sales chart, status notifications, latest orders and reviews to moderate. */
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import CardHeader from "@mui/material/CardHeader";
import Grid from "@mui/material/Grid";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { fromCents, toCents } from "@shop/domain/money";
import type { Dashboard as Figures } from "@shop/domain/schemas/admin";
import type { Order } from "@shop/domain/schemas/public";
import { lineOptions, variantTitle } from "@shop/domain/variants";
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  NumberField,
  SelectField,
  SimpleList,
  TextField,
  Title,
  useGetList,
  useList,
  useTranslate,
} from "react-admin";
import { orderStatusChoices } from "../choices.ts";
import { DateField } from "../components/date-field.tsx";
import { MoneyField, money } from "../components/money.tsx";
import { useSmallScreen } from "../components/use-small-screen.ts";
import { type RangeRecord, RangeWarnings } from "../resources/receipt-ranges/warnings.tsx";
import { ModerationButtons } from "../resources/reviews/moderation.tsx";
import { SalesChart } from "./sales-chart.tsx";
import { StatusNotifications } from "./status-notifications.tsx";
import { useDashboard } from "./use-dashboard.ts";

/** Average order value in DOP: the DOP total in cents over the orders, rounded to the cent. */
const averageDop = (figures: Figures) =>
  figures.totals.orders ? fromCents(Math.round(toCents(figures.totals.dop) / figures.totals.orders)) : 0;

function Figure({ label, usd, dop }: { label: string; usd?: number; dop?: number }) {
  return (
    <Card sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        {usd === undefined ? (
          <Skeleton width="60%" />
        ) : (
          <>
            <Typography variant="h3" component="p">
              {money(usd)}
            </Typography>
            <Typography color="text.secondary">{money(dop ?? 0, "DOP")}</Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function SalesFigures() {
  const translate = useTranslate();
  const { data } = useDashboard();
  const today = data?.revenuePerDay.at(-1);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <Figure
          label={translate("shop.dashboard.today", { smart_count: today?.orders ?? 0 })}
          usd={today?.usd}
          dop={today?.dop}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <Figure
          label={translate("shop.dashboard.last_30_days", { smart_count: data?.totals.orders ?? 0 })}
          usd={data?.totals.usd}
          dop={data?.totals.dop}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <Figure
          label={translate("shop.dashboard.average_order")}
          usd={data?.totals.averageOrderUsd}
          dop={data ? averageDop(data) : undefined}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
        <Card sx={{ height: "100%" }}>
          <CardContent>
            <Typography variant="body2" color="text.secondary" component="h2">
              {translate("shop.dashboard.orders_per_status")}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr auto", columnGap: 2 }}>
              {(data?.ordersPerStatus ?? []).map(({ status, count }) => (
                <Box key={status} sx={{ display: "contents" }}>
                  <dt>{translate(`shop.order_status.${status}`)}</dt>
                  <Box component="dd" sx={{ m: 0, textAlign: "right" }}>
                    {count}
                  </Box>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}

/** "Tempo Knit Running Shoe — Coral / 42, Lamp": what an order holds, each line with its colour and size. */
const orderLines = (order: Order) =>
  (order.items ?? []).map((line) => variantTitle(line.title, lineOptions(line))).join(", ");

function LatestOrders() {
  const translate = useTranslate();
  const { data, isPending } = useGetList("orders", {
    pagination: { page: 1, perPage: 5 },
    sort: { field: "createdAt", order: "DESC" },
  });
  const list = useList({ data: data ?? [], isPending, resource: "orders" });
  const small = useSmallScreen();
  return (
    <Card sx={{ height: "100%" }}>
      <CardHeader
        title={translate("shop.dashboard.latest_orders")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
      />
      <ListContextProvider value={list}>
        {small ? (
          <SimpleList
            primaryText={(order) => `${order.orderNumber} · ${order.customerName}`}
            secondaryText={(order) => (
              <>
                {orderLines(order as Order)}
                <SelectField source="status" choices={orderStatusChoices} />
              </>
            )}
            tertiaryText={() => <MoneyField source="totalsInCurrency.total" currencySource="currency" />}
            rowClick="edit"
            resource="orders"
            empty={null}
          />
        ) : (
          <Datagrid rowClick="edit" bulkActionButtons={false} resource="orders">
            <TextField source="orderNumber" sortable={false} />
            <DateField source="createdAt" showTime sortable={false} />
            <TextField source="customerName" sortable={false} />
            <FunctionField source="items" sortable={false} render={(order: Order) => orderLines(order)} />
            <SelectField source="status" choices={orderStatusChoices} sortable={false} />
            <MoneyField
              source="totalsInCurrency.total"
              currencySource="currency"
              label="resources.orders.fields.total"
            />
          </Datagrid>
        )}
      </ListContextProvider>
    </Card>
  );
}

function ReviewsToModerate() {
  const translate = useTranslate();
  const { data, isPending } = useGetList("reviews", {
    pagination: { page: 1, perPage: 5 },
    sort: { field: "createdAt", order: "DESC" },
    filter: { status: "pending" },
  });
  const list = useList({ data: data ?? [], isPending, resource: "reviews" });
  const small = useSmallScreen();
  const empty = <CardContent>{translate("shop.dashboard.no_reviews")}</CardContent>;
  return (
    <Card sx={{ height: "100%" }}>
      <CardHeader
        title={translate("shop.dashboard.reviews_to_moderate")}
        slotProps={{ title: { component: "h2", variant: "h3" } }}
      />
      <ListContextProvider value={list}>
        {small ? (
          <SimpleList
            primaryText={(review) => review.productTitle}
            secondaryText={(review) => (
              <>
                {review.review}
                <ModerationButtons />
              </>
            )}
            tertiaryText={(review) => `${review.rating} ★`}
            rowClick={false}
            resource="reviews"
            empty={empty}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false} resource="reviews" empty={empty}>
            <TextField source="productTitle" sortable={false} />
            <NumberField source="rating" sortable={false} />
            <TextField source="review" sortable={false} />
            <ModerationButtons />
          </Datagrid>
        )}
      </ListContextProvider>
    </Card>
  );
}

/** The e-NCF ranges about to run out or expire, so the next one is loaded in time (receipts stop without one). */
function ReceiptRangeNotice() {
  const { data } = useGetList<RangeRecord>("receipt-ranges", {
    pagination: { page: 1, perPage: 100 },
    sort: { field: "type", order: "ASC" },
  });
  return <RangeWarnings ranges={data ?? []} link />;
}

export default function Dashboard() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate("shop.menu.dashboard")} />
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {translate("shop.menu.dashboard")}
      </Typography>
      <ReceiptRangeNotice />
      <SalesFigures />
      <Grid container spacing={2} sx={{ mt: 0 }}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <SalesChart />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <StatusNotifications />
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <LatestOrders />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ReviewsToModerate />
        </Grid>
      </Grid>
    </Box>
  );
}
