/** The coupons list with kind, amount, usage, dates and state (paused, scheduled, active, expired, used up). */
import { couponState } from "@shop/domain/coupons";
import type { Coupon } from "@shop/domain/schemas/public";
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectField,
  SimpleList,
  TextField,
  useTranslate,
} from "react-admin";
import { couponKindChoices } from "../../choices.ts";
import { csvExporter } from "../../components/csv-exporter.ts";
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

/** The coupon's state now, by @shop/domain's rule, in the screen's language. */
function useCouponState() {
  const translate = useTranslate();
  return (coupon: Coupon) => translate(`shop.coupon_states.${couponState(coupon, Date.now())}`);
}

export function CouponList() {
  const small = useSmallScreen();
  const state = useCouponState();
  return (
    <List exporter={csvExporter} filters={filters} sort={{ field: "code", order: "ASC" }} perPage={25}>
      {small ? (
        <SimpleList<Coupon>
          primaryText={(coupon) => coupon.code}
          secondaryText={(coupon) => coupon.title}
          tertiaryText={(coupon) => `${couponAmount(coupon)} · ${usage(coupon)} · ${state(coupon)}`}
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
          <FunctionField source="state" sortable={false} render={state} />
        </Datagrid>
      )}
    </List>
  );
}
