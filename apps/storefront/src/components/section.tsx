/** A titled section of a page, with an optional "see all" link. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export function Section({
  title,
  action,
  children,
  component = "h2",
}: {
  title: string;
  action?: { label: string; href: string };
  children: ReactNode;
  component?: "h1" | "h2";
}) {
  return (
    <Box component="section" sx={{ my: { xs: 4, md: 6 } }}>
      <Box sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", gap: 2, mb: 2 }}>
        <Typography component={component} variant="h2" sx={{ fontSize: { xs: "1.375rem", md: "1.75rem" } }}>
          {title}
        </Typography>
        {action && (
          <Link href={action.href} sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {action.label}
          </Link>
        )}
      </Box>
      {children}
    </Box>
  );
}
