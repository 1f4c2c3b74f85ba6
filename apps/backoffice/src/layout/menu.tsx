/** The sidebar: the dashboard, then every resource the admin may use (react-admin hides any canAccess refuses). */
import DashboardIcon from "@mui/icons-material/Dashboard";
import { Menu } from "react-admin";
import { adminLink } from "../links.ts";

export function ShopMenu() {
  return (
    <Menu>
      <Menu.Item
        to={adminLink("/dashboard")}
        primaryText="shop.menu.dashboard"
        leftIcon={<DashboardIcon />}
      />
      <Menu.ResourceItems />
    </Menu>
  );
}
