/** Products: list with filters and bulk delete; create and edit with every field and the image manager. */
import ProductIcon from "@mui/icons-material/Inventory2";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.ProductList }))),
  create: lazy(() => views().then((m) => ({ default: m.ProductCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.ProductEdit }))),
  icon: ProductIcon,
  recordRepresentation: "title",
};
