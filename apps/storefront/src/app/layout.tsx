/** The shop's layout as the app fills it: the header's tools and search bar, the mobile menu's links, and who is signed in. */
import { useAtomValue } from "jotai";
import { lazy, type ReactNode } from "react";
import { sessionUserAtom } from "#features/auth/session.ts";
import { ShopLayout, type ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import { HeaderTools, MenuTools } from "./header-tools.tsx";

// The search's own chunk, loaded when the shopper reaches for the header's search toggle.
const loadSearchBar = () => import("#features/search/search-bar.tsx");
const search = { Bar: lazy(loadSearchBar), preload: loadSearchBar };

export function AppLayout({ tone, children }: { tone?: ShopLayoutProps["tone"]; children: ReactNode }) {
  const signedIn = Boolean(useAtomValue(sessionUserAtom));
  return (
    <ShopLayout
      tools={<HeaderTools />}
      search={search}
      menuExtras={<MenuTools />}
      tone={tone}
      signedIn={signedIn}
    >
      {children}
    </ShopLayout>
  );
}
