/** Coupons: list with usage; create and edit (code, kind, amount, limits, dates). */
import ResourceIcon from "@mui/icons-material/LocalOffer";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.CouponList }))),
  create: lazy(() => views().then((m) => ({ default: m.CouponCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.CouponEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "code",
};
