// Rendered pages cached: rendered once for concurrent shoppers, dropped when content changes, re-rendered behind when old, capped.
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { createPageCache, type RenderedPage, renderedPage } from "./page-cache.ts";

function setup(options: { maxBytes?: number; freshMs?: number } = {}) {
  let version: number | null = 1;
  let time = 0;
  let renders = 0;
  const cache = createPageCache({
    version: () => version,
    maxBytes: options.maxBytes ?? 1_000_000,
    freshMs: options.freshMs ?? 60_000,
    now: () => time,
  });
  const render = (html: string) => async (): Promise<RenderedPage> => {
    renders++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return renderedPage(200, html, `"${html}"`);
  };
  return {
    cache,
    render,
    renders: () => renders,
    setVersion: (v: number | null) => {
      version = v;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("the page cache", () => {
  it("renders a page once for every shopper who asks at the same moment, then answers it from the cache", async () => {
    const { cache, render, renders } = setup();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cache.get("DOP /shop", render("shop"))),
    );
    expect(renders()).toBe(1);
    expect(new Set(answers.map(([page]) => page)).size).toBe(1);
    expect(answers.map(([, state]) => state)).toEqual(Array(20).fill("miss"));
    expect((await cache.get("DOP /shop", render("shop")))[1]).toBe("hit");
    expect(renders()).toBe(1);
  });

  it("keeps each key apart (one currency's page is never the other's)", async () => {
    const { cache, render } = setup();
    await cache.get("DOP /", render("pesos"));
    const [usd] = await cache.get("USD /", render("dollars"));
    expect(usd.html).toBe("dollars");
    expect((await cache.get("DOP /", render("other")))[0].html).toBe("pesos");
  });

  it("drops every page at once when the content version changes, and caches nothing while it is unknown", async () => {
    const { cache, render, renders, setVersion } = setup();
    await cache.get("DOP /", render("old"));
    setVersion(2);
    const [page, state] = await cache.get("DOP /", render("new"));
    expect([page.html, state]).toEqual(["new", "miss"]);
    setVersion(null);
    expect((await cache.get("DOP /", render("unkept")))[1]).toBe("off");
    expect((await cache.get("DOP /", render("unkept")))[1]).toBe("off");
    expect(renders()).toBe(4);
  });

  it("does not cache a page rendered while the content changed", async () => {
    const { cache, render, setVersion } = setup();
    const rendering = cache.get("DOP /", async () => {
      setVersion(2);
      return render("rendered during a change")();
    });
    await rendering;
    expect((await cache.get("DOP /", render("after")))[0].html).toBe("after");
  });

  it("serves an old page while one re-render runs behind, then the new one", async () => {
    const { cache, render, renders, advance } = setup({ freshMs: 1000 });
    await cache.get("DOP /", render("first"));
    advance(1500);
    const [stale, state] = await cache.get("DOP /", render("second"));
    expect([stale.html, state]).toEqual(["first", "stale"]);
    await cache.get("DOP /", render("second"));
    // Until the re-render behind is cached, every answer is the old page, and no second re-render starts.
    await vi.waitFor(async () => {
      const [page, now] = await cache.get("DOP /", render("third"));
      expect([page.html, now]).toEqual(["second", "hit"]);
    }, 15_000);
    expect(renders()).toBe(2);
  });

  it("caches no more than its byte cap, least recently used out first", async () => {
    const html = (seed: string) => createHash("sha512").update(seed).digest("hex").repeat(4);
    const one = renderedPage(200, html("probe"), '"probe"');
    await one.compact();
    const { cache, render } = setup({ maxBytes: Math.floor(one.weight() * 2.5) });
    await cache.get("a", render(html("a")));
    await cache.get("b", render(html("b")));
    expect(cache.size().pages).toBe(2);
    await cache.get("c", render(html("c")));
    expect(cache.size().pages).toBe(2);
    expect(cache.size().bytes).toBeLessThanOrEqual(one.weight() * 2.5);
    expect((await cache.get("a", render(html("a"))))[1]).toBe("miss");
    expect((await cache.get("c", render(html("c"))))[1]).toBe("hit");
  });

  it("caches a page compressed: it weighs its compressed forms, and its HTML comes back whole from them", async () => {
    const html = `<main>${"<article><h2>Wireless Headphones</h2><p>US$129.99</p></article>".repeat(400)}</main>`;
    const { cache, render } = setup();
    const [page] = await cache.get("USD /shop", render(html));
    const drawnWeight = Buffer.byteLength(html);
    expect(page.weight()).toBeLessThan(drawnWeight / 10);
    expect(cache.size().bytes).toBe(page.weight());
    expect(page.html).toBe(html);
    expect(brotliDecompressSync(await page.encoded("br")).toString()).toBe(html);
    expect(gunzipSync(await page.encoded("gzip")).toString()).toBe(html);
  });

  it("compresses a page once per encoding", async () => {
    const page = renderedPage(200, "<p>hello</p>".repeat(100), '"x"');
    const [first, again] = [page.encoded("br"), page.encoded("br")];
    expect(first).toBe(again);
    expect((await first).length).toBeLessThan(200);
    expect((await page.encoded("gzip")).length).toBeLessThan(200);
  });
});
