/** Browser storage that never throws: private modes and full quotas only lose persistence, never the page. */

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return local()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    local()?.setItem(key, value);
  } catch {
    // Persistence is best effort; the in-memory state stays right.
  }
}
