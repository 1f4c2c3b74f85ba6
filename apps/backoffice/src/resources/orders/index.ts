/** Orders: the list with a tab per status; /orders/{id} shows one order and moves it along its statuses. */
import OrderIcon from "@mui/icons-material/ShoppingBag";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.OrderList }))),
  edit: lazy(() => views().then((m) => ({ default: m.OrderDetail }))),
  icon: OrderIcon,
  recordRepresentation: "orderNumber",
};
