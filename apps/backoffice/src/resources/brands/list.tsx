/** The brands list with search. */
import { Datagrid, List, NumberField, SearchInput, TextField } from "react-admin";

export function BrandList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "name", order: "ASC" }}
      perPage={25}
    >
      <Datagrid rowClick="edit">
        <TextField source="name" />
        <TextField source="slug" sortable={false} />
        <NumberField source="productCount" />
      </Datagrid>
    </List>
  );
}
