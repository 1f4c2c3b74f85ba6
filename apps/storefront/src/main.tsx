/** The storefront's entry: providers and the router. The API client and the first page load in parallel. */
// First: no eval under the CSP, before any zod schema is built.
import "@shop/api-client/jitless";
import CssBaseline from "@mui/material/CssBaseline";
// MUI system's provider: material's own also carries the CSS-variables provider, which this theme does not use.
import { ThemeProvider } from "@mui/system";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createShopRouter } from "#app/router.tsx";
import { appTheme } from "#app/theme.tsx";
import { loadApi } from "#lib/api.ts";
import { FIRST_SCREEN_ELEMENT_ID, seedFirstScreen } from "#lib/first-screen.ts";
import { createQueryClient } from "#lib/query-client.ts";

loadApi();
const queryClient = createQueryClient();
seedFirstScreen(queryClient, document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent);
const router = createShopRouter();

const root = createRoot(document.getElementById("root")!);
function render() {
  // A transition: React renders in slices and lets the browser paint and answer input between them.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ThemeProvider theme={appTheme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ThemeProvider>
      </StrictMode>,
    ),
  );
}

// The page's code comes with the app's (the server lists it for preloading), so the first render waits for it
// and shows the page itself in one commit; on a slow connection the shop's frame shows after a second meanwhile.
const FIRST_RENDER_WAIT_MS = 1000;
if (router.state.initialized) render();
else {
  const fallback = setTimeout(render, FIRST_RENDER_WAIT_MS);
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    clearTimeout(fallback);
    render();
  });
}
