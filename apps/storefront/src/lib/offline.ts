/**
 * The offline catalogue: when the API cannot be reached, catalogue calls answer from the built-in sample
 * catalogue (its own lazy chunk, loaded only then) and the shop shows that it is offline.
 */
import type { ShopClient } from "@shop/api-client";
import { atom, getDefaultStore } from "jotai";
import { api } from "./api.ts";
import { isUnreachable } from "./errors.ts";
import type { SampleShop } from "./sample-shop.ts";

const offline = atom(false);
export const offlineAtom = atom((get) => get(offline));

let sample: Promise<SampleShop> | null = null;
function loadSampleShop(): Promise<SampleShop> {
  sample ??= import("./sample-shop.ts").then((module) => module.createSampleShop(new Date()));
  return sample;
}

/** Asks the API; when it cannot be reached, answers from the sample catalogue instead. */
export async function withFallback<T>(
  online: (client: ShopClient) => Promise<T>,
  fallback: (shop: SampleShop) => T,
): Promise<T> {
  const store = getDefaultStore();
  try {
    const answer = await api(online);
    if (store.get(offline)) store.set(offline, false);
    return answer;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const shop = await loadSampleShop();
    store.set(offline, true);
    return fallback(shop);
  }
}
