/**
 * Emotion's style cache, the same on the server (src/entry-server.tsx) and in the browser (src/app/start.tsx).
 * Stylis's vendor prefixer, emotion's default, writes every flex, transition and alignment rule two to four times
 * (`display:-webkit-box;display:-webkit-flex;display:-ms-flexbox;display:flex`): a fifth of each page's CSS, for
 * browsers the build's target (es2022) leaves out anyway. The shop keeps only the prefixes its browsers still
 * need: WebKit's for masks (the icons are masks; Chrome before 120), user-select and backdrop-filter (Safari),
 * and text-size-adjust.
 */
import createCache, { type EmotionCache, type StylisPlugin } from "@emotion/cache";

const WEBKIT_ONLY = /^(?:mask|user-select|backdrop-filter|text-size-adjust)/;

/** Writes `-webkit-` before the declarations that still need it, and leaves every other one as it is. */
export const webkitWhereNeeded: StylisPlugin = (element) => {
  if (element.type === "decl" && !element.return && typeof element.props === "string") {
    if (WEBKIT_ONLY.test(element.props)) element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * Style caches that share one list of stylis plugins: on the server emotion keeps each style's compiled rules from
 * one page's rendering to the next, in a store it finds by the cache's list (the same list, not an equal one); a new
 * list per page compiled every style of every page again, 7% of rendering a listing.
 */
export function styleCaches(stylisPlugins: StylisPlugin[]): () => EmotionCache {
  return () => createCache({ key: "css", stylisPlugins });
}

export const createStyleCache = styleCaches([webkitWhereNeeded]);
