/** The user screens: list with search and role filter; a user with addresses and orders; names and role. */
import EditIcon from "@mui/icons-material/Edit";
import type { User } from "@shop/domain/schemas";
import {
  ArrayField,
  BooleanField,
  Button,
  Datagrid,
  DateField,
  Edit,
  EmailField,
  Labeled,
  Link,
  List,
  ReferenceManyField,
  required,
  SaveButton,
  SearchInput,
  SelectField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { orderStatusChoices, roleChoices } from "../../choices.ts";
import { MoneyField } from "../../components/money.tsx";
import { adminLink } from "../../links.ts";

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

/** The role input; an admin's own role is shown but cannot be changed (the API refuses it too). */
function RoleInput() {
  const user = useRecordContext<User>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  if (user && user.id === identity?.id) {
    return (
      <Labeled label="resources.users.fields.role">
        <span>
          <SelectField source="role" choices={roleChoices} /> ({translate("shop.users.own_role")})
        </span>
      </Labeled>
    );
  }
  return <SelectInput source="role" choices={roleChoices} validate={required()} />;
}

export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={(_resource, id) => `users/${id}`}>
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <TextInput source="firstName" validate={required()} />
        <TextInput source="lastName" validate={required()} />
        <TextInput source="email" type="email" validate={required()} />
        <RoleInput />
      </SimpleForm>
    </Edit>
  );
}
