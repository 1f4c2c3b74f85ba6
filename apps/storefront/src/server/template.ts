/**
 * The storefront's built index.html as the page template: cut once at start where each page's head tags, styles,
 * preloads and rendered markup go, then filled by plain joining (never a replacement pattern, so a page's own text
 * such as a search for "A$`B" is written as it is). And what each page preloads, from the build's manifest.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SERVER_RENDERED_ATTRIBUTE } from "@shop/domain/first-screen";

export interface Preloads {
  start: string[];
  /** By route module (src/routes/{module}.tsx). */
  routes: ReadonlyMap<string, string[]>;
}

/** One chunk of Vite's `.vite/manifest.json` (the fields read here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const ROUTE_MODULE = /^src\/routes\/([\w-]+)\.tsx$/;

/** The scripts of the app's start and of each route module, each with its static imports, transitively. */
export function preloadsOf(manifest: Record<string, ManifestChunk>): Preloads {
  const closure = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const scripts = (keys: Iterable<string>) =>
    [...keys].map((k) => `/${manifest[k]!.file}`).filter((file) => file.endsWith(".js"));
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  // The entry imports the app's start dynamically, once the page has painted.
  const startKeys = Object.values(manifest).flatMap((chunk) =>
    chunk.isEntry ? (chunk.dynamicImports ?? []) : [],
  );
  const start = [...new Set(startKeys.flatMap((key) => [...closure(key)]))].filter((k) => !entry.has(k));
  const loaded = new Set([...entry, ...start]);
  const routes = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const module = chunk.src?.match(ROUTE_MODULE)?.[1];
    if (module) routes.set(module, scripts([...closure(key)].filter((k) => !loaded.has(k))));
  }
  return { start: scripts(start), routes };
}

export function readPreloads(root: string): Preloads {
  const file = join(root, ".vite/manifest.json");
  if (!existsSync(file)) return { start: [], routes: new Map() };
  return preloadsOf(JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>);
}

// Tags the server writes per page; the build's own copies would repeat or contradict them.
const SERVER_WRITTEN_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/i,
  /<meta\s+name=["']description["'][^>]*>\s*/gi,
  /<link\s+rel=["']canonical["'][^>]*>\s*/gi,
];
const HEAD_SLOT = "<!--shop:head-->";

/** index.html cut where the title was (or before </head>), without the tags the server writes itself. */
function splitHead(html: string): { before: string; after: string } | null {
  let marked = html.replace(SERVER_WRITTEN_TAGS[0]!, HEAD_SLOT);
  for (const tag of SERVER_WRITTEN_TAGS.slice(1)) marked = marked.replace(tag, "");
  if (!marked.includes(HEAD_SLOT)) {
    if (!/<\/head>/i.test(marked)) return null;
    marked = marked.replace(/<\/head>/i, `${HEAD_SLOT}</head>`);
  }
  const [before, after] = marked.split(HEAD_SLOT) as [string, string];
  return { before, after };
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** index.html in the four pieces a page is written between. */
export interface PageTemplate {
  /** Up to where the head tags go. */
  head: string;
  /** From after the head tags up to where the styles and preloads go (before </head>). */
  beforeHeadEnd: string;
  /** From </head> up to the root element. */
  beforeRoot: string;
  /** After the root element. */
  afterRoot: string;
}

/** The template of a built index.html, or null when it has no <head> or no empty root element to fill. */
export function pageTemplate(html: string): PageTemplate | null {
  const split = splitHead(html);
  if (!split) return null;
  const headEnd = split.after.search(/<\/head>/i);
  const root = split.after.indexOf(ROOT_ELEMENT);
  if (headEnd < 0 || root < headEnd) return null;
  return {
    head: split.before,
    beforeHeadEnd: split.after.slice(0, headEnd),
    beforeRoot: split.after.slice(headEnd, root),
    afterRoot: split.after.slice(root + ROOT_ELEMENT.length),
  };
}

export interface PageParts {
  /** The page's head tags (title, meta, JSON-LD, first-screen data). */
  headTags: string;
  /** Styles and preload links for the end of the head. */
  headEnd: string;
  /** The markup rendered on the server; null leaves the root empty for the app to render. */
  rendered: string | null;
}

/** The page: the template's pieces and the page's own, joined as they are. */
export function fillPage(template: PageTemplate, parts: PageParts): string {
  const root =
    parts.rendered === null
      ? ROOT_ELEMENT
      : `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${parts.rendered}</div>`;
  return [
    template.head,
    parts.headTags,
    template.beforeHeadEnd,
    parts.headEnd ? `  ${parts.headEnd}\n  ` : "",
    template.beforeRoot,
    root,
    template.afterRoot,
  ].join("");
}
