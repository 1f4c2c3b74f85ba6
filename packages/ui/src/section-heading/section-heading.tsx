/** A page section's title, an optional line under it, and an optional "see all" link on the right. */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useId } from "react";

export interface SectionHeadingProps {
  title: string;
  subtitle?: string;
  action?: { label: string; href: string };
  component?: "h1" | "h2" | "h3";
}

export function SectionHeading({ title, subtitle, action, component = "h2" }: SectionHeadingProps) {
  const titleId = useId();
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "flex-end",
        justifyContent: "space-between",
        gap: 2,
        mb: 2,
        flexWrap: "wrap",
      }}
    >
      <div>
        <Typography id={titleId} component={component} variant={component === "h1" ? "h1" : "h2"}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </div>
      {action && (
        // Named by its own words and described by the section title, so "View all" links stay distinct.
        <Link href={action.href} aria-describedby={titleId} sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
          {action.label}
        </Link>
      )}
    </Box>
  );
}
