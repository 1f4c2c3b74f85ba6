/** The shipping method create and edit screens. */
import { BooleanInput, NumberInput, required, SimpleForm, TextInput } from "react-admin";
import { formViews } from "../../components/form-views.tsx";

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
