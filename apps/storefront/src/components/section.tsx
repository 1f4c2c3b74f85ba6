/** A titled section of a page: @shop/ui's section heading over its content. */
import Box from "@mui/material/Box";
import { SectionHeading, type SectionHeadingProps } from "@shop/ui/section-heading";
import type { ReactNode } from "react";

export function Section({ children, ...heading }: SectionHeadingProps & { children: ReactNode }) {
  return (
    <Box component="section" sx={{ my: { xs: 4, md: 6 } }}>
      <SectionHeading {...heading} />
      {children}
    </Box>
  );
}
