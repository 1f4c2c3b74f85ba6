/** Seeds the query cache with the first-screen data the server writes into the HTML (@shop/domain/first-screen). */
import {
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenKeys,
  SERVER_RENDERED_ATTRIBUTE,
} from "@shop/domain/first-screen";
import type { QueryClient } from "@tanstack/react-query";

export { FIRST_SCREEN_ELEMENT_ID, firstScreenKeys, SERVER_RENDERED_ATTRIBUTE };

/** Whether the server rendered the page and the app has not hydrated it yet. */
export const renderedByServer = (): boolean =>
  globalThis.document?.getElementById("root")?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) ?? false;

/** The app has hydrated the page: it answers its controls from now on. */
export function markHydrated(): void {
  globalThis.document?.getElementById("root")?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
}

/** Puts the server's first-screen answers (the element's text) into the query cache; anything malformed is ignored. */
export function seedFirstScreen(client: QueryClient, text: string | null | undefined): number {
  if (!text) return 0;
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return 0;
  }
  if (!Array.isArray(entries)) return 0;
  let seeded = 0;
  for (const entry of entries) {
    const { key, data } = (entry ?? {}) as { key?: unknown; data?: unknown };
    if (!Array.isArray(key) || data === undefined || data === null) continue;
    client.setQueryData(key, data);
    seeded += 1;
  }
  return seeded;
}
