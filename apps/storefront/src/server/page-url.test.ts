// The URL a drawn page is kept under: the parameters pages read, a product page's variant among them.
import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-server.ts";

describe("pageUrl", () => {
  it("keeps a product page's variant, so the drawn page shows the variant the link names", () => {
    expect(pageUrl("/product-details/tempo?size=42&color=coral")).toBe(
      "/product-details/tempo?color=coral&size=42",
    );
    expect(pageUrl("/product-details/ring?talla=7&metal=rose-gold")).toBe("/product-details/ring?talla=7");
    expect(pageUrl("/product-details/tempo?sku=TEMPO-CORAL-42")).toBe(
      "/product-details/tempo?sku=TEMPO-CORAL-42",
    );
    expect(pageUrl("/product-details-swatches?color=navy")).toBe("/product-details-swatches?color=navy");
  });

  it("drops campaign tags and unknown parameters everywhere, and variant names on pages that choose no variant", () => {
    expect(pageUrl("/product-details/tempo?color=coral&utm_source=mail&fbclid=x&gclid=y&whatever=1")).toBe(
      "/product-details/tempo?color=coral",
    );
    expect(pageUrl("/about?metal=gold&talla=7")).toBe("/about");
    // size and color are also the listing's filters, so the shop keeps them.
    expect(pageUrl("/shop?color=coral&metal=gold")).toBe("/shop?color=coral");
  });
});
