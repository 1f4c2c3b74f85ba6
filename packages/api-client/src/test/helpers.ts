/** Test helpers for the real-API layer: the server's URL, clients with counting fetches, fresh accounts. */
import { inject } from "vitest";
import type { RefreshLocks } from "../http.ts";
import { createShopClient, type ShopClient } from "../index.ts";
import { createMemoryTokenStore, type TokenStore } from "../token-store.ts";

export const DEMO = {
  admin: { email: "admin@shop.test", password: "Admin123!" },
  shopper: { email: "shopper@shop.test", password: "Shopper123!" },
} as const;

export interface SeenRequest {
  method: string;
  /** The path under /api, without the query: "/users/refresh-token". */
  path: string;
  url: string;
  headers: Headers;
}

/** A fetch that passes through to the real one and remembers every request. */
export function recordingFetch(inner: typeof fetch = globalThis.fetch) {
  const requests: SeenRequest[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const path = new URL(url).pathname.replace(/^\/api/, "");
    requests.push({ method: init?.method ?? "GET", path, url, headers: new Headers(init?.headers) });
    return inner(input, init);
  };
  return {
    fetch: wrapped,
    requests,
    count: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path.toLowerCase() === path.toLowerCase()).length,
  };
}

export interface TestClient {
  client: ShopClient;
  store: TokenStore;
  requests: SeenRequest[];
  count(method: string, path: string): number;
  /** How many times onSessionExpired was called. */
  expired(): number;
}

export function testClient(
  options: { store?: TokenStore; fetch?: typeof fetch; locks?: RefreshLocks | null } = {},
): TestClient {
  const store = options.store ?? createMemoryTokenStore();
  const recorder = recordingFetch(options.fetch);
  let expired = 0;
  const client = createShopClient({
    baseUrl: inject("apiBaseUrl"),
    tokenStore: store,
    fetch: recorder.fetch,
    onSessionExpired: () => {
      expired += 1;
    },
    ...(options.locks !== undefined ? { locks: options.locks } : {}),
  });
  return { client, store, requests: recorder.requests, count: recorder.count, expired: () => expired };
}

let sequence = 0;
/** An email nobody has registered yet. */
export function uniqueEmail(prefix = "shopper"): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 8)}@shop.test`;
}

/** Registers a fresh account (and so logs it in): for tests that change a session or an account. */
export async function freshShopper(t: TestClient, firstName = "Fresh") {
  const credentials = { email: uniqueEmail(firstName.toLowerCase()), password: "Fresh-Pass-123" };
  const session = await t.client.auth.register({ firstName, lastName: "Tester", ...credentials });
  return { ...credentials, session };
}
