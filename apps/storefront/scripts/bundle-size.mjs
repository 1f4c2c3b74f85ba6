// Prints the storefront's JavaScript budget from the build's manifest (run `vite build` first): what `/` loads
// before its first render (the entry and everything it imports statically), and what each route adds on top.
// Exits 1 when the entry graph passes 170 KiB gzip or a route adds more than 60 KiB.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const ENTRY_BUDGET_KIB = 170;
const ROUTE_BUDGET_KIB = 60;

const dist = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
const gzipCache = new Map();
const gzipKib = (file) => {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  return gzipCache.get(file);
};

/** The chunk files a manifest key loads statically, itself included. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const sum = (files) => [...files].reduce((total, file) => total + gzipKib(file), 0);
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure(entryKey);
const entryKib = sum(entryFiles);

const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => {
    const added = [...staticClosure(key)].filter((file) => !entryFiles.has(file));
    return { source: chunk.src ?? key, own: gzipKib(chunk.file), added: sum(added) };
  })
  .sort((a, b) => b.added - a.added);

const kib = (n) => `${n.toFixed(1)} KiB`;
console.log(
  `Entry graph of / (entry + static imports, ${entryFiles.size} files): ${kib(entryKib)} gzip (budget ${ENTRY_BUDGET_KIB} KiB)`,
);
console.log("");
console.log("| lazy chunk | own gzip | with the chunks it needs beyond the entry |");
console.log("| --- | ---: | ---: |");
for (const row of rows) console.log(`| ${row.source} | ${kib(row.own)} | ${kib(row.added)} |`);

const over = rows.filter((row) => row.source.startsWith("src/pages/") && row.added > ROUTE_BUDGET_KIB);
if (entryKib > ENTRY_BUDGET_KIB || over.length) {
  console.error(
    `\nOver budget: ${entryKib > ENTRY_BUDGET_KIB ? "the entry graph; " : ""}${over.map((r) => r.source).join(", ")}`,
  );
  process.exit(1);
}
