// The countries the shop delivers to: the Dominican Republic first, codes checked, names written out.
import { describe, expect, it } from "vitest";
import { countryName, DEFAULT_SHIPPING_COUNTRY, isShippingCountry, SHIPPING_COUNTRIES } from "./constants.ts";

describe("shipping countries", () => {
  it("list the Dominican Republic first, as the default, then the others by name", () => {
    expect(SHIPPING_COUNTRIES[0]).toEqual({ code: "DO", name: "Dominican Republic" });
    expect(DEFAULT_SHIPPING_COUNTRY).toBe("DO");
    const rest = SHIPPING_COUNTRIES.slice(1).map((country) => country.name);
    expect(rest).toEqual([...rest].sort());
  });

  it("accept only the listed codes, upper case", () => {
    expect(isShippingCountry("US")).toBe(true);
    expect(isShippingCountry("us")).toBe(false);
    expect(isShippingCountry("FR")).toBe(false);
  });

  it("name a listed code and leave any other as it is", () => {
    expect(countryName("DO")).toBe("Dominican Republic");
    expect(countryName("FR")).toBe("FR");
  });
});
