// Reading a build's HTML: which inline scripts the CSP must allow.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./static-build.ts";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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
