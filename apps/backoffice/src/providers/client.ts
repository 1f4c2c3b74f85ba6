/**
 * The browser's API client over localStorage, and the data and auth providers built on it. Loaded on first use
 * (see lazy-providers.ts): the client and its schemas are not needed to show the sign-in page.
 */
import { createShopClient, createStorageTokenStore } from "@shop/api-client";
import { i18nProvider } from "../i18n/i18n-provider.ts";
import { createAuthProvider } from "./auth-provider.ts";
import { createDataProvider } from "./data-provider.ts";
import { createHttpClient } from "./http-client.ts";
import { API_URL, SESSION_KEYS } from "./session.ts";

const tokenStore = createStorageTokenStore(localStorage, SESSION_KEYS);

export const shopClient = createShopClient({
  baseUrl: API_URL,
  tokenStore,
  // When the refresh is refused, the call answers 401 and react-admin's checkError sends the admin to sign in.
});

export const dataProvider = createDataProvider(API_URL, createHttpClient(shopClient.authFetch), () =>
  tokenStore.getToken(),
);
// Sign-in failures are told in the language the back office is in.
export const authProvider = createAuthProvider(shopClient, i18nProvider);
