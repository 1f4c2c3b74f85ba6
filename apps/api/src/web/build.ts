/** A built front end on disk: the files it may serve (listed once at start) and its HTML page split for the head tags. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FirstScreenEntry } from "@shop/domain/first-screen";

export interface BuiltApp {
  root: string;
  /** URL paths below the app's base ("/assets/index-1a2b.js", "/favicon.svg"); compressed twins and dot folders left out. */
  files: ReadonlySet<string>;
  /** index.html as built; null when there is none. */
  html: string | null;
  /** index.html around the place where the server writes a page's head tags. */
  page: { before: string; after: string } | null;
  /** CSP hashes ('sha256-...') of the inline scripts of every HTML file of the build. */
  inlineScriptHashes: string[];
  /**
   * What a page lists for preloading, as URL paths, less what the entry loads anyway: the app's start module
   * (`src/app/start.tsx`, which the entry imports once the page has painted) with its static imports, for every
   * page; and each page module's (`src/pages/{page}.tsx`) own scripts beyond those. From the build's manifest;
   * empty without one.
   */
  preloads: Preloads;
}

export interface Preloads {
  start: string[];
  pages: ReadonlyMap<string, string[]>;
}

/** One chunk of Vite's `.vite/manifest.json` (the fields read here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const PAGE_MODULE = /^src\/pages\/([\w-]+)\.tsx$/;

/** The scripts of the app's start and of each page module, each with its static imports, transitively. */
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
  const pages = new Map<string, string[]>();
  for (const [key, chunk] of Object.entries(manifest)) {
    const page = chunk.src?.match(PAGE_MODULE)?.[1];
    if (page) pages.set(page, scripts([...closure(key)].filter((k) => !loaded.has(k))));
  }
  return { start: scripts(start), pages };
}

function readPreloads(root: string): Preloads {
  const file = join(root, ".vite/manifest.json");
  if (!existsSync(file)) return { start: [], pages: new Map() };
  return preloadsOf(JSON.parse(readFileSync(file, "utf8")) as Record<string, ManifestChunk>);
}

const COMPRESSED_TWIN = /\.(br|gz)$/;

function listFiles(root: string, dir = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...listFiles(root, relative));
    else if (entry.isFile() && !COMPRESSED_TWIN.test(entry.name)) found.push(relative);
  }
  return found;
}

// Tags the server writes per page; the build's own copies would repeat or contradict them.
const SERVER_WRITTEN_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/i,
  /<meta\s+name=["']description["'][^>]*>\s*/gi,
  /<link\s+rel=["']canonical["'][^>]*>\s*/gi,
];
const HEAD_SLOT = "<!--shop:head-->";

/** index.html cut where the title was (or before </head>), without the tags the server writes itself. */
export function splitPage(html: string): { before: string; after: string } | null {
  let marked = html.replace(SERVER_WRITTEN_TAGS[0]!, HEAD_SLOT);
  for (const tag of SERVER_WRITTEN_TAGS.slice(1)) marked = marked.replace(tag, "");
  if (!marked.includes(HEAD_SLOT)) {
    if (!/<\/head>/i.test(marked)) return null;
    marked = marked.replace(/<\/head>/i, `${HEAD_SLOT}</head>`);
  }
  const [before, after] = marked.split(HEAD_SLOT) as [string, string];
  return { before, after };
}

// Generated HTML from our own builds, so a pattern is enough to find its inline scripts.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPE = /\btype\s*=\s*["']?(module|text\/javascript|application\/javascript)["']?/i;

/** sha256 CSP sources for the inline scripts that run (data blocks such as JSON-LD are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body === "") continue;
    if (/\btype\s*=/i.test(attributes) && !EXECUTABLE_TYPE.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/** Reads a build folder, or answers null when it is not there (not built yet). */
export function loadBuild(root: string): BuiltApp | null {
  if (!existsSync(root) || !statSync(root).isDirectory()) return null;
  const files = listFiles(root);
  const index = join(root, "index.html");
  const html = existsSync(index) ? readFileSync(index, "utf8") : null;
  const hashes = new Set<string>();
  for (const file of files.filter((f) => f.endsWith(".html"))) {
    for (const hash of inlineScriptHashes(readFileSync(join(root, file), "utf8"))) hashes.add(hash);
  }
  return {
    root,
    files: new Set(files),
    html,
    page: html === null ? null : splitPage(html),
    inlineScriptHashes: [...hashes],
    preloads: readPreloads(root),
  };
}

/** The storefront's server build (its src/entry-server.tsx): draws a page of the shop as HTML. */
export type PageRenderer = (request: {
  url: string;
  origin: string;
  firstScreen: readonly FirstScreenEntry[];
  currency: string | null;
}) => Promise<{ html: string; styles: string }>;

/** Loads the storefront's server build, or answers null when it is not there (not built yet). */
export async function loadRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { render?: PageRenderer };
  if (typeof module.render !== "function") throw new Error(`${file} exports no render function`);
  return module.render;
}
