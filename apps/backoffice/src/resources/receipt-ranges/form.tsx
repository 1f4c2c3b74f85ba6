/** Loading an e-NCF range as the DGII authorised it: type, first and last number, expiry date. */
import { RECEIPT_TYPES, receiptTypeNames } from "@shop/domain/fiscal";
import { DateInput, NumberInput, required, SelectInput, SimpleForm } from "react-admin";
import { formViews } from "../../components/form-views.tsx";

const typeChoices = RECEIPT_TYPES.map((type) => ({ id: type, name: `${type} — ${receiptTypeNames[type]}` }));

const lastAfterFirst = (value: unknown, values: { firstNumber?: number }) =>
  typeof value === "number" && typeof values.firstNumber === "number" && value < values.firstNumber
    ? "shop.receipt_ranges.last_before_first"
    : undefined;

function ReceiptRangeForm() {
  return (
    <SimpleForm>
      <SelectInput source="type" choices={typeChoices} validate={required()} />
      <NumberInput
        source="firstNumber"
        validate={required()}
        min={1}
        step={1}
        helperText="shop.receipt_ranges.number_help"
      />
      <NumberInput source="lastNumber" validate={[required(), lastAfterFirst]} min={1} step={1} />
      <DateInput source="expiresOn" validate={required()} helperText="shop.receipt_ranges.expires_help" />
    </SimpleForm>
  );
}

export const { Create: ReceiptRangeCreate } = formViews(ReceiptRangeForm);
