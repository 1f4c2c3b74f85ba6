/** The orders list: a tab per status with counts, search by number or email, the payment state, dates. */
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { ORDER_STATUSES, type OrderStatus } from "@shop/domain/constants";
import {
  Datagrid,
  DateInput,
  List,
  SearchInput,
  SelectField,
  SimpleList,
  TextField,
  useGetList,
  useListContext,
  useTranslate,
} from "react-admin";
import { orderStatusChoices, paymentStateChoices } from "../../choices.ts";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { MoneyField } from "../../components/money.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";
import { PaymentStateChip, PaymentStateField } from "./payment-state.tsx";

/** On a desk the payment state's filter shows beside the search; on a phone it comes through "Add filter". */
const orderFilters = (small: boolean) => [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="paymentState" source="paymentState" choices={paymentStateChoices} alwaysOn={!small} />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];

/** The number of orders with a status under the other filters in use. */
function StatusCount({ status }: { status: OrderStatus | "all" }) {
  const { filterValues } = useListContext();
  const { status: _ignored, ...others } = filterValues;
  const { total } = useGetList("orders", {
    pagination: { page: 1, perPage: 1 },
    sort: { field: "createdAt", order: "DESC" },
    filter: status === "all" ? others : { ...others, status },
  });
  return <>{total ?? "…"}</>;
}

function StatusTabs() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const current = (filterValues.status as OrderStatus | undefined) ?? "all";
  return (
    <Tabs
      value={current}
      variant="scrollable"
      onChange={(_event, value: string) => {
        const { status: _old, ...rest } = filterValues;
        setFilters(value === "all" ? rest : { ...rest, status: value }, displayedFilters);
      }}
      aria-label={translate("shop.orders.tabs")}
    >
      {(["all", ...ORDER_STATUSES] as const).map((status) => (
        <Tab
          key={status}
          value={status}
          label={
            <span>
              {translate(status === "all" ? "shop.orders.all" : `shop.order_status.${status}`)} (
              <StatusCount status={status} />)
            </span>
          }
        />
      ))}
    </Tabs>
  );
}

export function OrderList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={orderFilters(small)}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
    >
      <StatusTabs />
      <Divider />
      {small ? (
        <SimpleList
          primaryText={(order) => `${order.orderNumber} · ${order.customerName}`}
          secondaryText={(order) => (
            <Stack
              direction="row"
              spacing={1}
              component="span"
              sx={{ alignItems: "center", flexWrap: "wrap" }}
            >
              <SelectField source="status" choices={orderStatusChoices} />
              <PaymentStateChip state={order.payment.state} />
            </Stack>
          )}
          tertiaryText={() => <MoneyField source="totalsInCurrency.total" currencySource="currency" />}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="orderNumber" />
          <DateField source="createdAt" showTime />
          <TextField source="customerName" sortable={false} />
          <TextField source="customerEmail" />
          <SelectField source="status" choices={orderStatusChoices} />
          <PaymentStateField label="resources.orders.fields.paymentState" sortable={false} />
          <MoneyField
            source="totalsInCurrency.total"
            currencySource="currency"
            sortBy="total"
            label="resources.orders.fields.total"
          />
          <TextField source="currency" />
        </Datagrid>
      )}
    </List>
  );
}
