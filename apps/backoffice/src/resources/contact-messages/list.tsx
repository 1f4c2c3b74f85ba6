import { BooleanField, Datagrid, DateField, EmailField, List, SearchInput, TextField } from "react-admin";
import { SelectFilter } from "../../components/filters.tsx";

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
  return (
    <List
      filters={filters}
      filterDefaultValues={{ handled: false }}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="subject" />
        <DateField source="createdAt" showTime />
        <BooleanField source="handled" sortable={false} />
      </Datagrid>
    </List>
  );
}
