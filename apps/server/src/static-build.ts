/** A built front end on disk: the files it may serve (listed once at start), its index.html and the CSP hashes of its inline scripts. */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface BuiltApp {
  root: string;
  /** URL paths below the app's base ("/assets/index-1a2b.js", "/favicon.svg"); compressed twins and dot folders left out. */
  files: ReadonlySet<string>;
  /** index.html as built; null when there is none. */
  html: string | null;
  /** CSP hashes ('sha256-...') of the inline scripts of every HTML file of the build. */
  inlineScriptHashes: string[];
  /**
   * The build's id: its entry script as index.html loads it ("/assets/index-4f2a9c1d.js"). Its name carries a hash
   * of its content, which names every chunk it loads, so any change to the app gives another id; an open page
   * reads its own from the same tag.
   */
  id: string | null;
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

const ENTRY_SCRIPT = /<script\b[^>]*\btype\s*=\s*["']?module["']?[^>]*\bsrc\s*=\s*["']([^"']+)["']/i;

/** The src of index.html's first module script (the app's entry), or null. */
export function entryScript(html: string): string | null {
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
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
    inlineScriptHashes: [...hashes],
    id: html === null ? null : entryScript(html),
  };
}
