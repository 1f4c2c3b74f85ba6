/** Users: the list; /users/{id} shows a user with addresses and orders; /users/edit/{id} edits names and role. */
import UserIcon from "@mui/icons-material/People";
import { lazy } from "react";

export default {
  list: lazy(() => import("./list.tsx").then((m) => ({ default: m.UserList }))),
  show: lazy(() => import("./show.tsx").then((m) => ({ default: m.UserShow }))),
  edit: lazy(() => import("./edit.tsx").then((m) => ({ default: m.UserEdit }))),
  icon: UserIcon,
  recordRepresentation: (user: { firstName: string; lastName: string }) =>
    `${user.firstName} ${user.lastName}`,
};
