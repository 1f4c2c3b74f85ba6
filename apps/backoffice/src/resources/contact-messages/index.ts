/** Contact messages: read them and mark them handled. */
import ResourceIcon from "@mui/icons-material/Mail";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.ContactMessageList }))),

  show: lazy(() => views().then((m) => ({ default: m.ContactMessageShow }))),
  icon: ResourceIcon,
  recordRepresentation: "subject",
};
