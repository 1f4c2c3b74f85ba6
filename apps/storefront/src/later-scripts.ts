/**
 * The <template> holding a rendered page's script preload links, which the entry (src/main.tsx) moves into the head
 * once the page and its first screen's pictures have shown; the page server writes it (src/server/head.ts).
 * A module of its own, so the entry imports one string and nothing else (docs/decisions/040-largest-paint.md).
 */
export const LATER_SCRIPTS_ELEMENT_ID = "shop-scripts";
