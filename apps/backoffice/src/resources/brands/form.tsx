/** The brand create and edit screens. */
import { required, SimpleForm, TextInput } from "react-admin";
import { formViews } from "../../components/form-views.tsx";

function BrandForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline minRows={3} />
    </SimpleForm>
  );
}

export const { Create: BrandCreate, Edit: BrandEdit } = formViews(BrandForm);
