/** English and Spanish for the whole back office; Spanish loads only when chosen. */
import polyglotI18nProvider from "ra-i18n-polyglot";
import { en } from "./en.ts";

export const LOCALES = [
  { locale: "en", name: "English" },
  { locale: "es", name: "Español" },
];

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === "es" ? import("./es.ts").then((m) => m.es) : en),
  "en",
  LOCALES,
  // Keys missing in a language show the English humanised field name rather than the raw key.
  { allowMissing: true },
);
