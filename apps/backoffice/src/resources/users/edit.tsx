import type { User } from "@shop/domain/schemas/public";
import {
  Edit,
  Labeled,
  required,
  SaveButton,
  SelectField,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  useGetIdentity,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { roleChoices } from "../../choices.ts";

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
