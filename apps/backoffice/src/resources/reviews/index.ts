/** Reviews moderation: approve, reject, delete. */
import ResourceIcon from "@mui/icons-material/RateReview";
import { lazy } from "react";

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.ReviewList }))),
  icon: ResourceIcon,
  recordRepresentation: "review",
};
