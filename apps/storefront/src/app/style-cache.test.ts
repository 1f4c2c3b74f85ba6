// The style cache keeps only the vendor prefixes the shop's browsers need, on the server as in the browser.
import createCache, { type EmotionCache, type StylisPlugin } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import createEmotionServer from "@emotion/server/create-instance";
import styled from "@emotion/styled";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createStyleCache, styleCaches, webkitWhereNeeded } from "./style-cache.ts";

const Box = styled.div({
  display: "flex",
  alignItems: "center",
  transition: "opacity 150ms",
  userSelect: "none",
  mask: "var(--shape) center / contain no-repeat",
});

function cssOf(component = Box, cache: EmotionCache = createStyleCache()): string {
  const server = createEmotionServer(cache);
  const html = renderToString(createElement(CacheProvider, { value: cache }, createElement(component)));
  return server
    .extractCriticalToChunks(html)
    .styles.map((style) => style.css)
    .join("");
}

describe("the storefront's style cache", () => {
  it("writes flex, alignment and transitions once, without -webkit- or -ms- copies", () => {
    const css = cssOf();
    expect(css).toContain("display:flex;align-items:center;transition:opacity 150ms;");
    expect(css).not.toMatch(/-ms-|display:-webkit|-webkit-align-items|-webkit-transition/);
  });

  it("keeps WebKit's prefix where the shop's browsers still need it: masks (the icons) and user-select", () => {
    const css = cssOf();
    expect(css).toContain("-webkit-user-select:none;user-select:none;");
    expect(css).toContain(
      "-webkit-mask:var(--shape) center/contain no-repeat;mask:var(--shape) center/contain no-repeat;",
    );
  });

  it("on the server, compiles a style once for every page rendered after, each with a cache of its own", () => {
    const Card = styled.div({ display: "grid", gap: 12, userSelect: "none" });
    let compiled = 0;
    const counting: StylisPlugin = (...args) => {
      compiled++;
      return webkitWhereNeeded(...args);
    };
    const create = styleCaches([counting]);
    const first = cssOf(Card, create());
    const seen = compiled;
    expect(seen).toBeGreaterThan(0);
    expect(cssOf(Card, create())).toBe(first);
    expect(compiled).toBe(seen);
    // A list of its own per cache (an equal one) compiles it all again.
    cssOf(Card, createCache({ key: "css", stylisPlugins: [counting] }));
    expect(compiled).toBeGreaterThan(seen);
  });
});
