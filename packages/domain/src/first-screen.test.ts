import { describe, expect, it } from "vitest";
import { CURRENCY_COOKIE, cookieValue } from "./first-screen.ts";

describe("cookieValue", () => {
  it("finds a cookie among others, decoded, in a header or document.cookie", () => {
    expect(cookieValue("theme=dark; preferred-currency=USD", CURRENCY_COOKIE)).toBe("USD");
    expect(cookieValue("note=a%3Db%3Bc", "note")).toBe("a=b;c");
    expect(cookieValue("x=1=2", "x")).toBe("1=2");
  });

  it("answers null for a cookie that is absent or badly escaped", () => {
    expect(cookieValue("", CURRENCY_COOKIE)).toBeNull();
    expect(cookieValue("preferred-currency-old=USD", CURRENCY_COOKIE)).toBeNull();
    expect(cookieValue("preferred-currency=%E0%A4%A", CURRENCY_COOKIE)).toBeNull();
  });
});
