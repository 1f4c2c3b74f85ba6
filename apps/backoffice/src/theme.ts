/** The back office's theme: react-admin's default theme with the shop's brand from @shop/ui's theme. */
import { brand, shopTheme } from "@shop/ui/theme";
import { defaultTheme, type RaThemeOptions } from "react-admin";

export const backOfficeTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    mode: "light",
    primary: { main: brand.primary },
    secondary: { main: brand.secondary },
    text: { primary: brand.ink, secondary: brand.muted },
    background: { default: brand.canvas, paper: brand.paper },
    success: { main: shopTheme.palette.success.main },
    error: { main: shopTheme.palette.error.main },
  },
  shape: shopTheme.shape,
  typography: {
    ...defaultTheme.typography,
    fontFamily: shopTheme.typography.fontFamily,
    h2: { fontSize: "1.5rem", fontWeight: 700 },
    h3: { fontSize: "1.125rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiCheckbox: {
      defaultProps: {
        // react-admin names each row's checkbox with aria-label on the component, which MUI 9 puts on the
        // wrapping <span>; the name belongs on the <input> itself.
        slotProps: {
          root: { "aria-label": undefined },
          input: (ownerState: { "aria-label"?: string }) => ({ "aria-label": ownerState["aria-label"] }),
        } as object,
      },
    },
    // Spinners are announced as loading.
    MuiCircularProgress: { defaultProps: { "aria-label": "Loading" } },
  },
};
