/** Synonyms of the shop's search: list, create, edit. */
import SynonymIcon from "@mui/icons-material/Translate";
import { lazy } from "react";

// The list and the forms are separate chunks: a visit to the list does not load the inputs.
const form = () => import("./form.tsx");

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.SynonymList }))),
  create: lazy(() => form().then((m) => ({ default: m.SynonymCreate }))),
  edit: lazy(() => form().then((m) => ({ default: m.SynonymEdit }))),
  icon: SynonymIcon,
  recordRepresentation: "term",
};
