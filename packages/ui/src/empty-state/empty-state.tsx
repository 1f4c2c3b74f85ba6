/** What a list shows when it has nothing: a title, a sentence, and a way out. */
import SearchOffIcon from "@mui/icons-material/SearchOff";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export interface EmptyStateProps {
  title: string;
  message?: string;
  action?: { label: string; href: string };
  /** A decorative icon; a magnifying glass crossed out when left out. */
  icon?: ReactNode;
  component?: "h1" | "h2" | "h3";
}

export function EmptyState({ title, message, action, icon, component = "h2" }: EmptyStateProps) {
  return (
    <Box sx={{ textAlign: "center", py: 6, px: 2, display: "grid", justifyItems: "center", gap: 1.5 }}>
      <Box aria-hidden="true" sx={{ color: "text.secondary", "& svg": { fontSize: 56 } }}>
        {icon ?? <SearchOffIcon />}
      </Box>
      <Typography component={component} variant="h3">
        {title}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ maxWidth: "36rem" }}>
          {message}
        </Typography>
      )}
      {action && (
        <Button variant="contained" href={action.href} sx={{ mt: 1 }}>
          {action.label}
        </Button>
      )}
    </Box>
  );
}
