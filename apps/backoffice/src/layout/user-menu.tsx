/** The user menu named by the signed-in admin's name, the text it shows (its default name, "Profile", is not). */
import { UserMenu, useGetIdentity } from "react-admin";

export function ShopUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ?? "ra.auth.user_menu"} />;
}
