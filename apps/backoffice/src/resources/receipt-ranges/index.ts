/** e-NCF ranges: the list with numbers left and warnings before a range runs out or expires; loading a new one. */
import ResourceIcon from "@mui/icons-material/FormatListNumbered";
import { lazy } from "react";

const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.ReceiptRangeList }))),
  create: lazy(() => form().then((m) => ({ default: m.ReceiptRangeCreate }))),
  icon: ResourceIcon,
  recordRepresentation: "from",
};
