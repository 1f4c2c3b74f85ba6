import {
  Datagrid,
  DateField,
  EmailField,
  List,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from "react-admin";
import { roleChoices } from "../../choices.ts";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />,
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
