// Where signing in returns to: only this shop's own pages, never another site or another sign-in page.
import { describe, expect, it } from "vitest";
import { loginHref, safeNext } from "./paths.ts";

describe("safeNext", () => {
  it("keeps a path of the shop with its query", () => {
    expect(safeNext("/checkout")).toBe("/checkout");
    expect(safeNext("/order?id=42")).toBe("/order?id=42");
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "checkout",
    "/login",
    "/register?next=/x",
  ])("refuses %j", (next) => expect(safeNext(next)).toBeNull());
});

describe("loginHref", () => {
  it("carries the page to come back to", () => {
    expect(loginHref("/account?tab=orders")).toBe("/login?next=%2Faccount%3Ftab%3Dorders");
    expect(loginHref("/login")).toBe("/login");
  });
});
