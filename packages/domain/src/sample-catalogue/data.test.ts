// Checks the sample catalogue's invariants and that the generated SVG artwork is safe and well formed.
import { describe, expect, it } from "vitest";
import {
  type SeedProduct,
  seedBanners,
  seedBlogPosts,
  seedBrands,
  seedCategories,
  seedProducts,
  seedRateHistory,
} from "./data.ts";
import { bannerSvg, blogSvg, ILLUSTRATION_KINDS, isHexColor, productSvg } from "./illustrations.ts";

const PRODUCT_TYPES = ["electronics", "fashion", "beauty", "jewelry"] as const;

const PRICE_RANGES: Record<SeedProduct["productType"], [number, number]> = {
  electronics: [19, 1299],
  fashion: [15, 180],
  beauty: [8, 120],
  jewelry: [35, 2500],
};

/** Lowercase, accents and apostrophes dropped, every other run of non-alphanumerics turned into one hyphen. */
function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Minimal well-formedness check: one root <svg>, balanced tags, quoted attributes, only known entities. */
function expectWellFormedSvg(svg: string): void {
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  const stack: string[] = [];
  let roots = 0;
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name = "", , selfClosing] = match;
    if (closing) {
      expect(stack.pop()).toBe(name);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
  // Every "<" starts a tag the pattern above accepts, so no malformed tag slipped through.
  const tagCount = svg.split("<").length - 1;
  const matched = [...svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g)].length;
  expect(matched).toBe(tagCount);
  expect(svg).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
}

function expectSafeSvg(svg: string): void {
  expect(svg.toLowerCase()).not.toContain("<script");
  expect(svg).not.toMatch(/\son\w+=/i);
  expect(svg).not.toMatch(/<(image|use|foreignObject|style)\b/i);
  // The namespace URI is the only URL allowed; nothing points outside the document.
  expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:|href=/i);
}

const byType = (type: SeedProduct["productType"]) => seedProducts.filter((p) => p.productType === type);

describe("seedCategories", () => {
  it("has unique names, 2–4 unique subcategories each and hex colours", () => {
    const names = seedCategories.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of seedCategories) {
      expect(PRODUCT_TYPES).toContain(c.productType);
      expect(c.children.length).toBeGreaterThanOrEqual(2);
      expect(c.children.length).toBeLessThanOrEqual(4);
      expect(new Set(c.children).size).toBe(c.children.length);
      expect(isHexColor(c.color)).toBe(true);
      expect(c.description.length).toBeGreaterThan(20);
    }
  });

  it("covers every product type and includes names with an ampersand and an apostrophe", () => {
    for (const type of PRODUCT_TYPES) {
      expect(seedCategories.some((c) => c.productType === type)).toBe(true);
    }
    expect(seedCategories.some((c) => c.name.includes("&"))).toBe(true);
    expect(seedCategories.some((c) => c.name.includes("'"))).toBe(true);
  });
});

describe("seedBrands", () => {
  it("has 10–14 uniquely named brands, each used by some product", () => {
    expect(seedBrands.length).toBeGreaterThanOrEqual(10);
    expect(seedBrands.length).toBeLessThanOrEqual(14);
    const names = seedBrands.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    for (const b of seedBrands) {
      expect(b.description.length).toBeGreaterThan(10);
      expect(seedProducts.some((p) => p.brand === b.name)).toBe(true);
    }
  });
});

