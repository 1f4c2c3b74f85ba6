// Reading a build manifest: what loads before the first render, and what each lazy chunk adds.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { entryKey, gzipSizer, jsFiles, lazyChunks, type Manifest, staticClosure, weigh } from "./bundles.ts";

// index.html -> entry, which imports react statically and the two pages lazily; both pages share ui.
const manifest: Manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_react.js"],
    dynamicImports: ["src/shop.tsx", "src/product.tsx"],
  },
  "_react.js": { file: "assets/react.js" },
  "_ui.js": { file: "assets/ui.js", imports: ["_react.js"] },
  "_style.css": { file: "assets/style.css" },
  "src/shop.tsx": {
    file: "assets/shop.js",
    src: "src/shop.tsx",
    isDynamicEntry: true,
    imports: ["_ui.js", "_style.css"],
  },
  "src/product.tsx": {
    file: "assets/product.js",
    src: "src/product.tsx",
    isDynamicEntry: true,
    imports: ["_ui.js", "_react.js"],
  },
};

const dist = mkdtempSync(join(tmpdir(), "bench-bundles-"));
mkdirSync(join(dist, "assets"));
const sizes: Record<string, number> = {};
for (const [name, length] of Object.entries({ index: 500, react: 3000, ui: 900, shop: 300, product: 200 })) {
  // Text that compresses differently per file, so sizes are told apart.
  const text = Array.from({ length }, (_, i) => `${name}${(i * 7919) % 1000}`).join(";");
  writeFileSync(join(dist, `assets/${name}.js`), text);
  sizes[`assets/${name}.js`] = gzipSync(text, { level: 9 }).length;
}
const sizer = gzipSizer(dist);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("bundle figures from the manifest", () => {
  it("the first render loads the entry and its static imports, not the lazy pages", () => {
    const initial = staticClosure(manifest, entryKey(manifest));
    expect([...initial].sort()).toEqual(["_react.js", "index.html"]);
    expect(jsFiles(manifest, initial).sort()).toEqual(["assets/index.js", "assets/react.js"]);
  });

  it("a lazy page adds itself and the shared code not loaded yet, counted gzip", () => {
    const loaded = new Set(jsFiles(manifest, staticClosure(manifest, "index.html")));
    const chunks = lazyChunks(manifest, loaded, sizer);
    const shop = chunks.find((c) => c.label === "src/shop.tsx")!;
    const product = chunks.find((c) => c.label === "src/product.tsx")!;
    expect(shop.own).toBe(sizes["assets/shop.js"]);
    expect(shop.files.sort()).toEqual(["assets/shop.js", "assets/ui.js"]);
    expect(shop.added).toBe(sizes["assets/shop.js"]! + sizes["assets/ui.js"]!);
    expect(product.added).toBe(sizes["assets/product.js"]! + sizes["assets/ui.js"]!);
    // Largest first.
    expect(chunks.map((c) => c.label)).toEqual(
      shop.added >= product.added ? ["src/shop.tsx", "src/product.tsx"] : ["src/product.tsx", "src/shop.tsx"],
    );
  });

  it("weighs files at gzip 9 and as sent (the .br beside a file, else the file), largest first, each once", () => {
    writeFileSync(join(dist, "assets/react.js.br"), "x".repeat(77));
    const weighed = weigh(dist, ["assets/index.js", "assets/react.js", "assets/index.js"], sizer);
    expect(weighed.files.map((f) => f.file)).toEqual(
      sizes["assets/react.js"]! >= sizes["assets/index.js"]!
        ? ["assets/react.js", "assets/index.js"]
        : ["assets/index.js", "assets/react.js"],
    );
    expect(weighed.gzip).toBe(sizes["assets/react.js"]! + sizes["assets/index.js"]!);
    // react.js is sent as its .br; index.js, without one, as it is.
    const indexBytes = statSync(join(dist, "assets/index.js")).size;
    expect(weighed.brotli).toBe(77 + indexBytes);
  });

  it("refuses a manifest without exactly one entry", () => {
    expect(() => entryKey({ a: { file: "a.js" } })).toThrow("expected one entry chunk, found 0");
  });
});
