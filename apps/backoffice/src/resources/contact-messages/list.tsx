import {
  BooleanField,
  Datagrid,
  DateField,
  EmailField,
  List,
  SearchInput,
  SelectInput,
  TextField,
} from "react-admin";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
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
