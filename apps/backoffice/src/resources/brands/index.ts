/** Brands: list, create, edit. */
import BrandIcon from "@mui/icons-material/Sell";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.BrandList }))),
  create: lazy(() => form().then((m) => ({ default: m.BrandCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.BrandEdit }))),
  icon: BrandIcon,
  recordRepresentation: "name",
};
