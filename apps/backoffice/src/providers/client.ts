/** The browser's providers: one API client over localStorage, and the data and auth providers built on it. */
import { createShopClient, createStorageTokenStore } from "@shop/api-client";
import { createAuthProvider } from "./auth-provider.ts";
import { createDataProvider } from "./data-provider.ts";
import { createHttpClient } from "./http-client.ts";

/** The API is on the back office's own origin. */
export const API_URL = "/api";

export const shopClient = createShopClient({
  baseUrl: API_URL,
  tokenStore: createStorageTokenStore(localStorage),
  // react-admin sends the user to the sign-in page when the next call answers 401 (checkError).
});

export const dataProvider = createDataProvider(API_URL, createHttpClient(shopClient.authFetch));
export const authProvider = createAuthProvider(shopClient);
