/** The choices of the shop's enumerations for selects and fields; react-admin translates each name key. */
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  COUPON_KINDS,
  ORDER_STATUSES,
  PRODUCT_TYPES,
  REVIEW_STATUSES,
  ROLES,
  STOCK_LEVELS,
} from "@shop/domain/constants";
import { PAYMENT_STATES } from "@shop/domain/payments";

const choices = (values: readonly string[], prefix: string) =>
  values.map((id) => ({ id, name: `shop.${prefix}.${id}` }));

export const productTypeChoices = choices(PRODUCT_TYPES, "product_types");
/** The listing's status filter: the stored statuses plus "on sale". */
export const productStatusChoices = choices(["in-stock", "on-sale", "out-of-stock"], "product_status");
/** The stock filter's levels; "low" names its threshold (%{threshold}). */
export const stockLevelChoices = choices(STOCK_LEVELS, "stock_levels");
export const orderStatusChoices = choices(ORDER_STATUSES, "order_status");
/** The payment states an order can be in: "authorized" is kept for a hold-then-capture flow the shop does not use. */
export const paymentStateChoices = choices(
  PAYMENT_STATES.filter((state) => state !== "authorized"),
  "payment_states",
);
export const reviewStatusChoices = choices(REVIEW_STATUSES, "review_status");
export const roleChoices = choices(ROLES, "roles");
export const couponKindChoices = choices(COUPON_KINDS, "coupon_kinds");
export const auditEntityChoices = choices(AUDIT_ENTITIES, "audit_entities");
/** Action names hold a dot (product.update): their keys use an underscore instead. */
export const auditActionChoices = AUDIT_ACTIONS.map((id) => ({
  id,
  name: `shop.audit_actions.${id.replace(/[.-]/g, "_")}`,
}));
