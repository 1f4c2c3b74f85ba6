/** Products: list with filters and bulk delete; create and edit with every field and the image manager. */
import ProductIcon from "@mui/icons-material/Inventory2";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.ProductList }))),
  create: lazy(() => form().then((m) => ({ default: m.ProductCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.ProductEdit }))),
  /** /products/{id}/variants: sizes, colours and stock, a chunk of its own. */
  variants: lazy(() => import("./variants-page.tsx")),
  icon: ProductIcon,
  recordRepresentation: "title",
};
