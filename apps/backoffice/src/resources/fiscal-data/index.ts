/** The business's fiscal data: the RNC, legal name and address new receipts name; one record admins edit. */
import ResourceIcon from "@mui/icons-material/AccountBalance";
import { lazy } from "react";

export default {
  list: lazy(() => import("./page.tsx").then((m) => ({ default: m.FiscalDataPage }))),
  icon: ResourceIcon,
  recordRepresentation: "name",
};
