/**
 * A list stored in the browser under one key (cart_products, wishlist_items, compare_products): read once
 * after start, written on every change, and followed when another tab writes it. The parser is a lazy chunk,
 * loaded only when something is stored or another tab writes.
 */
import { atom } from "jotai";
import { readStorage, writeStorage } from "./storage.ts";

type Parse<T> = (raw: string | null) => T[];

/** What a `storage` event says: which key changed (null: the whole storage was cleared) and its new text. */
export interface StorageChange {
  key: string | null;
  newValue: string | null;
}

export function storedList<T>(key: string, loadParser: () => Promise<Parse<T>>) {
  const items = atom<T[]>([]);
  const loaded = atom(false);

  return {
    items: atom((get) => get(items)),

    /** Reads the stored value once; every change waits for it. False when storage refused to be read. */
    load: atom(null, async (get, set): Promise<boolean> => {
      if (get(loaded)) return true;
      let readable = true;
      const onError = () => {
        readable = false;
      };
      // Nothing stored (most first visits): nothing to parse, so the parser's chunk does not load with the page.
      if (!readStorage(key, onError)) {
        set(loaded, true);
        return readable;
      }
      const parse = await loadParser();
      if (get(loaded)) return true;
      const raw = readStorage(key, onError);
      const stored = parse(raw);
      // Nothing stored and nothing added meanwhile: the empty list stays, and nothing that shows it re-renders.
      if (stored.length > 0 || get(items).length > 0) set(items, stored);
      set(loaded, true);
      return readable;
    }),

    /** Another tab changed storage: this list takes the new value (a bad one resets it to empty, as on start). */
    sync: atom(null, async (_get, set, change: StorageChange) => {
      if (change.key !== null && change.key !== key) return;
      const parse = await loadParser();
      set(items, parse(change.key === null ? null : change.newValue));
      set(loaded, true);
    }),

    /** Stores the new items; false when storage refused the write. */
    save: atom(null, (_get, set, next: T[]): boolean => {
      set(items, next);
      return writeStorage(key, JSON.stringify(next));
    }),
  };
}
