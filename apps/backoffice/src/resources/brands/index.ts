/** Brands: list, create, edit. */
import BrandIcon from "@mui/icons-material/Sell";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.BrandList }))),
  create: lazy(() => views().then((m) => ({ default: m.BrandCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.BrandEdit }))),
  icon: BrandIcon,
  recordRepresentation: "name",
};
