/** The toast queue: action atoms push the spec's toasts here; the lazily loaded toast host shows them. */
import type { Toast } from "@shop/domain/cart";
import { atom } from "jotai";

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
