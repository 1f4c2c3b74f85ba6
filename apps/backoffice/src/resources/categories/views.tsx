/** The category screens: list with search and type filter; create and edit with image and subcategories. */
import {
  Datagrid,
  List,
  NumberField,
  required,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextArrayInput,
  TextField,
  TextInput,
} from "react-admin";
import { productTypeChoices } from "../../choices.ts";
import { formViews } from "../../components/form-views.tsx";
import { UploadImageInput } from "../../components/image-input.tsx";

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="productType" source="productType" choices={productTypeChoices} />,
];

export function CategoryList() {
  return (
    <List filters={filters} sort={{ field: "name", order: "ASC" }} perPage={25}>
      <Datagrid rowClick="edit">
        <TextField source="name" />
        <SelectField source="productType" choices={productTypeChoices} />
        <TextField source="slug" sortable={false} />
        <NumberField source="productCount" />
      </Datagrid>
    </List>
  );
}

function CategoryForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <SelectInput source="productType" choices={productTypeChoices} validate={required()} />
      <TextInput source="description" multiline minRows={3} />
      <UploadImageInput source="img" />
      <TextArrayInput source="children" helperText="shop.categories.children_help" />
    </SimpleForm>
  );
}

/** No picture is null, not an empty string. */
const toCategoryInput = (data: Record<string, unknown>) => ({ ...data, img: data.img || null });

export const { Create: CategoryCreate, Edit: CategoryEdit } = formViews(CategoryForm, {
  transform: toCategoryInput,
});
