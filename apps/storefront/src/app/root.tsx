/** The root route: the page's head, route-change resets, scroll restoration, the offline notice, toasts, rate watching and overlays. */
import Box from "@mui/material/Box";
import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import { cartPanelOpenAtom, loadCartAtom, syncCartAtom } from "#features/cart/atoms.ts";
import { quickViewAtom, videoAtom } from "#features/catalog/atoms.ts";
import { loadCompareAtom, syncCompareAtom } from "#features/compare/atoms.ts";
import { syncStoredCurrencyAtom } from "#features/currency/atoms.ts";
import { RateWatcher } from "#features/currency/rate-watcher.tsx";
import { loadWishlistAtom, syncWishlistAtom } from "#features/wishlist/atoms.ts";
import { markHydrated } from "#lib/first-screen.ts";
import { offlineAtom } from "#lib/offline.ts";
import { pendingToastsAtom } from "#lib/toast.ts";
import { ProductActionsProvider } from "./product-actions-provider.tsx";
import { routeChangedAtom } from "./route-change.ts";
import { RouteHead } from "./route-head.tsx";

const ToastHost = lazy(() => import("./toast-host.tsx"));
const CartPanel = lazy(() => import("#features/cart/components/cart-panel.tsx"));
const Overlays = lazy(() => import("#features/catalog/components/overlays.tsx"));
// Shown only when the API cannot be reached: never on a page the server rendered.
const OfflineNotice = lazy(() =>
  import("#features/layout/offline-notice.tsx").then((m) => ({ default: m.OfflineNotice })),
);

function RouteChanges() {
  const { pathname } = useLocation();
  const routeChanged = useSetAtom(routeChangedAtom);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    routeChanged();
  }, [pathname, routeChanged]);
  return null;
}

/**
 * Reads the stored currency, cart, wishlist and compare list once the first screen is up, and follows other
 * tabs' changes to the lists.
 */
function StoredLists() {
  const syncCurrency = useSetAtom(syncStoredCurrencyAtom);
  const loadCart = useSetAtom(loadCartAtom);
  const loadWishlist = useSetAtom(loadWishlistAtom);
  const loadCompare = useSetAtom(loadCompareAtom);
  const syncCart = useSetAtom(syncCartAtom);
  const syncWishlist = useSetAtom(syncWishlistAtom);
  const syncCompare = useSetAtom(syncCompareAtom);
  useEffect(() => {
    syncCurrency();
    loadCart();
    loadWishlist();
    loadCompare();
    // Fired only in the other tabs of this origin, never in the one that wrote.
    const onStorage = (event: StorageEvent) => {
      syncCart(event);
      syncWishlist(event);
      syncCompare(event);
    };
    addEventListener("storage", onStorage);
    return () => removeEventListener("storage", onStorage);
  }, [syncCurrency, loadCart, loadWishlist, loadCompare, syncCart, syncWishlist, syncCompare]);
  return null;
}

/** Loaded on demand: the toast host once a toast waits, the cart panel and overlays once opened. */
function OnDemand() {
  const toasts = useAtomValue(pendingToastsAtom).length > 0;
  const cartPanel = useAtomValue(cartPanelOpenAtom);
  const quickView = useAtomValue(quickViewAtom);
  const video = useAtomValue(videoAtom);
  const overlay = quickView !== null || video !== null;
  const seen = useRef({ toasts, cartPanel, overlay });
  seen.current = {
    toasts: seen.current.toasts || toasts,
    cartPanel: seen.current.cartPanel || cartPanel,
    overlay: seen.current.overlay || overlay,
  };
  return (
    <Suspense fallback={null}>
      {seen.current.toasts && <ToastHost />}
      {seen.current.cartPanel && <CartPanel />}
      {seen.current.overlay && <Overlays />}
    </Suspense>
  );
}

export function Root() {
  const offline = useAtomValue(offlineAtom);
  // The first commit: a page the server rendered is the app's from now on.
  useEffect(markHydrated, []);
  return (
    <ProductActionsProvider>
      {offline && (
        <Suspense fallback={null}>
          <OfflineNotice />
        </Suspense>
      )}
      <Outlet />
      <RouteHead />
      <RouteChanges />
      <StoredLists />
      <RateWatcher />
      <OnDemand />
      <ScrollRestoration />
    </ProductActionsProvider>
  );
}

/** What shows while the first page's code loads. */
export function PageLoading() {
  return (
    <Box role="status" sx={{ py: 10, textAlign: "center", color: "text.secondary" }}>
      Loading…
    </Box>
  );
}
