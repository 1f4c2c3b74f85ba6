/** Two tabs of one browser in Node: the storage they share, and Web Locks (Node has no navigator.locks) under which callbacks of one name run one at a time, in order. */
import type { RefreshLocks } from "../http.ts";

export function tabLocks(): RefreshLocks & { granted: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const granted: string[] = [];
  return {
    granted,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(() => {
        granted.push(name);
        return callback();
      });
      tails.set(
        name,
        run.catch(() => {}),
      );
      return run;
    },
  };
}

/** Browser storage shared by the tabs of one origin: a Map behind the Storage methods the client uses. */
export function sharedStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}
