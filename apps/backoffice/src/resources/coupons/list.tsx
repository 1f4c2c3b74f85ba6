/** The coupons list with kind, amount, usage and dates. */
import type { Coupon } from "@shop/domain/schemas/public";
import {
  BooleanField,
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectField,
  SimpleList,
  TextField,
} from "react-admin";
import { couponKindChoices } from "../../choices.ts";
import { DateField } from "../../components/date-field.tsx";
import { SelectFilter } from "../../components/filters.tsx";
import { money } from "../../components/money.tsx";
import { useSmallScreen } from "../../components/use-small-screen.ts";

const kindChoices = couponKindChoices;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectFilter key="kind" source="kind" choices={kindChoices} />,
  <SelectFilter
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
  const small = useSmallScreen();
  return (
    <List filters={filters} sort={{ field: "code", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList<Coupon>
          primaryText={(coupon) => coupon.code}
          secondaryText={(coupon) => coupon.title}
          tertiaryText={(coupon) => `${couponAmount(coupon)} · ${usage(coupon)}`}
          rowClick="edit"
        />
      ) : (
        <Datagrid rowClick="edit">
          <TextField source="code" />
          <TextField source="title" />
          <SelectField source="kind" choices={kindChoices} />
          <FunctionField source="value" sortable={false} render={couponAmount} />
          <FunctionField source="timesUsed" render={usage} />
          <DateField source="endsAt" showTime />
          <BooleanField source="active" />
        </Datagrid>
      )}
    </List>
  );
}
