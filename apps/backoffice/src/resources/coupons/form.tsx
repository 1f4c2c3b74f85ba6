/** The coupon create and edit screens: code, kind, amount, limits, dates, and usage so far. */
import type { Coupon } from "@shop/domain/schemas/public";
import {
  BooleanInput,
  DateTimeInput,
  Labeled,
  NumberInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { couponKindChoices, productTypeChoices } from "../../choices.ts";
import { formViews } from "../../components/form-views.tsx";

function Usage() {
  const coupon = useRecordContext<Coupon>();
  const translate = useTranslate();
  if (!coupon?.id) return null;
  return (
    <Labeled label="resources.coupons.fields.timesUsed">
      <span>
        {coupon.usageLimit === null
          ? translate("shop.coupons.usage_unlimited", { smart_count: coupon.timesUsed })
          : translate("shop.coupons.usage", { used: coupon.timesUsed, smart_count: coupon.usageLimit })}
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
      <SelectInput source="kind" choices={couponKindChoices} validate={required()} />
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
