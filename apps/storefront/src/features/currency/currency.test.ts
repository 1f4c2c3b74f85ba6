import { STORAGE_KEYS } from "@shop/domain/constants";
import { exchangeMessages } from "@shop/domain/messages";
import { createStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currencyAtom, setCurrencyAtom, storedCurrency, syncStoredCurrencyAtom } from "./atoms.ts";
import { FALLBACK_TOAST } from "./fallback-toast.ts";

afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(globalThis, "document");
});

/** A page as the browser holds it: its cookies, and a root the server rendered into (or an empty one). */
function pageWith(cookie: string, renderedByServer: boolean) {
  const page = {
    cookie,
    getElementById: (id: string) =>
      id === "root"
        ? { hasAttribute: (name: string) => renderedByServer && name === "data-server-rendered" }
        : null,
  };
  Object.defineProperty(globalThis, "document", { value: page, configurable: true });
  return page;
}

describe("the display currency", () => {
  it("is DOP unless USD is stored; anything else stored means DOP", () => {
    expect(storedCurrency(null)).toBe("DOP");
    expect(storedCurrency("USD")).toBe("USD");
    expect(storedCurrency("DOP")).toBe("DOP");
    expect(storedCurrency("EUR")).toBe("DOP");
    expect(storedCurrency("{}")).toBe("DOP");
  });

  it("starts from what is stored under preferred-currency", () => {
    localStorage.setItem(STORAGE_KEYS.preferredCurrency, "USD");
    expect(createStore().get(currencyAtom)).toBe("USD");
  });

  it("starts, on a page the server rendered, from the cookie the server rendered it with, then follows storage", () => {
    localStorage.setItem(STORAGE_KEYS.preferredCurrency, "USD");
    const page = pageWith("theme=dark; preferred-currency=DOP", true);
    const store = createStore();
    // The first render must render what the server rendered.
    expect(store.get(currencyAtom)).toBe("DOP");
    store.set(syncStoredCurrencyAtom);
    expect(store.get(currencyAtom)).toBe("USD");
    // And the next page is rendered in it.
    expect(page.cookie).toMatch(/^preferred-currency=USD; Path=\/; Max-Age=31536000; SameSite=Lax$/);
  });

  it("starts, on a page the app renders alone, from storage", () => {
    localStorage.setItem(STORAGE_KEYS.preferredCurrency, "USD");
    pageWith("preferred-currency=DOP", false);
    expect(createStore().get(currencyAtom)).toBe("USD");
  });

  it("stores the shopper's choice, and refuses (logging only) a currency the shop does not offer", () => {
    const store = createStore();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(store.set(setCurrencyAtom, "USD")).toBe(true);
    expect(store.get(currencyAtom)).toBe("USD");
    expect(localStorage.getItem(STORAGE_KEYS.preferredCurrency)).toBe("USD");
    expect(store.set(setCurrencyAtom, "EUR")).toBe(false);
    expect(store.get(currencyAtom)).toBe("USD");
    expect(localStorage.getItem(STORAGE_KEYS.preferredCurrency)).toBe("USD");
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe("the exchange rate", () => {
  it("tells the shopper in the spec's words that the default rate is in use", () => {
    expect(FALLBACK_TOAST.type).toBe("error");
    expect(FALLBACK_TOAST.message).toContain(exchangeMessages.fetchError);
    expect(FALLBACK_TOAST.message).toContain(exchangeMessages.fallbackWarning);
    expect(FALLBACK_TOAST.message).toContain("78.5");
  });
});
