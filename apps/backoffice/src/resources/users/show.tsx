/** /users/{id}: a user with their addresses and orders, and a button to edit them. */
import EditIcon from "@mui/icons-material/Edit";
import type { User } from "@shop/domain/schemas";
import {
  ArrayField,
  BooleanField,
  Button,
  Datagrid,
  DateField,
  EmailField,
  Link,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from "react-admin";
import { orderStatusChoices, roleChoices } from "../../choices.ts";
import { MoneyField } from "../../components/money.tsx";
import { adminLink } from "../../links.ts";

function EditUserButton() {
  const user = useRecordContext<User>();
  if (!user) return null;
  return (
    <Button
      component={Link}
      to={adminLink(`/users/edit/${user.id}`)}
      label="ra.action.edit"
      startIcon={<EditIcon />}
    />
  );
}

export function UserShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <EditUserButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="firstName" />
        <TextField source="lastName" />
        <EmailField source="email" />
        <SelectField source="role" choices={roleChoices} />
        <DateField source="createdAt" showTime />
        <ArrayField source="addresses">
          <Datagrid bulkActionButtons={false} rowClick={false} empty={<span />}>
            <TextField source="streetAddress" label="shop.users.street" />
            <TextField source="city" label="shop.users.city" />
            <TextField source="province" label="shop.users.province" />
            <TextField source="country" label="shop.users.country" />
            <BooleanField source="isDefault" label="shop.users.default" />
          </Datagrid>
        </ArrayField>
        <ReferenceManyField
          label="resources.orders.name"
          reference="orders"
          target="userId"
          sort={{ field: "createdAt", order: "DESC" }}
          perPage={10}
        >
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="orderNumber" />
            <DateField source="createdAt" />
            <SelectField source="status" choices={orderStatusChoices} />
            <MoneyField
              source="totalsInCurrency.total"
              currencySource="currency"
              label="resources.orders.fields.total"
            />
          </Datagrid>
        </ReferenceManyField>
      </SimpleShowLayout>
    </Show>
  );
}
