/** Banners: list, create, edit with image upload, position and active flag. */
import ResourceIcon from "@mui/icons-material/ViewCarousel";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.BannerList }))),
  create: lazy(() => form().then((m) => ({ default: m.BannerCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.BannerEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "title",
};
