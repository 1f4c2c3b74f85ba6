/** Browser storage that never throws: private modes and full quotas only lose persistence, never the page. */

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
