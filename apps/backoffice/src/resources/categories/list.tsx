/** The categories list: search and type filter. */
import { Datagrid, List, NumberField, SearchInput, SelectField, TextField } from "react-admin";
import { productTypeChoices } from "../../choices.ts";
import { SelectFilter } from "../../components/filters.tsx";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="productType" source="productType" choices={productTypeChoices} />,
];

export function CategoryList() {
  return (
    <List filters={filters} sort={{ field: "name", order: "ASC" }} perPage={25}>
      <Datagrid rowClick="edit">
        <TextField source="name" />
        <SelectField source="productType" choices={productTypeChoices} />
        <TextField source="slug" sortable={false} />
        <NumberField source="productCount" />
      </Datagrid>
    </List>
  );
}
