/** /users/{id}: a user with their addresses and orders, and a button to edit them. */
import EditIcon from "@mui/icons-material/Edit";
import LogoutIcon from "@mui/icons-material/Logout";
import type { User } from "@shop/domain/schemas/public";
import { useState } from "react";
import {
  ArrayField,
  BooleanField,
  Button,
  Confirm,
  Datagrid,
  EmailField,
  Link,
  ReferenceManyField,
  SelectField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useGetIdentity,
  useNotify,
  useRecordContext,
} from "react-admin";
import { orderStatusChoices, roleChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";
import { MoneyField } from "../../components/money.tsx";
import { adminLink } from "../../links.ts";
import type { ShopDataProvider } from "../../providers/data-provider.ts";

/** Ends every session of this user at once (a lost phone, a shared computer, a suspicion); recorded in the audit. */
function EndSessionsButton() {
  const user = useRecordContext<User>();
  const { identity } = useGetIdentity();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  // An admin's own sessions end from the storefront's "Sign out of all devices", not from here.
  if (!user || user.id === identity?.id) return null;
  const end = async () => {
    setPending(true);
    try {
      const { ended } = await dataProvider.endSessions(user.id);
      notify("shop.users.sessions_ended", { type: "success", messageArgs: { smart_count: ended } });
      setOpen(false);
    } catch (error) {
      notify((error as Error).message, { type: "error" });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        label="shop.users.end_sessions"
        startIcon={<LogoutIcon />}
        onClick={() => setOpen(true)}
        disabled={pending}
      />
      <Confirm
        isOpen={open}
        loading={pending}
        title="shop.users.end_sessions_title"
        titleTranslateOptions={{ email: user.email }}
        content="shop.users.end_sessions_content"
        onConfirm={end}
        onClose={() => setOpen(false)}
      />
    </>
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
          <EndSessionsButton />
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
          label="shop.users.orders"
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