describe("seedProducts", () => {
  it("has exactly 40 products, 10 of each product type", () => {
    expect(seedProducts).toHaveLength(40);
    for (const type of PRODUCT_TYPES) expect(byType(type)).toHaveLength(10);
  });

  it("places every product in a category of its own type and one of that category's subcategories", () => {
    for (const p of seedProducts) {
      const category = seedCategories.find((c) => c.name === p.parent);
      expect(category, `${p.sku} parent ${p.parent}`).toBeDefined();
      expect(category?.productType).toBe(p.productType);
      expect(category?.children).toContain(p.children);
    }
  });

  it("refers only to known brands and illustration kinds, and draws each product its own way", () => {
    const brands = new Set(seedBrands.map((b) => b.name));
    for (const p of seedProducts) {
      expect(brands.has(p.brand), `${p.sku} brand ${p.brand}`).toBe(true);
      expect(ILLUSTRATION_KINDS).toContain(p.kind);
    }
    // No two products share a drawing (three rings are three rings), and every variant drawing is used.
    const kinds = seedProducts.map((p) => p.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of ILLUSTRATION_KINDS.filter((k) => k.includes("-") && k !== "cream-jar")) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("draws the sapphire ring with a blue stone, the solitaire's clear", () => {
    const drawing = (title: string) => {
      const p = seedProducts.find((product) => product.title === title)!;
      return productSvg(p.kind, p.colors[0]!.clrCode);
    };
    expect(drawing("Halo Sapphire Cocktail Ring")).toMatch(/stop-color="#1f47c8"/);
    expect(drawing("Solitaire Diamond Engagement Ring")).not.toMatch(/#1f47c8/);
  });

  it("has unique SKUs, and unique slugs made from the titles", () => {
    const skus = seedProducts.map((p) => p.sku);
    const slugs = seedProducts.map((p) => p.slug);
    expect(new Set(skus).size).toBe(40);
    expect(new Set(slugs).size).toBe(40);
    for (const p of seedProducts) {
      expect(p.sku).toMatch(/^[A-Z0-9-]+$/);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.slug).toBe(slugify(p.title));
    }
  });

  it("has decimal prices with at most 2 places, in a realistic range for the type", () => {
    for (const p of seedProducts) {
      expect(p.price).toMatch(/^\d+(\.\d{1,2})?$/);
      const price = Number(p.price);
      const [min, max] = PRICE_RANGES[p.productType];
      expect(price, `${p.sku} price`).toBeGreaterThanOrEqual(min);
      expect(price, `${p.sku} price`).toBeLessThanOrEqual(max);
    }
  });

  it("has whole-number discounts of 0 or 5–40%, and non-negative whole stock and sales", () => {
    for (const p of seedProducts) {
      expect(Number.isInteger(p.discount)).toBe(true);
      expect(p.discount === 0 || (p.discount >= 5 && p.discount <= 40), `${p.sku} discount`).toBe(true);
      expect(Number.isInteger(p.quantity) && p.quantity >= 0).toBe(true);
      expect(Number.isInteger(p.sellCount) && p.sellCount >= 0).toBe(true);
    }
  });

  it("meets the minimum counts of featured, discounted, out-of-stock, offer and low-stock products", () => {
    expect(seedProducts.filter((p) => p.featured).length).toBeGreaterThanOrEqual(8);
    expect(seedProducts.filter((p) => p.discount > 0).length).toBeGreaterThanOrEqual(12);
    expect(seedProducts.filter((p) => p.quantity === 0).length).toBeGreaterThanOrEqual(4);
    expect(seedProducts.filter((p) => p.offer !== null).length).toBeGreaterThanOrEqual(6);
    expect(seedProducts.filter((p) => p.quantity >= 1 && p.quantity <= 5).length).toBeGreaterThanOrEqual(3);
  });

  it("has running offers only on discounted products in stock", () => {
    for (const p of seedProducts) {
      if (!p.offer) continue;
      expect(p.offer.startDaysFromNow, p.sku).toBeLessThan(0);
      expect(p.offer.endDaysFromNow, p.sku).toBeGreaterThanOrEqual(2);
      expect(p.offer.endDaysFromNow, p.sku).toBeLessThanOrEqual(20);
      expect(p.discount, p.sku).toBeGreaterThan(0);
      expect(p.quantity, p.sku).toBeGreaterThan(0);
    }
  });

  it("names no video it cannot show: an invented id plays nothing", () => {
    expect(seedProducts.filter((p) => p.videoId !== null)).toEqual([]);
  });

  it("has 1–4 hex colours with distinct names per product", () => {
    for (const p of seedProducts) {
      expect(p.colors.length, p.sku).toBeGreaterThanOrEqual(1);
      expect(p.colors.length, p.sku).toBeLessThanOrEqual(4);
      expect(new Set(p.colors.map((c) => c.name)).size).toBe(p.colors.length);
      for (const c of p.colors) {
        expect(isHexColor(c.clrCode), `${p.sku} ${c.clrCode}`).toBe(true);
        expect(c.name.length).toBeGreaterThan(0);
      }
    }
  });

  it("has sizes for clothing, shoes and rings only", () => {
    for (const p of seedProducts) {
      expect(new Set(p.sizes).size).toBe(p.sizes.length);
      if (p.productType !== "fashion" && p.parent !== "Rings") expect(p.sizes, p.sku).toEqual([]);
      if (p.parent === "Rings") expect(p.sizes.length, p.sku).toBeGreaterThanOrEqual(3);
      if (["tshirt", "dress", "jacket", "sneaker"].includes(p.kind)) {
        expect(p.sizes.length, p.sku).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("has product copy, 2–4 tags, 2–5 information pairs and a unit", () => {
    for (const p of seedProducts) {
      expect(p.description.length, `${p.sku} description`).toBeGreaterThanOrEqual(150);
      expect(p.description.length, `${p.sku} description`).toBeLessThanOrEqual(400);
      expect(p.tags.length).toBeGreaterThanOrEqual(2);
      expect(p.tags.length).toBeLessThanOrEqual(4);
      expect(new Set(p.tags).size).toBe(p.tags.length);
      expect(p.additionalInformation.length).toBeGreaterThanOrEqual(2);
      expect(p.additionalInformation.length).toBeLessThanOrEqual(5);
      for (const { key, value } of p.additionalInformation) {
        expect(key.trim().length).toBeGreaterThan(0);
        expect(value.trim().length).toBeGreaterThan(0);
      }
      expect(p.unit.trim().length).toBeGreaterThan(0);
      expect(p.title.trim()).toBe(p.title);
    }
  });

  it("has varied creation days between 1 and 120", () => {
    for (const p of seedProducts) {
      expect(Number.isInteger(p.createdDaysAgo)).toBe(true);
      expect(p.createdDaysAgo).toBeGreaterThanOrEqual(1);
      expect(p.createdDaysAgo).toBeLessThanOrEqual(120);
    }
    expect(new Set(seedProducts.map((p) => p.createdDaysAgo)).size).toBeGreaterThanOrEqual(30);
  });

  it("has 0–5 reviews per product from example.com, written after the product was added", () => {
    for (const p of seedProducts) {
      expect(p.reviews.length).toBeLessThanOrEqual(5);
      for (const r of p.reviews) {
        expect([1, 2, 3, 4, 5]).toContain(r.rating);
        expect(r.email).toMatch(/^[a-z0-9.]+@example\.com$/);
        expect(r.name.trim().length).toBeGreaterThan(0);
        expect(r.text.trim().length).toBeGreaterThan(0);
        expect(Number.isInteger(r.daysAgo) && r.daysAgo >= 0).toBe(true);
        expect(r.daysAgo, `${p.sku} review`).toBeLessThan(p.createdDaysAgo);
      }
    }
    expect(seedProducts.filter((p) => p.reviews.length > 0).length).toBeGreaterThanOrEqual(30);
    const ratings = new Set(seedProducts.flatMap((p) => p.reviews.map((r) => r.rating)));
    expect(ratings).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});

describe("seedBanners", () => {
  it("has 3 hero slides, one middle, one bottom, one sidebar banner and the other homes' slides, one inactive", () => {
    const count = (position: string) => seedBanners.filter((b) => b.position === position).length;
    expect(seedBanners).toHaveLength(10);
    expect(count("home-hero")).toBe(3);
    expect(count("home-2-hero")).toBe(1);
    expect(count("home-3-hero")).toBe(1);
    expect(count("home-4-hero")).toBe(2);
    expect(count("home-middle")).toBe(1);
    expect(count("home-bottom")).toBe(1);
    expect(count("shop-sidebar")).toBe(1);
    expect(seedBanners.filter((b) => !b.active)).toHaveLength(1);
    for (const b of seedBanners) {
      expect(isHexColor(b.color)).toBe(true);
      expect(b.link.startsWith("/")).toBe(true);
      expect(b.title.length).toBeGreaterThan(0);
      expect(b.subtitle.length).toBeGreaterThan(0);
    }
  });
});

describe("seedBlogPosts", () => {
  it("has 6 posts with unique slugs from the titles and several paragraphs each", () => {
    expect(seedBlogPosts).toHaveLength(6);
    expect(new Set(seedBlogPosts.map((b) => b.slug)).size).toBe(6);
    for (const post of seedBlogPosts) {
      expect(post.slug).toBe(slugify(post.title));
      expect(post.body.split("\n\n").length).toBeGreaterThanOrEqual(3);
      expect(post.excerpt.length).toBeGreaterThan(20);
      expect(post.tags.length).toBeGreaterThan(0);
      expect(isHexColor(post.color)).toBe(true);
      expect(post.publishedDaysAgo).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("seedRateHistory", () => {
  it("gives deterministic 4-decimal rates between 58.5 and 60.5 that change smoothly", () => {
    const rates = Array.from({ length: 30 }, (_, i) => seedRateHistory(i));
    expect(Array.from({ length: 30 }, (_, i) => seedRateHistory(i))).toEqual(rates);
    for (const r of rates) {
      expect(r).toMatch(/^\d+\.\d{4}$/);
      expect(Number(r)).toBeGreaterThanOrEqual(58.5);
      expect(Number(r)).toBeLessThanOrEqual(60.5);
    }
    for (let i = 1; i < rates.length; i++) {
      expect(Math.abs(Number(rates[i]) - Number(rates[i - 1]))).toBeLessThan(0.3);
    }
    expect(new Set(rates).size).toBeGreaterThan(20);
  });

  it("rejects negative and fractional day indexes", () => {
    expect(() => seedRateHistory(-1)).toThrow(RangeError);
    expect(() => seedRateHistory(1.5)).toThrow(RangeError);
  });
});

describe("isHexColor", () => {
  it("accepts #RRGGBB only", () => {
    expect(isHexColor("#1a2B3c")).toBe(true);
    expect(isHexColor("#FFF")).toBe(false);
    expect(isHexColor("1A2B3C")).toBe(false);
    expect(isHexColor("#1A2B3G")).toBe(false);
    expect(isHexColor("#1A2B3C ")).toBe(false);
  });
});

describe("the SVG checks used here", () => {
  it("reject malformed or unsafe markup", () => {
    expect(() => expectWellFormedSvg('<svg viewBox="0 0 1 1"><g></svg>')).toThrow();
    expect(() => expectWellFormedSvg("<svg><text>a & b</text></svg>")).toThrow();
    expect(() => expectWellFormedSvg("<svg><rect x=1/></svg>")).toThrow();
    expect(() => expectSafeSvg("<svg><script>alert(1)</script></svg>")).toThrow();
    expect(() => expectSafeSvg('<svg><image href="https://example.com/x.png"/></svg>')).toThrow();
    expect(() => expectWellFormedSvg('<svg viewBox="0 0 1 1"><g><rect/></g></svg>')).not.toThrow();
  });
});

describe("productSvg", () => {
  const colours = ["#2F6FB0", "#F5F5F2", "#1C1C1E", "#D4AF37", "#ffffff", "#000000"];

  it("draws every kind as a well-formed, self-contained 600×600 SVG in the given colour", () => {
    for (const kind of ILLUSTRATION_KINDS) {
      for (const colour of colours) {
        const svg = productSvg(kind, colour);
        expectWellFormedSvg(svg);
        expectSafeSvg(svg);
        expect(svg).toContain('viewBox="0 0 600 600"');
        expect(svg).toContain(colour);
      }
    }
  });

  it("draws each colour of every seed product", () => {
    for (const p of seedProducts) {
      for (const c of p.colors) {
        const svg = productSvg(p.kind, c.clrCode, p.title);
        expectWellFormedSvg(svg);
        expect(svg).toContain(c.clrCode);
      }
    }
  });

  it("is deterministic, and differs between kinds", () => {
    expect(productSvg("ring", "#D4AF37", "Ring")).toBe(productSvg("ring", "#D4AF37", "Ring"));
    expect(productSvg("ring", "#D4AF37")).not.toBe(productSvg("watch", "#D4AF37"));
  });

  it("escapes the label", () => {
    const svg = productSvg("perfume", "#6E3A6B", `Cedar & Salt "<b>bold</b>" l'eau`);
    expectWellFormedSvg(svg);
    expect(svg).toContain("Cedar &amp; Salt &quot;&lt;b&gt;bold&lt;/b&gt;&quot; l&apos;eau");
    expect(svg).not.toContain("<b>");
  });

  it("rejects a colour that is not #RRGGBB", () => {
    expect(() => productSvg("ring", "red")).toThrow(TypeError);
    expect(() => productSvg("ring", '#fff" onload="x')).toThrow(TypeError);
  });
});

describe("bannerSvg and blogSvg", () => {
  it("draws banner pictures without words, which the storefront writes over them as text", () => {
    const svg = bannerSvg("#2F6FB0", "Deals <&> more");
    expectWellFormedSvg(svg);
    expectSafeSvg(svg);
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain("Deals");
    expect(svg).toContain('viewBox="0 0 1600 600"');
    expect(svg).toContain('aria-hidden="true"');
  });

  it("renders every seed banner and blog cover", () => {
    for (const b of seedBanners) {
      const svg = bannerSvg(b.color, b.title);
      expectWellFormedSvg(svg);
      expectSafeSvg(svg);
      expect(svg).toContain(b.color);
    }
    for (const post of seedBlogPosts) {
      const svg = blogSvg(post.title, post.color);
      expectWellFormedSvg(svg);
      expectSafeSvg(svg);
      expect(svg).toContain('viewBox="0 0 1200 630"');
    }
  });

  it("wraps long titles onto at most three blog lines", () => {
    const long = "An extremely long promotional headline that keeps going well past any sensible length";
    const blog = blogSvg(`${long} ${long}`, "#1F3A5F");
    expect(blog.match(/font-size="58"/g)?.length).toBe(3);
    expect(blog).toContain("…");
    expectWellFormedSvg(blog);
  });

  it("escapes the blog title", () => {
    const svg = blogSvg("Tips & <tricks>", "#6E3A6B");
    expect(svg).toContain("Tips &amp; &lt;tricks&gt;");
    expectWellFormedSvg(svg);
  });
});
