/** The JavaScript a built app makes the browser load, read from Vite's build manifest and weighed gzip-compressed. */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk of `dist/.vite/manifest.json` (the fields we read). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const KiB = 1024;

export function readManifest(dist: string): Manifest {
  const file = join(dist, ".vite/manifest.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Manifest;
  } catch {
    throw new Error(`${file} is missing: build first (pnpm bench:web builds before it measures)`);
  }
}

/** The chunk keys a chunk loads before it runs: itself and everything it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string): Set<string> {
  const seen = new Set<string>();
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return;
    seen.add(k);
    for (const imported of manifest[k].imports ?? []) visit(imported);
  };
  visit(key);
  return seen;
}

/** Output files (JavaScript only) of some chunks. */
export function jsFiles(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...keys].map((k) => manifest[k]!.file).filter((file) => file.endsWith(".js"));
}

/** gzip size (level 9, as the build's .gz files) of each file, memoised per dist folder. */
export function gzipSizer(dist: string): (file: string) => number {
  const sizes = new Map<string, number>();
  return (file) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      sizes.set(file, size);
    }
    return size;
  };
}

export interface LazyChunk {
  /** The source module that is its own lazy chunk (a route, a resource). */
  label: string;
  /** gzip bytes of the chunk alone. */
  own: number;
  /** gzip bytes a first visit to it adds: the chunk and its static imports not loaded already. */
  added: number;
  files: string[];
}

/** Every lazily loaded chunk (a dynamic import's target) and what it adds to what is already loaded. */
export function lazyChunks(
  manifest: Manifest,
  loaded: ReadonlySet<string>,
  gzipSize: (file: string) => number,
): LazyChunk[] {
  return Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => {
      const files = jsFiles(manifest, staticClosure(manifest, key)).filter((file) => !loaded.has(file));
      return {
        label: chunk.src ?? chunk.name ?? key,
        own: chunk.file.endsWith(".js") ? gzipSize(chunk.file) : 0,
        added: files.reduce((sum, file) => sum + gzipSize(file), 0),
        files,
      };
    })
    .sort((a, b) => b.added - a.added || a.label.localeCompare(b.label));
}

/** The entry chunk of an app with one HTML page. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  return entries[0]!;
}

/** What some of a build's files weigh: each at gzip 9, and as the server sends it (its .br, else the file itself). */
export interface Weighed {
  files: { file: string; gzip: number; brotli: number }[];
  gzip: number;
  brotli: number;
}

/** Weighs files of `dist` (paths relative to it), largest first; the build writes no .br of a file too small to gain. */
export function weigh(dist: string, files: Iterable<string>, gzipSize: (file: string) => number): Weighed {
  const rows = [...new Set(files)]
    .map((file) => {
      const path = join(dist, file);
      return {
        file,
        gzip: gzipSize(file),
        brotli: statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size,
      };
    })
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  return {
    files: rows,
    gzip: rows.reduce((sum, row) => sum + row.gzip, 0),
    brotli: rows.reduce((sum, row) => sum + row.brotli, 0),
  };
}
