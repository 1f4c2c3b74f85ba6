/** The banner screens: list by position and order; create and edit with image upload, position and active flag. */
import type { Banner } from "@shop/domain/schemas";
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  required,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
} from "react-admin";
import { formViews } from "../../components/form-views.tsx";
import { UploadImageInput } from "../../components/image-input.tsx";

const filters = [<SearchInput key="q" source="q" alwaysOn />, <TextInput key="position" source="position" />];

export function BannerList() {
  return (
    <List filters={filters} sort={{ field: "position", order: "ASC" }} perPage={25}>
      <Datagrid rowClick="edit">
        <FunctionField
          source="img"
          sortable={false}
          render={(banner: Banner) => (
            <img src={banner.img} alt="" width={96} height={40} style={{ objectFit: "cover" }} />
          )}
        />
        <TextField source="title" />
        <TextField source="position" />
        <NumberField source="sortOrder" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

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
