/** The shop's toasts: notistack at the top centre, closing after 3000 ms, in the theme's AA colours. */
import GlobalStyles from "@mui/material/GlobalStyles";
import { styled } from "@mui/material/styles";
import { TOAST_AUTO_CLOSE_MS, TOAST_POSITION } from "@shop/domain/constants";
import { MaterialDesignContent, SnackbarProvider, type SnackbarProviderProps } from "notistack";
import type { ReactNode } from "react";

const [vertical, horizontal] = TOAST_POSITION.split("-") as ["top", "center"];

// notistack's own colours put white text on light green and orange; these come from the theme instead.
const ShopToast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  "&.notistack-MuiContent-default": { backgroundColor: theme.palette.text.primary },
  "&.notistack-MuiContent-success": { backgroundColor: theme.palette.success.main },
  "&.notistack-MuiContent-error": { backgroundColor: theme.palette.error.main },
  "&.notistack-MuiContent-warning": { backgroundColor: theme.palette.warning.main },
  "&.notistack-MuiContent-info": { backgroundColor: theme.palette.info.main },
}));

/** The settings every toast host in the shop uses. */
export const toastSettings = {
  anchorOrigin: { vertical, horizontal },
  autoHideDuration: TOAST_AUTO_CLOSE_MS,
  maxSnack: 3,
  preventDuplicate: true,
  Components: {
    default: ShopToast,
    success: ShopToast,
    error: ShopToast,
    warning: ShopToast,
    info: ShopToast,
  },
} satisfies Partial<SnackbarProviderProps>;

export interface ToastHostProps {
  children?: ReactNode;
  /**
   * How far from the window's top the toasts start, in CSS pixels: below a header that stays on screen, so a toast
   * never covers its controls (the cart's count a shopper looks at after adding). notistack's 14 px when left out.
   */
  top?: number;
}

/** Put once near the root; anything below calls notistack's `enqueueSnackbar(message, { variant })`. */
export function ToastHost({ children, top }: ToastHostProps) {
  return (
    <>
      {top !== undefined && (
        // Twice the class, to win over notistack's own rule for the top edge whichever comes first in the page.
        <GlobalStyles
          styles={{ ".notistack-SnackbarContainer.notistack-SnackbarContainer": { top: `${top}px` } }}
        />
      )}
      <SnackbarProvider {...toastSettings}>{children}</SnackbarProvider>
    </>
  );
}
