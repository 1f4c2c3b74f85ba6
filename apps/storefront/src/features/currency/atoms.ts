/** The shopper's display currency: DOP unless USD is stored under preferred-currency. */
import {
  type CurrencyCode,
  DEFAULT_CURRENCY,
  isCurrency,
  parseCurrency,
  STORAGE_KEYS,
} from "@shop/domain/currency";
import { CURRENCY_COOKIE } from "@shop/domain/first-screen";
import { atom } from "jotai";
import { atomWithLazy } from "jotai/utils";
import { renderedByServer } from "#lib/first-screen.ts";
import { readCookie, readStorage, writeCookie, writeStorage } from "#lib/storage.ts";

/** The stored choice; anything but USD or DOP there means DOP. */
export function storedCurrency(raw: string | null): CurrencyCode {
  return parseCurrency(raw) ?? DEFAULT_CURRENCY;
}

/**
 * A page the server rendered was rendered in the cookie's currency, and the first render must render the same; a page
 * rendered here from nothing starts from storage. `syncStoredCurrencyAtom` then brings both in line with storage.
 */
function initialCurrency(): CurrencyCode {
  return renderedByServer()
    ? storedCurrency(readCookie(CURRENCY_COOKIE))
    : storedCurrency(readStorage(STORAGE_KEYS.preferredCurrency));
}

const choiceAtom = atomWithLazy(initialCurrency);

export const currencyAtom = atom((get) => get(choiceAtom));

/** Sets the display currency and stores it; a currency outside USD and DOP is refused (logged only). */
export const setCurrencyAtom = atom(null, (_get, set, currency: unknown): boolean => {
  if (!isCurrency(currency)) {
    console.warn(`Currency ${String(currency)} is not offered; choose USD or DOP`);
    return false;
  }
  set(choiceAtom, currency);
  writeStorage(STORAGE_KEYS.preferredCurrency, currency);
  writeCookie(CURRENCY_COOKIE, currency);
  return true;
});

/** After the first render: the stored choice wins, and the cookie the server reads follows it. */
export const syncStoredCurrencyAtom = atom(null, (get, set) => {
  const stored = storedCurrency(readStorage(STORAGE_KEYS.preferredCurrency));
  if (get(choiceAtom) !== stored) set(choiceAtom, stored);
  writeCookie(CURRENCY_COOKIE, stored);
});
