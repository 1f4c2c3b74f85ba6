/** Blog posts: list, create, edit. */
import ResourceIcon from "@mui/icons-material/Article";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.BlogPostList }))),
  create: lazy(() => views().then((m) => ({ default: m.BlogPostCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.BlogPostEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "title",
};
