/** Banners: list, create, edit with image upload, position and active flag. */
import ResourceIcon from "@mui/icons-material/ViewCarousel";
import { lazy } from "react";

const views = () => import("./views.tsx");

export default {
  list: lazy(() => views().then((m) => ({ default: m.BannerList }))),
  create: lazy(() => views().then((m) => ({ default: m.BannerCreate }))),
  edit: lazy(() => views().then((m) => ({ default: m.BannerEdit }))),
  icon: ResourceIcon,
  recordRepresentation: "title",
};
