/** The shipping methods list with their prices. */
import { BooleanField, Datagrid, List, NumberField, SearchInput, TextField } from "react-admin";
import { MoneyField } from "../../components/money.tsx";

export function ShippingList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: "sortOrder", order: "ASC" }}>
      <Datagrid rowClick="edit">
        <TextField source="name" />
        <MoneyField source="price" sortable />
        <MoneyField source="freeOver" sortable={false} />
        <TextField source="estimatedDays" sortable={false} />
        <NumberField source="sortOrder" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}
