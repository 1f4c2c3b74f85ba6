/** The category create and edit screens: name, type, description, image and subcategories. */
import { required, SelectInput, SimpleForm, TextArrayInput, TextInput } from "react-admin";
import { productTypeChoices } from "../../choices.ts";
import { formViews } from "../../components/form-views.tsx";
import { UploadImageInput } from "../../components/image-input.tsx";

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
