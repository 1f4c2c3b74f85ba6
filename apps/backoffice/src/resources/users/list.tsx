import { Datagrid, DateField, EmailField, List, SearchInput, SelectField, TextField } from "react-admin";
import { roleChoices } from "../../choices.ts";
import { SelectFilter } from "../../components/filters.tsx";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="role" source="role" choices={roleChoices} alwaysOn />,
];

export function UserList() {
  return (
    <List filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="firstName" />
        <TextField source="lastName" />
        <EmailField source="email" />
        <SelectField source="role" choices={roleChoices} />
        <DateField source="createdAt" />
      </Datagrid>
    </List>
  );
}
