/**
 * react-admin's DateField in the back office's language: without `locales` it writes dates in the browser's
 * format, so a Spanish screen showed 11/25/2026.
 */
import { type DateFieldProps, DateField as RaDateField, useLocaleState } from "react-admin";

/** The locale dates are written in: "es" writes 25/11/2026, "en" 11/25/2026. */
export const dateLocale = (locale: string) => (locale === "es" ? "es-DO" : "en-US");

export function DateField(props: DateFieldProps) {
  const [locale] = useLocaleState();
  return <RaDateField locales={dateLocale(locale)} {...props} />;
}
