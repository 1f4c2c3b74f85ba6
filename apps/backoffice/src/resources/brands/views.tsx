/** The brand screens: list with search; create and edit. */
import {
  Datagrid,
  List,
  NumberField,
  required,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
import { formViews } from "../../components/form-views.tsx";

export function BrandList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: "name", order: "ASC" }}
      perPage={25}
    >
      <Datagrid rowClick="edit">
        <TextField source="name" />
        <TextField source="slug" sortable={false} />
        <NumberField source="productCount" />
      </Datagrid>
    </List>
  );
}

function BrandForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline minRows={3} />
    </SimpleForm>
  );
}

export const { Create: BrandCreate, Edit: BrandEdit } = formViews(BrandForm);
