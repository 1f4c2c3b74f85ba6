/** The shipping methods list with their prices. */

import type { ShippingMethod } from "@shop/domain/schemas/public";
import { BooleanField, Datagrid, List, NumberField, SearchInput, SimpleList, TextField } from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { MoneyField } from "../../components/money.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

export function ShippingList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "sortOrder", order: "ASC" }}
    >
      {small ? (
        <SimpleList<ShippingMethod>
          primaryText={(method) => method.name}
          secondaryText={(method) => method.estimatedDays}
          tertiaryText={() => <MoneyField source="price" />}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <TextField source="name" />
          <MoneyField source="price" sortable />
          <MoneyField source="freeOver" sortable={false} />
          <TextField source="estimatedDays" sortable={false} />
          <NumberField source="sortOrder" />
          <BooleanField source="active" />
        </Datagrid>
      )}
    </List>
  );
}
