import { BooleanField, Datagrid, EmailField, List, SearchInput, SimpleList, TextField } from "react-admin";
import { csvExporter } from "../../components/csv-exporter.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter
    key="handled"
    source="handled"
    alwaysOn
    choices={[
      { id: false, name: "shop.contact.waiting" },
      { id: true, name: "shop.contact.handled" },
    ]}
  />,
];

export function ContactMessageList() {
  const small = useSmallScreen();
  return (
    <List
      exporter={csvExporter}
      filters={filters}
      filterDefaultValues={{ handled: false }}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
    >
      {small ? (
        <SimpleList
          primaryText={(message) => message.subject || message.name}
          secondaryText={(message) => `${message.name} · ${message.email}`}
          tertiaryText={() => <DateField source="createdAt" />}
          rowClick="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <EmailField source="email" />
          <TextField source="subject" />
          <DateField source="createdAt" showTime />
          <BooleanField source="handled" sortable={false} />
        </Datagrid>
      )}
    </List>
  );
}
