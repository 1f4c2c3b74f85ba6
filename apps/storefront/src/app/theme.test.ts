import { shopTheme } from "@shop/ui/theme";
import { describe, expect, it } from "vitest";
import { appTheme } from "./theme.tsx";

describe("the storefront's theme", () => {
  // The build swaps MUI's builder of a theme with CSS variables for a stand-in that throws (vite.config.ts): the
  // theme must stay one that `createTheme` builds without it, as that builder gives every theme it makes `vars`.
  it("is built without CSS variables", () => {
    expect(shopTheme).not.toHaveProperty("vars");
    expect(appTheme).not.toHaveProperty("vars");
    expect(appTheme).not.toHaveProperty("cssVariables");
  });
});
