/** The shopper's display currency: DOP unless USD is stored under preferred-currency. */
import {
  type CurrencyCode,
  DEFAULT_CURRENCY,
  isCurrency,
  parseCurrency,
  STORAGE_KEYS,
} from "@shop/domain/currency";
import { atom } from "jotai";
import { atomWithLazy } from "jotai/utils";
import { readStorage, writeStorage } from "#lib/storage.ts";

/** The stored choice; anything but USD or DOP there means DOP. */
export function storedCurrency(raw: string | null): CurrencyCode {
  return parseCurrency(raw) ?? DEFAULT_CURRENCY;
}

const choiceAtom = atomWithLazy(() => storedCurrency(readStorage(STORAGE_KEYS.preferredCurrency)));

export const currencyAtom = atom((get) => get(choiceAtom));

/** Sets the display currency and keeps it; a currency outside USD and DOP is refused (logged only). */
export const setCurrencyAtom = atom(null, (_get, set, currency: unknown): boolean => {
  if (!isCurrency(currency)) {
    console.warn(`Currency ${String(currency)} is not offered; choose USD or DOP`);
    return false;
  }
  set(choiceAtom, currency);
  writeStorage(STORAGE_KEYS.preferredCurrency, currency);
  return true;
});
