// Reading a build's index.html: where the head tags go, and which inline scripts the CSP must allow.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, preloadsOf, splitPage } from "./build.ts";
import { scriptSafeJson } from "./head.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("splitPage", () => {
  it("cuts where the title was and drops the build's description and canonical", () => {
    const page = splitPage(
      '<html><head><meta charset="UTF-8" />\n<title>Old</title>\n<meta name="description" content="old" /><link rel="canonical" href="/x"><script type="module" src="/a.js"></script></head><body></body></html>',
    );
    expect(page).toEqual({
      before: '<html><head><meta charset="UTF-8" />\n',
      after: '<script type="module" src="/a.js"></script></head><body></body></html>',
    });
  });

  it("puts the tags before </head> when there is no title, and gives up on a page without a head", () => {
    expect(splitPage("<html><head><meta charset=utf-8></head><body></body></html>")).toEqual({
      before: "<html><head><meta charset=utf-8>",
      after: "</head><body></body></html>",
    });
    expect(splitPage("<p>no head</p>")).toBeNull();
  });
});

describe("inlineScriptHashes", () => {
  it("hashes scripts that run, and leaves out external scripts, data blocks and empty tags", () => {
    const html = [
      "<script>window.a = 1;</script>",
      '<script type="module">import "/x.js";</script>',
      '<script type="module" src="/assets/entry.js"></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="application/json" id="data">{}</script>',
      "<script></script>",
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/x.js";')]);
  });
});

describe("scriptSafeJson", () => {
  it("writes <, >, & and the line separators as escapes, and parses back to the same value", () => {
    const value = { name: "</script><!-- a & b \u2028 \u2029" };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("preloadsOf", () => {
  it("gives the app's start (what the entry imports once it runs) and each page module their chunks and static imports, transitively, each less what is loaded before it", () => {
    const preloads = preloadsOf({
      "index.html": {
        file: "assets/index.js",
        isEntry: true,
        imports: ["_helper.js"],
        dynamicImports: ["_shell.js"],
      },
      "_helper.js": { file: "assets/helper.js" },
      "_shell.js": { file: "assets/shell.js", imports: ["_react.js", "_helper.js"] },
      "_react.js": { file: "assets/react.js" },
      "src/pages/shop.tsx": {
        file: "assets/shop.js",
        src: "src/pages/shop.tsx",
        imports: ["_listing.js", "_shell.js"],
      },
      "_listing.js": { file: "assets/listing.js", imports: ["_card.js", "_react.js"] },
      "_card.js": { file: "assets/card.js", imports: ["_listing.js"] },
      "_style.css": { file: "assets/style.css" },
      "src/pages/about.tsx": { file: "assets/about.js", src: "src/pages/about.tsx", imports: ["_style.css"] },
      "src/features/overlay.tsx": { file: "assets/overlay.js", src: "src/features/overlay.tsx" },
    });
    expect(preloads.start).toEqual(["/assets/shell.js", "/assets/react.js"]);
    expect(Object.fromEntries(preloads.pages)).toEqual({
      shop: ["/assets/shop.js", "/assets/listing.js", "/assets/card.js"],
      about: ["/assets/about.js"],
    });
  });

  it("lists no start for an entry that imports nothing once it runs", () => {
    expect(preloadsOf({ "index.html": { file: "assets/index.js", isEntry: true } }).start).toEqual([]);
  });
});
