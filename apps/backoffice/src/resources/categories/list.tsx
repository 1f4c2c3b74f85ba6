/** The categories list: search and type filter. */
import { Datagrid, List, NumberField, SearchInput, SelectField, SelectInput, TextField } from "react-admin";
import { productTypeChoices } from "../../choices.ts";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="productType" source="productType" choices={productTypeChoices} />,
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
