/** Shipping methods with their prices: list, create, edit. */
import ResourceIcon from "@mui/icons-material/LocalShipping";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.ShippingList }))),
  create: lazy(() => form().then((m) => ({ default: m.ShippingCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.ShippingEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "name",
};
