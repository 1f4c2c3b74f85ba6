/** The catalogue's passing state: the detail page's quantity, the price slider's draft, the quick view and video overlays. */

import type { Product } from "@shop/domain/schemas/public";
import { atom } from "jotai";

const quantity = atom(1);
const priceDraft = atom<[number, number] | null>(null);
const quickView = atom<Product | null>(null);
const video = atom<{ videoId: string; title: string } | null>(null);

export const quantityAtom = atom((get) => get(quantity));
/** Never below 1; fractions are dropped. */
export const setQuantityAtom = atom(null, (_get, set, value: number) =>
  set(quantity, Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 1),
);

/** The price range being dragged, before it is committed to the URL; null shows the URL's range. */
export const priceDraftAtom = atom((get) => get(priceDraft));
export const setPriceDraftAtom = atom(null, (_get, set, value: [number, number] | null) =>
  set(priceDraft, value),
);

export const quickViewAtom = atom((get) => get(quickView));
export const openQuickViewAtom = atom(null, (_get, set, product: Product | null) => set(quickView, product));

export const videoAtom = atom((get) => get(video));
export const openVideoAtom = atom(null, (_get, set, value: { videoId: string; title: string } | null) =>
  set(video, value),
);

/** What every route change resets: quantity back to 1, the price draft, and any open overlay (and its backdrop). */
export const resetCatalogAtom = atom(null, (_get, set) => {
  set(quantity, 1);
  set(priceDraft, null);
  set(quickView, null);
  set(video, null);
});
