// The page template: where each page's pieces go, written as they are; what each page preloads.
import { describe, expect, it } from "vitest";
import { renderLaterModulePreloads, renderModulePreloads, scriptSafeJson } from "./head.ts";
import { fillPage, pageTemplate, preloadsOf } from "./template.ts";

describe("pageTemplate and fillPage", () => {
  const built =
    '<html><head><meta charset="UTF-8" />\n<title>Old</title>\n<meta name="description" content="old" /><link rel="canonical" href="/x"><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>';

  it("cut where the title was, drop the build's description and canonical, and fill each piece in its place", () => {
    const template = pageTemplate(built)!;
    expect(
      fillPage(template, {
        headTags: "<title>New</title>",
        headEnd: "<style>a{}</style>",
        rendered: "<main>x</main>",
      }),
    ).toBe(
      '<html><head><meta charset="UTF-8" />\n<title>New</title><script type="module" src="/a.js"></script>  <style>a{}</style>\n  </head><body><div id="root" data-server-rendered><main>x</main></div></body></html>',
    );
    expect(fillPage(template, { headTags: "", headEnd: "", rendered: null })).toContain(
      '<body><div id="root"></div></body>',
    );
  });

  it("write a page's text as it is: replacement patterns in it copy nothing (a search for A$`B)", () => {
    const template = pageTemplate(built)!;
    const text = "A$`B $& $' $$ $1";
    const page = fillPage(template, {
      headTags: `<title>${text}</title>`,
      headEnd: "",
      rendered: `<input value="${text}">`,
    });
    expect(page).toContain(`<title>${text}</title>`);
    expect(page).toContain(`<div id="root" data-server-rendered><input value="${text}"></div>`);
    expect(page.match(/<script type="module"/g)).toHaveLength(1);
    expect(page.match(/<html>/g)).toHaveLength(1);
  });

  it("put the tags before </head> when there is no title, and give up on a page without a head or a root", () => {
    const template = pageTemplate(
      '<html><head><meta charset=utf-8></head><body><div id="root"></div></body></html>',
    )!;
    expect(fillPage(template, { headTags: "<title>T</title>", headEnd: "", rendered: null })).toBe(
      '<html><head><meta charset=utf-8><title>T</title></head><body><div id="root"></div></body></html>',
    );
    expect(pageTemplate("<p>no head</p>")).toBeNull();
    expect(pageTemplate("<html><head></head><body></body></html>")).toBeNull();
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

describe("renderModulePreloads and renderLaterModulePreloads", () => {
  const scripts = ["/assets/shell.js", "/assets/home.js"];

  it("writes a preload link for each script, at low priority", () => {
    expect(renderModulePreloads(scripts).split("\n    ")).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/shell.js" fetchpriority="low" />',
      '<link rel="modulepreload" crossorigin href="/assets/home.js" fetchpriority="low" />',
    ]);
  });

  it("keeps the same links in a template for a rendered page (inert until the entry moves them), none for no scripts", () => {
    expect(renderLaterModulePreloads(scripts)).toBe(
      `<template id="shop-scripts">${renderModulePreloads(scripts).replace(/\n\s*/g, "")}</template>`,
    );
    expect(renderLaterModulePreloads([])).toBe("");
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
      "src/routes/shop.tsx": {
        file: "assets/shop.js",
        src: "src/routes/shop.tsx",
        imports: ["_listing.js", "_shell.js"],
      },
      "_listing.js": { file: "assets/listing.js", imports: ["_card.js", "_react.js"] },
      "_card.js": { file: "assets/card.js", imports: ["_listing.js"] },
      "_style.css": { file: "assets/style.css" },
      "src/routes/about.tsx": {
        file: "assets/about.js",
        src: "src/routes/about.tsx",
        imports: ["_style.css"],
      },
      "src/features/overlay.tsx": { file: "assets/overlay.js", src: "src/features/overlay.tsx" },
    });
    expect(preloads.start).toEqual(["/assets/shell.js", "/assets/react.js"]);
    expect(Object.fromEntries(preloads.routes)).toEqual({
      shop: ["/assets/shop.js", "/assets/listing.js", "/assets/card.js"],
      about: ["/assets/about.js"],
    });
  });

  it("lists no start for an entry that imports nothing once it runs", () => {
    expect(preloadsOf({ "index.html": { file: "assets/index.js", isEntry: true } }).start).toEqual([]);
  });
});
