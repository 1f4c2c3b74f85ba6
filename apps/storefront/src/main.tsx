/** The storefront's entry: providers and the router. The API client and the first page load in parallel. */
import CssBaseline from "@mui/material/CssBaseline";
// MUI system's provider: material's own also carries the CSS-variables provider, which this theme does not use.
import { ThemeProvider } from "@mui/system";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { ProductActionsProvider } from "#app/product-actions.tsx";
import { createShopRouter } from "#app/router.tsx";
import { appTheme } from "#app/theme.tsx";
import { loadApi } from "#lib/api.ts";
import { FIRST_SCREEN_ELEMENT_ID, seedFirstScreen } from "#lib/first-screen.ts";
import { createQueryClient } from "#lib/query-client.ts";

loadApi();
const queryClient = createQueryClient();
seedFirstScreen(queryClient, document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent);
const router = createShopRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ThemeProvider theme={appTheme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ProductActionsProvider>
          <RouterProvider router={router} />
        </ProductActionsProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
