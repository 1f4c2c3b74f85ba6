// The Spanish messages cover every key of the English ones, react-admin's included, with the same placeholders.
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { i18nProvider } from "./i18n-provider.ts";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...new Set(text.match(/%\{\w+\}/g) ?? [])].sort();
const plural = (text: string) => text.includes("||||");

describe("Spanish messages", () => {
  const english = new Map(flatten(en as Tree));
  const spanish = new Map(flatten(es as Tree));

  it("translate every English key, react-admin 5's own included", () => {
    const missing = [...english.keys()].filter((key) => !spanish.has(key));
    expect(missing).toEqual([]);
    expect(english.size).toBeGreaterThan(300);
  });

  it("keep each message's placeholders and plural forms", () => {
    const differing = [...english].filter(([key, text]) => {
      const translated = spanish.get(key) ?? "";
      return (
        placeholders(text).join() !== placeholders(translated).join() ||
        // A Spanish plural may name the singular without its count ("el último día").
        (plural(text) && !plural(translated))
      );
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });

  it("are really Spanish, not English left in place", () => {
    const same = [...english].filter(
      ([key, text]) => spanish.get(key) === text && /[a-z]{4,}/.test(text.replace(/%\{\w+\}/g, "")),
    );
    // Names that read the same in both languages.
    const allowed = /(\.sku|\.slug|\.subtotal|\.total|banners\.name|inspector\.title)$/;
    expect(same.map(([key]) => key).filter((key) => !allowed.test(key))).toEqual([]);
  });
});

describe("counts in words", () => {
  it("every message that takes a count has a singular and a plural in both languages", () => {
    const counted = [...new Map([...flatten(en as Tree), ...flatten(es as Tree)])].filter(([, text]) =>
      text.includes("%{smart_count}"),
    );
    expect(counted.length).toBeGreaterThan(5);
    expect(counted.filter(([, text]) => !plural(text)).map(([key]) => key)).toEqual([]);
  });

  it("says a coupon's uses as the count asks: one time, two times; una vez, dos veces", async () => {
    const usage = (used: number, limit: number | null) =>
      limit === null
        ? i18nProvider.translate("shop.coupons.usage_unlimited", { smart_count: used })
        : i18nProvider.translate("shop.coupons.usage", { used, smart_count: limit });
    await i18nProvider.changeLocale("en");
    expect([usage(0, 1), usage(1, 3), usage(1, null), usage(2, null)]).toEqual([
      "Used 0 of 1 time",
      "Used 1 of 3 times",
      "Used 1 time, no limit",
      "Used 2 times, no limit",
    ]);
    await i18nProvider.changeLocale("es");
    expect([usage(0, 1), usage(1, 3), usage(1, null)]).toEqual([
      "Usado 0 de 1 vez",
      "Usado 1 de 3 veces",
      "Usado 1 vez, sin límite",
    ]);
  });
});
