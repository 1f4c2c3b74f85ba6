/** The back office's theme: react-admin's default theme with the shop's brand from @shop/ui's theme. */
import { brand, shopTheme, wrappingTabs } from "@shop/ui/theme";
import { defaultTheme, type RaThemeOptions } from "react-admin";

interface CheckboxOwnerState {
  "aria-label"?: string;
  className?: string;
  onChange?: unknown;
}

/** A checkbox of react-admin's loading grid (DatagridLoading): its "select-all" class, and nothing to call. */
const isLoadingGridPicture = (ownerState: CheckboxOwnerState) =>
  !ownerState.onChange && !ownerState["aria-label"] && /\bselect-all\b/.test(ownerState.className ?? "");

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
  // Wide enough for the longest menu entry in either language ("Mensajes de contacto").
  sidebar: { width: 260, closedWidth: 50 },
  components: {
    ...defaultTheme.components,
    // Tabs (a product's form, the orders' statuses) wrap on a phone rather than run past its edge.
    ...wrappingTabs,
    MuiCheckbox: {
      defaultProps: {
        // react-admin names each row's checkbox with aria-label on the component, which MUI 9 puts on the
        // wrapping <span>; the name belongs on the <input> itself. Its list's loading grid draws checkboxes
        // that do nothing (no name, no handler): pictures of the grid to come, kept from screen readers and focus.
        slotProps: {
          root: (ownerState: CheckboxOwnerState) => ({
            "aria-label": undefined,
            ...(isLoadingGridPicture(ownerState) ? { "aria-hidden": true } : {}),
          }),
          input: (ownerState: CheckboxOwnerState) =>
            isLoadingGridPicture(ownerState)
              ? { disabled: true }
              : { "aria-label": ownerState["aria-label"] },
        } as object,
      },
    },
    // react-admin's layout grows to fit its widest content (min-width: fit-content), which made the whole page
    // scroll sideways on a phone; the content keeps to the screen instead, and wide parts scroll within it.
    RaLayout: { styleOverrides: { root: { minWidth: 0, "& .RaLayout-content": { minWidth: 0 } } } },
    RaList: {
      styleOverrides: {
        root: {
          "& .RaList-main": { minWidth: 0 },
          // On a phone react-admin's Create button floats over the screen's bottom right corner (56 px, 60 px up):
          // room under the list lets its last row and pages scroll above it.
          "@media (max-width: 599.95px)": { paddingBottom: 128 },
        },
      },
    },
    // A menu entry longer than the sidebar wraps rather than being cut off.
    RaMenuItemLink: { styleOverrides: { root: { whiteSpace: "normal" } } },
    // Spinners are announced as loading.
    MuiCircularProgress: { defaultProps: { "aria-label": "Loading" } },
  },
};
