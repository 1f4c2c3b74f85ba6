import { BooleanInput, NumberInput, required, SimpleForm, TextInput } from "react-admin";
import { formViews } from "../../components/form-views.tsx";
import { UploadImageInput } from "../../components/image-input.tsx";

function BannerForm() {
  return (
    <SimpleForm>
      <TextInput source="title" validate={required()} />
      <TextInput source="subtitle" />
      <UploadImageInput source="img" validate={required()} />
      <TextInput source="link" helperText="shop.banners.link_help" />
      <TextInput source="position" validate={required()} helperText="shop.banners.position_help" />
      <NumberInput source="sortOrder" min={0} step={1} />
      <BooleanInput source="active" defaultValue />
    </SimpleForm>
  );
}

export const { Create: BannerCreate, Edit: BannerEdit } = formViews(BannerForm);
