/**
 * The back office: react-admin on the admin host under /admin, a browser router, every resource lazy-loaded,
 * every route for admins only.
 */

import { ADMIN_BASENAME } from "@shop/domain/routes";
import { lazy } from "react";
import { Admin, CustomRoutes, Resource } from "react-admin";
import { createBrowserRouter, Navigate, Route, RouterProvider } from "react-router";
import { i18nProvider } from "./i18n/i18n-provider.ts";
import { ShopLayout } from "./layout/layout.tsx";
import { adminLink } from "./links.ts";
import { authProvider, dataProvider } from "./providers/lazy-providers.ts";
import audit from "./resources/audit/index.ts";
import banners from "./resources/banners/index.ts";
import blogPosts from "./resources/blog-posts/index.ts";
import brands from "./resources/brands/index.ts";
import categories from "./resources/categories/index.ts";
import contactMessages from "./resources/contact-messages/index.ts";
import coupons from "./resources/coupons/index.ts";
import exchangeRates from "./resources/exchange-rates/index.ts";
import fiscalData from "./resources/fiscal-data/index.ts";
import orders from "./resources/orders/index.ts";
import products from "./resources/products/index.ts";
import receiptRanges from "./resources/receipt-ranges/index.ts";
import receipts from "./resources/receipts/index.ts";
import reviews from "./resources/reviews/index.ts";
import shipping from "./resources/shipping/index.ts";
import synonyms from "./resources/synonyms/index.ts";
import users from "./resources/users/index.ts";
import { backOfficeTheme } from "./theme.ts";

const Dashboard = lazy(() => import("./dashboard/dashboard.tsx"));
const pages = () => import("./pages/component-pages.tsx");
const SalesChartPage = lazy(() => pages().then((m) => ({ default: m.SalesChartPage })));
const SidebarNavPage = lazy(() => pages().then((m) => ({ default: m.SidebarNavPage })));
const StatusNotificationPage = lazy(() => pages().then((m) => ({ default: m.StatusNotificationPage })));
const ProductImageManagerPage = lazy(() => pages().then((m) => ({ default: m.ProductImageManagerPage })));
const BannerManagementPage = lazy(() => pages().then((m) => ({ default: m.BannerManagementPage })));

/** The spec's dashboard lives at /admin/dashboard; the app's root goes there. */
const ToDashboard = () => <Navigate to={adminLink("/dashboard")} replace />;

function BackOffice() {
  return (
    <Admin
      basename={ADMIN_BASENAME}
      disableTelemetry
      requireAuth
      title="Back office"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={backOfficeTheme}
      layout={ShopLayout}
      dashboard={ToDashboard}
    >
      <CustomRoutes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/SalesChart" element={<SalesChartPage />} />
        <Route path="/SidebarNav" element={<SidebarNavPage />} />
        <Route path="/StatusNotification" element={<StatusNotificationPage />} />
        <Route path="/ProductImageManager" element={<ProductImageManagerPage />} />
        <Route path="/BannerManagement.vue" element={<BannerManagementPage />} />
      </CustomRoutes>
      <Resource name="orders" {...orders} />
      <Resource
        name="products"
        list={products.list}
        create={products.create}
        edit={products.edit}
        icon={products.icon}
        recordRepresentation={products.recordRepresentation}
      >
        <Route path=":id/variants" element={<products.variants />} />
      </Resource>
      <Resource name="categories" {...categories} />
      <Resource name="brands" {...brands} />
      <Resource name="synonyms" {...synonyms} />
      {/* The spec's user pages: /users/{id} shows a user, /users/edit/{id} edits one. */}
      <Resource
        name="users"
        list={users.list}
        edit={users.show}
        icon={users.icon}
        recordRepresentation={users.recordRepresentation}
      >
        <Route path="edit/:id/*" element={<users.edit />} />
      </Resource>
      <Resource name="coupons" {...coupons} />
      <Resource name="shipping" {...shipping} />
      <Resource name="exchange-rates" {...exchangeRates} />
      <Resource name="receipts" {...receipts} />
      <Resource name="receipt-ranges" {...receiptRanges} />
      <Resource name="fiscal-data" {...fiscalData} />
      <Resource name="banners" {...banners} />
      <Resource name="reviews" {...reviews} />
      <Resource name="blog-posts" {...blogPosts} />
      <Resource name="contact-messages" {...contactMessages} />
      <Resource name="audit" {...audit} />
    </Admin>
  );
}

// A browser router (react-admin's default is a hash router), the admin mounted under /admin. A data router, so
// that forms can warn about unsaved changes.
export const router = createBrowserRouter([{ path: `${ADMIN_BASENAME}/*`, element: <BackOffice /> }]);

export function App() {
  // Router updates outside transitions: in a transition, the step to the sign-in page waited while react-admin,
  // finding nobody signed in, signed the visitor out again and again (thousands of steps, some ten seconds of a
  // busy processor) before it took. See docs/decisions/043-back-office-router-without-transitions.md.
  return <RouterProvider router={router} useTransitions={false} />;
}
