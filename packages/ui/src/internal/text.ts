/**
 * A typography variant's styles without its font family, for plain elements under one component's style rule: they
 * inherit the family from the page's body (the baseline sets it), so the rule need not write it again per part.
 */
import type { Theme } from "@mui/material/styles";

export function textOf(theme: Theme, variant: "body1" | "body2" | "h4") {
  const { fontFamily: _, ...rest } = theme.typography[variant];
  return rest;
}
