/** Categories with their subcategories: list, create, edit. */
import CategoryIcon from "@mui/icons-material/Category";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.CategoryList }))),
  create: lazy(() => form().then((m) => ({ default: m.CategoryCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.CategoryEdit }))),
  icon: CategoryIcon,
  recordRepresentation: "name",
};
