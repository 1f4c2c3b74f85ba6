/** The receipts issued: e-NCF, type, buyer, totals, with their printable pages; filtered and exported as CSV. */
import ResourceIcon from "@mui/icons-material/ReceiptLong";
import { lazy } from "react";

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.ReceiptList }))),
  icon: ResourceIcon,
  recordRepresentation: "encf",
};
