/** The shipping screens: methods with their prices; create and edit. */
import {
  BooleanField,
  BooleanInput,
  Datagrid,
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
import { MoneyField } from "../../components/money.tsx";

export function ShippingList() {
  return (
    <List filters={[<SearchInput key="q" source="q" alwaysOn />]} sort={{ field: "sortOrder", order: "ASC" }}>
      <Datagrid rowClick="edit">
        <TextField source="name" />
        <MoneyField source="price" sortable />
        <MoneyField source="freeOver" sortable={false} />
        <TextField source="estimatedDays" sortable={false} />
        <NumberField source="sortOrder" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

function ShippingForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline />
      <NumberInput
        source="price"
        validate={required()}
        min={0}
        step={0.01}
        helperText="shop.shipping.price_help"
      />
      <NumberInput source="freeOver" min={0} step={0.01} helperText="shop.shipping.free_over_help" />
      <TextInput source="estimatedDays" helperText="shop.shipping.days_help" />
      <NumberInput source="sortOrder" min={0} step={1} />
      <BooleanInput source="active" defaultValue />
    </SimpleForm>
  );
}

const toShippingInput = (data: Record<string, unknown>) => ({
  ...data,
  freeOver: data.freeOver === "" || data.freeOver === undefined ? null : data.freeOver,
});

export const { Create: ShippingCreate, Edit: ShippingEdit } = formViews(ShippingForm, {
  transform: toShippingInput,
});
