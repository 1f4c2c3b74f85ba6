/** The shop's MUI theme: brand palette, system fonts (no font download), dark text on light, AA contrast. */
import { createTheme, type Theme, type ThemeOptions } from "@mui/material/styles";
import { iconBoxStyles } from "./icons/icon-box.ts";

export const brand = {
  /** Deep blue: buttons, links, focus. White text on it is 8.3:1. */
  primary: "#1844b5",
  /** Berry: sale badges and accents. White text on it is 7.0:1. */
  secondary: "#ad1457",
  ink: "#1c1b1f",
  /** Secondary text: 7.1:1 on the canvas, 7.6:1 on white. */
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

/** A ring that shows on keyboard focus only, on every background the shop uses. */
export const focusRing = { outline: `3px solid ${brand.primary}`, outlineOffset: 2 } as const;

/**
 * Tabs wrap onto another row rather than run past the screen's edge (a phone cut the product page's "Reviews" tab
 * off, and the back office's order statuses): the selected tab is underlined itself, as the sliding indicator
 * follows one row only. Both apps' themes use it.
 */
export const wrappingTabs = {
  MuiTabs: { styleOverrides: { list: { flexWrap: "wrap" }, indicator: { display: "none" } } },
  MuiTab: {
    styleOverrides: {
      root: {
        borderBottom: "2px solid transparent",
        "&.Mui-selected": { borderBottomColor: "currentColor" },
      },
    },
  },
} satisfies ThemeOptions["components"];

const shopThemeOptions: ThemeOptions = {
  palette: {
    mode: "light",
    primary: { main: brand.primary },
    secondary: { main: brand.secondary },
    text: { primary: brand.ink, secondary: brand.muted },
    background: { default: brand.canvas, paper: brand.paper },
    // Every status colour carries white text at 6:1 or more (MUI's defaults fall below 4.5:1).
    success: { main: "#1b6e3a" },
    error: { main: "#b3261e" },
    warning: { main: "#8a4b00" },
    info: { main: "#01579b" },
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
    ...wrappingTabs,
    // The box of the shop's CSS icons (`@shop/ui/icons`), once per page.
    MuiCssBaseline: { styleOverrides: iconBoxStyles },
    MuiButtonBase: {
      defaultProps: { disableRipple: false },
      styleOverrides: { root: { "&.Mui-focusVisible": focusRing } },
    },
    MuiLink: {
      // Underlined, because in running text the link colour alone is too close to the text's (2:1, not 3:1).
      // Links that are plainly links by where they stand (titles, menus) may set underline="hover".
      defaultProps: { underline: "always" },
      styleOverrides: { root: { "&:focus-visible": focusRing } },
    },
  },
};

/**
 * The shop's theme; each app may add its own options on top (for example its router's link as
 * `MuiButtonBase.defaultProps.LinkComponent` and `MuiLink.defaultProps.component`).
 */
export function createShopTheme(...overrides: ThemeOptions[]): Theme {
  return createTheme(shopThemeOptions, ...overrides);
}

export const shopTheme = createShopTheme();
