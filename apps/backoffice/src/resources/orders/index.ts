/** Orders: the list with a tab per status; /orders/{id} shows one order and moves it along its statuses. */
import OrderIcon from "@mui/icons-material/ShoppingBag";
import { lazy } from "react";

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.OrderList }))),
  edit: lazy(() => import("./detail.tsx").then((m) => ({ default: m.OrderDetail }))),
  icon: OrderIcon,
  recordRepresentation: "orderNumber",
};
