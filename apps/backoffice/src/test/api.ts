/** Test helpers for the providers against the real API: its URL, clients over an in-memory session, demo accounts. */
import { createMemoryTokenStore, createShopClient, type TokenStore } from "@shop/api-client";
import { inject } from "vitest";
import { createAuthProvider } from "../providers/auth-provider.ts";
import { createDataProvider } from "../providers/data-provider.ts";
import { createHttpClient } from "../providers/http-client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The running API's base URL, e.g. http://127.0.0.1:41234/api. */
    apiBaseUrl: string;
  }
}

export const DEMO = {
  admin: { username: "admin@shop.test", password: "Admin123!" },
  shopper: { username: "shopper@shop.test", password: "Shopper123!" },
} as const;

/** The back office's providers as the browser builds them, over a memory store and a fetch that counts requests. */
export function backOffice() {
  const store: TokenStore = createMemoryTokenStore();
  const requests: string[] = [];
  const apiUrl = inject("apiBaseUrl");
  const client = createShopClient({
    baseUrl: apiUrl,
    tokenStore: store,
    fetch: (input, init) => {
      requests.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname.replace(/^\/api/, "")}`);
      return globalThis.fetch(input, init);
    },
  });
  return {
    apiUrl,
    store,
    requests,
    client,
    dataProvider: createDataProvider(apiUrl, createHttpClient(client.authFetch)),
    authProvider: createAuthProvider(client),
  };
}

/** A 1×1 PNG: the smallest image the upload route accepts. */
export const PNG_1X1 = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
