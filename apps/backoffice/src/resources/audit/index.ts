/** The staff audit trail: who changed what and when, with before and after; read only. */
import ResourceIcon from "@mui/icons-material/History";
import { lazy } from "react";

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.AuditList }))),
  show: lazy(() => import("./show.tsx").then((m) => ({ default: m.AuditShow }))),
  icon: ResourceIcon,
  recordRepresentation: "action",
};
