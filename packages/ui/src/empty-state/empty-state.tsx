/** What a list shows when it has nothing: a title, a sentence, and a way out. */
import Box from "@mui/material/Box";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { SearchOffIcon } from "../icons/icons.tsx";
import { containedButton } from "../internal/button-look.ts";
import { PlainLink } from "../internal/plain-link.tsx";

/** The way out: a link drawn as MUI's contained Button, without its ButtonBase (internal/button-look.ts). */
const Action = styled(PlainLink)(({ theme }) => ({ ...containedButton(theme), marginTop: theme.spacing(1) }));

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
      <Box
        aria-hidden="true"
        sx={{ display: "flex", color: "text.secondary", fontSize: 56, "& svg": { fontSize: 56 } }}
      >
        {icon ?? <SearchOffIcon fontSize="inherit" />}
      </Box>
      <Typography component={component} variant="h3">
        {title}
      </Typography>
      {message && (
        <Typography color="text.secondary" sx={{ maxWidth: "36rem" }}>
          {message}
        </Typography>
      )}
      {action && <Action href={action.href}>{action.label}</Action>}
    </Box>
  );
}
