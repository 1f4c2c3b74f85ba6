/** The toast queue: action atoms push the spec's toasts here; the lazily loaded toast host shows them. */
import type { Toast } from "@shop/domain/cart";
import { storeMessages } from "@shop/domain/messages";
import { atom, type Setter } from "jotai";

export type { Toast };

export interface QueuedToast extends Toast {
  key: number;
}

let nextKey = 1;
const queueAtom = atom<QueuedToast[]>([]);

/** Toasts waiting to be shown, oldest first. */
export const pendingToastsAtom = atom((get) => get(queueAtom));

export const notifyAtom = atom(null, (get, set, toast: Toast) => {
  set(queueAtom, [...get(queueAtom), { ...toast, key: nextKey++ }]);
});

/** Hands the waiting toasts to the host and empties the queue. */
export const takeToastsAtom = atom(null, (get, set): QueuedToast[] => {
  const waiting = get(queueAtom);
  if (waiting.length) set(queueAtom, []);
  return waiting;
});

/**
 * Runs a list action (cart, wishlist, compare). Whatever it did not expect, such as a chunk that failed to
 * load, ends as the spec's 'Error desconocido' toast rather than an unhandled rejection.
 */
export async function orUnknownError<R>(set: Setter, action: () => Promise<R>): Promise<R | undefined> {
  try {
    return await action();
  } catch {
    set(notifyAtom, { type: "error", message: storeMessages.unknownError });
    return undefined;
  }
}
