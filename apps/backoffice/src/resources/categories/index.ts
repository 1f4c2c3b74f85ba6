/** Categories with their subcategories: list, create, edit. */
import CategoryIcon from "@mui/icons-material/Category";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.CategoryList }))),
  create: lazy(() => views().then((m) => ({ default: m.CategoryCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.CategoryEdit }))),
  icon: CategoryIcon,
  recordRepresentation: "name",
};
