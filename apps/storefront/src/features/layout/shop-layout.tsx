/** A storefront layout: header, the page, footer. The default layout and the alternative home designs are this, toned. */
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { Footer } from "./footer.tsx";
import { Header, type HeaderSearch, type HeaderTone } from "./header.tsx";

export interface ShopLayoutProps {
  tools: ReactNode;
  search: HeaderSearch;
  menuExtras?: ReactNode;
  tone?: HeaderTone & { footerBackground?: string; footerColor?: string };
  /** Whether a shopper is signed in (the footer's account link). */
  signedIn?: boolean;
  children: ReactNode;
}

export function ShopLayout({ tools, search, menuExtras, tone, signedIn, children }: ShopLayoutProps) {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <Header tools={tools} search={search} menuExtras={menuExtras} tone={tone} />
      <Box component="main" id="main" sx={{ flex: 1 }}>
        {children}
      </Box>
      <Footer
        background={tone?.footerBackground}
        color={tone?.footerColor}
        name={tone?.logo}
        signedIn={signedIn}
      />
    </Box>
  );
}
