/** Shipping methods with their prices: list, create, edit. */
import ResourceIcon from "@mui/icons-material/LocalShipping";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.ShippingList }))),
  create: lazy(() => views().then((m) => ({ default: m.ShippingCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.ShippingEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "name",
};
