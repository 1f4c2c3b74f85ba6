/** The coupon screens: list with usage; create and edit with code, kind, amount, limits and dates. */
import type { Coupon } from "@shop/domain/schemas";
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  DateField,
  DateTimeInput,
  FunctionField,
  Labeled,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { couponKindChoices, productTypeChoices } from "../../choices.ts";
import { formViews } from "../../components/form-views.tsx";
import { money } from "../../components/money.tsx";

const kindChoices = couponKindChoices;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={kindChoices} />,
  <SelectInput
    key="active"
    source="active"
    choices={[
      { id: true, name: "ra.boolean.true" },
      { id: false, name: "ra.boolean.false" },
    ]}
  />,
];

/** "15 %" or "US$10.00". */
export const couponAmount = (coupon: Pick<Coupon, "kind" | "value">) =>
  coupon.kind === "percent" ? `${coupon.value} %` : money(coupon.value);

/** "3 / 100" uses, or "3 / ∞" without a limit. */
const usage = (coupon: Coupon) => `${coupon.timesUsed} / ${coupon.usageLimit ?? "∞"}`;

export function CouponList() {
  return (
    <List filters={filters} sort={{ field: "code", order: "ASC" }} perPage={25}>
      <Datagrid rowClick="edit">
        <TextField source="code" />
        <TextField source="title" />
        <SelectField source="kind" choices={kindChoices} />
        <FunctionField source="value" sortable={false} render={couponAmount} />
        <FunctionField source="timesUsed" render={usage} />
        <DateField source="endsAt" showTime />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}

function Usage() {
  const coupon = useRecordContext<Coupon>();
  const translate = useTranslate();
  if (!coupon?.id) return null;
  return (
    <Labeled label="resources.coupons.fields.timesUsed">
      <span>
        {translate("shop.coupons.usage", { used: coupon.timesUsed, limit: coupon.usageLimit ?? "∞" })}
      </span>
    </Labeled>
  );
}

const endsAfterStart = (value: unknown, values: { startsAt?: string | null }) =>
  value && values.startsAt && new Date(String(value)) < new Date(values.startsAt)
    ? "shop.coupons.ends_before_start"
    : undefined;

function CouponForm() {
  return (
    <SimpleForm>
      <Usage />
      <TextInput source="code" validate={required()} helperText="shop.coupons.code_help" />
      <TextInput source="title" validate={required()} />
      <SelectInput source="kind" choices={kindChoices} validate={required()} />
      <NumberInput source="value" validate={required()} min={0} helperText="shop.coupons.value_help" />
      <NumberInput source="minOrderAmount" min={0} helperText="shop.coupons.min_order_help" />
      <SelectInput source="productType" choices={productTypeChoices} emptyText="shop.coupons.any_type" />
      <DateTimeInput source="startsAt" />
      <DateTimeInput source="endsAt" validate={endsAfterStart} />
      <NumberInput source="usageLimit" min={1} step={1} helperText="shop.coupons.no_limit" />
      <NumberInput source="perCustomerLimit" min={1} step={1} helperText="shop.coupons.no_limit" />
      <BooleanInput source="active" defaultValue />
    </SimpleForm>
  );
}

/** Empty limits, dates and type are "none" (null) for the API. */
const toCouponInput = (data: Record<string, unknown>) => {
  const orNull = (value: unknown) => (value === "" || value === undefined ? null : value);
  return {
    ...data,
    productType: orNull(data.productType),
    startsAt: orNull(data.startsAt),
    endsAt: orNull(data.endsAt),
    usageLimit: orNull(data.usageLimit),
    perCustomerLimit: orNull(data.perCustomerLimit),
    minOrderAmount: data.minOrderAmount ?? 0,
  };
};

export const { Create: CouponCreate, Edit: CouponEdit } = formViews(CouponForm, { transform: toCouponInput });
