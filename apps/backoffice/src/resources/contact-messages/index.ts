/** Contact messages: read them and mark them handled. */
import ResourceIcon from "@mui/icons-material/Mail";
import { lazy } from "react";

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.ContactMessageList }))),
  show: lazy(() => import("./show.tsx").then((m) => ({ default: m.ContactMessageShow }))),
  icon: ResourceIcon,
  recordRepresentation: "subject",
};
