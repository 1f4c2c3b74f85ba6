/** Browser storage that never throws: private modes and full quotas only lose persistence, never the page. */
import { cookieValue } from "@shop/domain/first-screen";

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored text, or null; `onError` hears when storage refused to be read (null is answered then too). */
export function readStorage(key: string, onError?: (error: unknown) => void): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch (error) {
    onError?.(error);
    return null;
  }
}

/** False when storage refused the write (full, disabled); the in-memory state stays right either way. */
export function writeStorage(key: string, value: string): boolean {
  try {
    local()?.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** A cookie's value on this page, or null (none, or no document: the server's render). */
export function readCookie(name: string): string | null {
  return cookieValue(globalThis.document?.cookie ?? "", name);
}

/** A first-party cookie for a year, sent with the shop's page requests only (no document: nothing). */
export function writeCookie(name: string, value: string): void {
  if (!globalThis.document) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from some browsers the shop serves
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
