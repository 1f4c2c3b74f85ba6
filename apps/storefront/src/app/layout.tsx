/** The shop's layout as the app fills it: the header's tools, the mobile menu's links, and who is signed in. */
import { useAtomValue } from "jotai";
import type { ReactNode } from "react";
import { sessionUserAtom } from "#features/auth/session.ts";
import { ShopLayout, type ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import { HeaderTools, MenuTools } from "./header-tools.tsx";

export function AppLayout({ tone, children }: { tone?: ShopLayoutProps["tone"]; children: ReactNode }) {
  const signedIn = Boolean(useAtomValue(sessionUserAtom));
  return (
    <ShopLayout tools={<HeaderTools />} menuExtras={<MenuTools />} tone={tone} signedIn={signedIn}>
      {children}
    </ShopLayout>
  );
}
