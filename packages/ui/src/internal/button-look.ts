/**
 * MUI's contained Button as the styles of a plain <a> (or <button>), for the few buttons a first screen shows (a
 * banner's "Shop now", an empty list's way out): MUI's Button brings a ButtonBase, its ripple and the spinner it
 * imports, which a page then loads before its first render. The look is MUI's, with the shop's focus ring.
 */
import type { Theme } from "@mui/material/styles";
import { focusRing } from "../theme.ts";

export function containedButton(theme: Theme) {
  return {
    ...theme.typography.button,
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    position: "relative",
    boxSizing: "border-box",
    minWidth: 64,
    margin: 0,
    padding: "6px 16px",
    border: 0,
    borderRadius: theme.shape.borderRadius,
    outline: 0,
    color: theme.palette.primary.contrastText,
    backgroundColor: theme.palette.primary.main,
    boxShadow: theme.shadows[2],
    textDecoration: "none",
    verticalAlign: "middle",
    cursor: "pointer",
    userSelect: "none",
    WebkitTapHighlightColor: "transparent",
    transition: theme.transitions.create(["background-color", "box-shadow", "border-color", "color"], {
      duration: theme.transitions.duration.short,
    }),
    "&:hover": {
      textDecoration: "none",
      backgroundColor: theme.palette.primary.dark,
      boxShadow: theme.shadows[4],
      "@media (hover: none)": { boxShadow: theme.shadows[2] },
    },
    "&:active": { boxShadow: theme.shadows[8] },
    "&:focus-visible": { ...focusRing, boxShadow: theme.shadows[6] },
  } as const;
}
