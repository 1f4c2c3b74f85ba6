/**
 * A page's head (what a route module's `meta` answers) and the tags the server writes of it into the page: title,
 * description, canonical, robots, Open Graph, JSON-LD, and the first-screen data the storefront seeds its query
 * cache with.
 */
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenEntry } from "@shop/domain/first-screen";
import type { PicturePreload } from "@shop/ui/picture-slots";
import { LATER_SCRIPTS_ELEMENT_ID } from "#later-scripts.ts";
import { SHOP_NAME } from "#lib/shop-name.ts";

/** A page's head. The title is the document's whole title; without one, the app leaves the title as it is. */
export interface PageHead {
  title?: string;
  description?: string;
  /** Absolute URL. */
  canonical?: string;
  /** "noindex" for pages about one shopper, the 404 page and search results. */
  robots?: "noindex";
  openGraph?: {
    type: "website" | "product" | "article";
    /** Absolute URL. */
    image?: string;
    /** Extra og:/product:/article: properties, in order. */
    extra?: [property: string, content: string][];
  };
  /** schema.org objects, each written as its own application/ld+json block. */
  jsonLd?: object[];
  /** The page's largest image, fetched early and first: for an upload, the widths its place offers (picturePreload). */
  preloadImage?: PicturePreload;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON safe inside <script type="application/ld+json">: "<", ">" and "&" are written as \u escapes (so no
 * "</script>" or "<!--" can close or confuse the block), and so are the line separators JSON allows but
 * JavaScript once did not. The result is still the same JSON.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

const meta = (attribute: "name" | "property", key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

const modulePreload = (script: string) =>
  `<link rel="modulepreload" crossorigin href="${escapeHtml(script)}" fetchpriority="low" />`;

/**
 * Preload links for the app's and the page's scripts (URL paths), which the browser then fetches along with the
 * app's entry rather than after it runs. They go after the entry's own tags. At low priority: the page's images
 * and styles go first on a slow connection.
 */
export function renderModulePreloads(scripts: readonly string[]): string {
  return scripts.map(modulePreload).join("\n    ");
}

/**
 * The same preload links for a page the server rendered, inert in a <template> until the entry moves them into the
 * head, once the page and its first screen's pictures are on the screen. The rendered page needs none of its
 * scripts to be seen, and on a slow connection the app's 170 KiB would share the line with the page's largest
 * picture (the phone's largest paint) if fetched as the HTML arrives.
 */
export function renderLaterModulePreloads(scripts: readonly string[]): string {
  if (!scripts.length) return "";
  return `<template id="${LATER_SCRIPTS_ELEMENT_ID}">${scripts.map(modulePreload).join("")}</template>`;
}

/** The head's tags, and the answers the page's first render needs (@shop/domain/first-screen). */
export function renderHead(
  head: PageHead & { title: string },
  firstScreen: readonly FirstScreenEntry[] = [],
): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(meta("name", "description", head.description));
  if (head.robots) tags.push(meta("name", "robots", head.robots));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  if (head.preloadImage) {
    const { href, imageSrcSet, imageSizes, type } = head.preloadImage;
    const sizes = imageSrcSet
      ? ` imagesrcset="${escapeHtml(imageSrcSet)}" imagesizes="${escapeHtml(imageSizes ?? "")}" type="${escapeHtml(type ?? "")}"`
      : "";
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(href)}"${sizes} fetchpriority="high" />`);
  }
  const og = head.openGraph;
  if (og) {
    tags.push(meta("property", "og:site_name", SHOP_NAME), meta("property", "og:type", og.type));
    tags.push(meta("property", "og:title", head.title));
    if (head.description) tags.push(meta("property", "og:description", head.description));
    if (head.canonical) tags.push(meta("property", "og:url", head.canonical));
    if (og.image) tags.push(meta("property", "og:image", og.image));
    for (const [property, content] of og.extra ?? []) tags.push(meta("property", property, content));
    tags.push(meta("name", "twitter:card", og.image ? "summary_large_image" : "summary"));
  }
  for (const data of head.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${scriptSafeJson(data)}</script>`);
  }
  if (firstScreen.length) {
    tags.push(
      `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafeJson(firstScreen)}</script>`,
    );
  }
  return tags.join("\n    ");
}
