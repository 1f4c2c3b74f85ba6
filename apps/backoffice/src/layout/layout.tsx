/** react-admin's layout with the shop's menu; the app bar offers the language switch. */
import type { ReactNode } from "react";
import { Layout } from "react-admin";
import { ShopMenu } from "./menu.tsx";

export function ShopLayout({ children }: { children: ReactNode }) {
  return <Layout menu={ShopMenu}>{children}</Layout>;
}
