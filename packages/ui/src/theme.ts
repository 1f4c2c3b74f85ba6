/** The shop's MUI theme: brand palette, system fonts (no font download), dark text on light, AA contrast. */
import { createTheme, type Theme } from "@mui/material/styles";

export const brand = {
  /** Deep blue: buttons, links, focus. White text on it is 7.1:1. */
  primary: "#1844b5",
  /** Berry: sale badges and accents. White text on it is 6.3:1. */
  secondary: "#ad1457",
  ink: "#1c1b1f",
  muted: "#55535c",
  paper: "#ffffff",
  canvas: "#f7f7f9",
} as const;

const fontFamily = [
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(",");

export function createShopTheme(): Theme {
  return createTheme({
    palette: {
      mode: "light",
      primary: { main: brand.primary },
      secondary: { main: brand.secondary },
      text: { primary: brand.ink, secondary: brand.muted },
      background: { default: brand.canvas, paper: brand.paper },
      success: { main: "#1b6e3a" },
      error: { main: "#b3261e" },
    },
    shape: { borderRadius: 8 },
    spacing: 8,
    typography: {
      fontFamily,
      h1: { fontSize: "2.25rem", fontWeight: 700 },
      h2: { fontSize: "1.75rem", fontWeight: 700 },
      h3: { fontSize: "1.375rem", fontWeight: 600 },
      h4: { fontSize: "1.125rem", fontWeight: 600 },
      button: { textTransform: "none", fontWeight: 600 },
    },
    components: {
      MuiButtonBase: { defaultProps: { disableRipple: false } },
      MuiLink: { defaultProps: { underline: "hover" } },
    },
  });
}

export const shopTheme = createShopTheme();
