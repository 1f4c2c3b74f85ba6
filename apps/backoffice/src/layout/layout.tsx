/** react-admin's layout with the shop's menu and user menu; the app bar offers the language switch. */
import type { ReactNode } from "react";
import { AppBar, Layout } from "react-admin";
import { ShopMenu } from "./menu.tsx";
import { ShopUserMenu } from "./user-menu.tsx";

const ShopAppBar = () => <AppBar userMenu={<ShopUserMenu />} />;

export function ShopLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ShopMenu} appBar={ShopAppBar}>
      {children}
    </Layout>
  );
}
