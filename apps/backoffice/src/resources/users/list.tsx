import type { User } from "@shop/domain/schemas/public";
import { Datagrid, EmailField, List, SearchInput, SelectField, SimpleList, TextField } from "react-admin";
import { roleChoices } from "../../choices.ts";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="role" source="role" choices={roleChoices} alwaysOn />,
];

export function UserList() {
  const small = useSmallScreen();
  return (
    <List exporter={csvExporter} filters={filters} sort={{ field: "createdAt", order: "DESC" }} perPage={25}>
      {small ? (
        <SimpleList<User>
          primaryText={(user) => `${user.firstName} ${user.lastName}`}
          secondaryText={(user) => user.email}
          tertiaryText={() => <SelectField source="role" choices={roleChoices} />}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="firstName" />
          <TextField source="lastName" />
          <EmailField source="email" />
          <SelectField source="role" choices={roleChoices} />
          <DateField source="createdAt" />
        </Datagrid>
      )}
    </List>
  );
}
