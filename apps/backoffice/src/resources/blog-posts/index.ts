/** Blog posts: list, create, edit. */
import ResourceIcon from "@mui/icons-material/Article";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.BlogPostList }))),
  create: lazy(() => form().then((m) => ({ default: m.BlogPostCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.BlogPostEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "title",
};
