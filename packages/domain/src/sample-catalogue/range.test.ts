// The seeded shop as a merchant would set it up: every category and subcategory stocked, enough products in each
// category to page through on a desk, the range shaped like the 40 products the storefront ships for offline use.
import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "../constants.ts";
import { seedBrands, seedCategories, seedProducts } from "./data.ts";
import { isHexColor } from "./illustrations.ts";
import { seededProducts, seedRangeProducts } from "./range.ts";

const PRICE_RANGES = {
  electronics: [19, 1299],
  fashion: [15, 180],
  beauty: [8, 120],
  jewelry: [35, 2500],
} as const;

describe("the seeded catalogue", () => {
  it("keeps the storefront's offline sample at the spec's ~40 products and seeds the range beside them", () => {
    expect(seedProducts).toHaveLength(40);
    expect(seededProducts).toEqual([...seedProducts, ...seedRangeProducts]);
  });

  it("gives every category more than a desk's page of products (two pages at least), and every subcategory some", () => {
    for (const category of seedCategories) {
      const products = seededProducts.filter((p) => p.parent === category.name);
      expect(products.length, category.name).toBeGreaterThan(DEFAULT_PAGE_SIZE);
      for (const sub of category.children) {
        expect(
          products.filter((p) => p.children === sub).length,
          `${category.name} / ${sub}`,
        ).toBeGreaterThan(0);
      }
    }
  });

  it("has unique SKUs, titles and slugs across the whole catalogue", () => {
    for (const key of ["sku", "title", "slug"] as const) {
      const values = seededProducts.map((p) => p[key]);
      expect(values.length - new Set(values).size, key).toBe(0);
    }
  });

  it("shapes the range like the 40: known category, subcategory and brand, prices, colours, sizes, copy", () => {
    const brands = new Set(seedBrands.map((b) => b.name));
    for (const p of seedRangeProducts) {
      const category = seedCategories.find((c) => c.name === p.parent);
      expect(category?.productType, p.sku).toBe(p.productType);
      expect(category?.children, p.sku).toContain(p.children);
      expect(brands.has(p.brand), `${p.sku} ${p.brand}`).toBe(true);
      const [min, max] = PRICE_RANGES[p.productType];
      expect(Number(p.price), p.sku).toBeGreaterThanOrEqual(min);
      expect(Number(p.price), p.sku).toBeLessThanOrEqual(max);
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(p.discount === 0 || (p.discount >= 5 && p.discount <= 40), p.sku).toBe(true);
      expect(p.quantity, p.sku).toBeGreaterThan(0);
      expect(p.colors.length, p.sku).toBeGreaterThanOrEqual(1);
      expect(p.colors.length, p.sku).toBeLessThanOrEqual(4);
      expect(new Set(p.colors.map((c) => c.name)).size, p.sku).toBe(p.colors.length);
      for (const c of p.colors) expect(isHexColor(c.clrCode), `${p.sku} ${c.clrCode}`).toBe(true);
      // Sizes where a real product has them: clothes and shoes always, rings too.
      if (p.productType === "fashion" && p.parent !== "Bags")
        expect(p.sizes.length, p.sku).toBeGreaterThanOrEqual(3);
      if (p.parent === "Rings") expect(p.sizes.length, p.sku).toBeGreaterThanOrEqual(3);
      expect(p.description.length, p.sku).toBeGreaterThan(100);
      expect(p.additionalInformation.length, p.sku).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps the 40's place at the top: the range is older (new arrivals unchanged), never featured, no offers", () => {
    const oldest40 = Math.max(...seedProducts.map((p) => p.createdDaysAgo));
    for (const p of seedRangeProducts) {
      expect(p.createdDaysAgo, p.sku).toBeGreaterThan(oldest40);
      expect(p.featured, p.sku).toBe(false);
      expect(p.offer, p.sku).toBeNull();
    }
  });
});
