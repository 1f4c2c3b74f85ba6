/** Coupons: list with usage; create and edit (code, kind, amount, limits, dates). */
import ResourceIcon from "@mui/icons-material/LocalOffer";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.CouponList }))),
  create: lazy(() => form().then((m) => ({ default: m.CouponCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.CouponEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "code",
};
