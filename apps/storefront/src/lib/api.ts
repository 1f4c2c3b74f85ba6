/**
 * The API client, loaded as its own chunk: it checks every answer with zod, which must stay out of the entry.
 * The import starts when the app starts, in parallel with the first page's chunk, so no request waits for it.
 */
import type { ShopClient } from "@shop/api-client";
import type { RateCache } from "@shop/api-client/exchange";

interface Api {
  client: ShopClient;
  rates: RateCache;
}

let loading: Promise<Api> | null = null;

export function loadApi(): Promise<Api> {
  loading ??= Promise.all([import("@shop/api-client"), import("@shop/api-client/exchange")]).then(
    ([{ createShopClient, createStorageTokenStore }, { createRateCache }]) => {
      const client = createShopClient({ tokenStore: createStorageTokenStore(localStorage) });
      return { client, rates: createRateCache(client) };
    },
  );
  return loading;
}

/** Runs a call with the client once it is loaded. */
export async function api<T>(call: (client: ShopClient) => Promise<T>): Promise<T> {
  const { client } = await loadApi();
  return call(client);
}
