/**
 * The providers around the router, the same in the browser and on the server (so the server's HTML and the
 * browser's first render are one tree): theme, baseline styles, the query cache and the jotai store.
 */
import CssBaseline from "@mui/material/CssBaseline";
// MUI system's provider: material's own also carries the CSS-variables provider, which this theme does not use.
import { ThemeProvider } from "@mui/system";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import { type ReactNode, StrictMode } from "react";
import { ShopOriginContext } from "#lib/origin.ts";
import { appTheme } from "./theme.tsx";

type Store = Parameters<typeof JotaiProvider>[0]["store"];

export function ShopProviders({
  origin,
  queryClient,
  store,
  children,
}: {
  /** The shop's address: the page's own, or the one the server was asked on. */
  origin: string;
  queryClient: QueryClient;
  /** The browser's default store; a store of its own for each page the server renders. */
  store: Store;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <ThemeProvider theme={appTheme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <JotaiProvider store={store}>
            <ShopOriginContext value={origin}>{children}</ShopOriginContext>
          </JotaiProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
