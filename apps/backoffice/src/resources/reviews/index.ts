/** Reviews moderation: approve, reject, delete. */
import ResourceIcon from "@mui/icons-material/RateReview";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.ReviewList }))),
  icon: ResourceIcon,
  recordRepresentation: "review",
};
