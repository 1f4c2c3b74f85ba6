// The catalogue calls against the real API and its seeded sample shop (224 products, 16 categories, 13 brands).
import { seededProducts } from "@shop/domain/sample-catalogue/range";
import type { Product } from "@shop/domain/schemas/public";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { ApiError } from "../errors.ts";
import { DEMO, freshShopper, type TestClient, testClient } from "../test/helpers.ts";

/** How many seeded products pass a test. */
const seeded = (test: (p: (typeof seededProducts)[number]) => boolean) => seededProducts.filter(test).length;

const salePrice = (p: Product) => Math.round(p.price * (100 - p.discount)) / 100;

describe("products", () => {
  const t = testClient();
  const { client } = t;

  it("lists a page and reads its numbers from the X-Total-Count headers", async () => {
    const page = await client.products.list({ page: 2, pageSize: 5 });
    expect(page.totalCount).toBe(seededProducts.length);
    expect(page.totalPages).toBe(Math.ceil(seededProducts.length / 5));
    expect(page.currentPage).toBe(2);
    expect(page.pageSize).toBe(5);
    expect(page.items).toHaveLength(5);
    const first = await client.products.list({ page: 1, pageSize: 5 });
    // Page 2 holds other products than page 1.
    expect(page.items.map((p) => p.id)).not.toContain(first.items[0]!.id);
    const url = new URL(t.requests.at(-2)!.url);
    expect(url.pathname).toMatch(/\/api\/product$/);
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.get("pageSize")).toBe("5");
  });

  it("filters by product type, category, brand, price and search text", async () => {
    const beauty = await client.products.list({ productType: "beauty", pageSize: 100 });
    expect(beauty.totalCount).toBe(seeded((p) => p.productType === "beauty"));
    expect(new Set(beauty.items.map((p) => p.productType))).toEqual(new Set(["beauty"]));

    // Names are sent as the spec's slugs: lowercase, ampersand removed.
    const audio = await client.products.list({ category: "Headphones & Audio" });
    expect(audio.totalCount).toBe(seeded((p) => p.parent === "Headphones & Audio"));
    expect(audio.totalCount).toBeGreaterThan(12);
    expect(audio.items.every((p) => p.parent === "Headphones & Audio")).toBe(true);

    const kelvane = await client.products.list({ brand: "Kelvane", pageSize: 100 });
    expect(kelvane.totalCount).toBe(seeded((p) => p.brand === "Kelvane"));
    expect(kelvane.items.every((p) => p.brand.name === "Kelvane")).toBe(true);

    const midRange = await client.products.list({ minPrice: 100, maxPrice: 200, pageSize: 100 });
    expect(midRange.totalCount).toBeGreaterThan(0);
    for (const p of midRange.items) {
      expect(salePrice(p)).toBeGreaterThanOrEqual(100);
      expect(salePrice(p)).toBeLessThanOrEqual(200);
    }

    const serums = await client.products.list({ searchText: "serum" });
    expect(serums.items.map((p) => p.slug).sort()).toEqual(
      seededProducts
        .filter((p) => /serum/i.test(p.title))
        .map((p) => p.slug)
        .sort(),
    );
    expect(serums.items.map((p) => p.slug)).toContain("vitamin-c-brightening-serum");

    const featured = await client.products.list({ featured: true, pageSize: 100 });
    expect(featured.totalCount).toBe(12);
    expect(featured.items.every((p) => p.featured)).toBe(true);
  });

  it("sorts low to high by the discounted price", async () => {
    const page = await client.products.list({ sort: "low-to-high", pageSize: 10 });
    const prices = page.items.map(salePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(8.5);
  });

  it("searches with a query", async () => {
    const page = await client.products.search("wireless headphones");
    expect(page.items.map((p) => p.slug)).toContain("aurora-anc-wireless-headphones");
    expect(page.totalCount).toBe(page.items.length);
    const narrowed = await client.products.search("serum", { maxPrice: 25.9 });
    expect(narrowed.items.map((p) => p.slug)).toEqual(["vitamin-c-brightening-serum"]);
  });

  it("gives the featured products", async () => {
    const featured = await client.products.featured();
    expect(featured).toHaveLength(12);
    expect(featured.every((p) => p.featured)).toBe(true);
  });

  it("gives the facets under the current filters", async () => {
    const facets = await client.products.facets({ productType: "beauty" });
    const beauty = seededProducts.filter((p) => p.productType === "beauty");
    const sale = (p: (typeof beauty)[number]) => Math.round(Number(p.price) * (100 - p.discount)) / 100;
    expect(facets.price).toEqual({ min: 0, max: Math.max(...beauty.map(sale)) });
    const counted = facets.categories.filter((c) => c.count > 0).map((c) => [c.slug, c.count]);
    expect(counted).toEqual([
      ["fragrance", seeded((p) => p.parent === "Fragrance")],
      ["makeup", seeded((p) => p.parent === "Makeup")],
      ["skincare", seeded((p) => p.parent === "Skincare")],
    ]);
    // Each facet ignores its own filter: every product type still shows all of its products.
    expect(facets.productTypes.map((f) => f.count)).toEqual(
      (["electronics", "fashion", "beauty", "jewelry"] as const).map((type) =>
        seeded((p) => p.productType === type),
      ),
    );
    const searched = await client.products.facets({}, "serum");
    expect(searched.categories.find((c) => c.slug === "skincare")?.count).toBe(
      seeded((p) => p.parent === "Skincare" && /serum/i.test(p.title)),
    );
  });

  it("gets one product by id and by slug, with its reviews", async () => {
    const bySlug = await client.products.get("stride-fit-smartwatch");
    expect(bySlug.title).toBe("Stride Fit Smartwatch");
    expect(bySlug.reviews).toHaveLength(bySlug.reviewCount);
    const byId = await client.products.get(bySlug.id);
    expect(byId.slug).toBe("stride-fit-smartwatch");
  });

  it("answers an unknown product with the generic API error", async () => {
    const error = await client.products.get("no-such-product").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe("API Error: 404 - Product not found");
    expect((error as ApiError).body).toMatchObject({ statusCode: 404, message: "Product not found" });
  });
});

describe("search suggestions and did-you-mean", () => {
  const t = testClient();
  const { client } = t;

  it("suggests products and categories for a word being typed, forgiving a typo", async () => {
    const answer = await client.products.suggestions("hedphon");
    expect(answer.query).toBe("hedphon");
    expect(answer.products[0]?.title).toMatch(/headphones/i);
    expect(answer.products.length).toBeLessThanOrEqual(6);
    expect(answer.categories[0]?.slug).toBe("headphones-audio");
    const url = new URL(t.requests.at(-1)!.url);
    expect(url.pathname).toMatch(/\/api\/product\/search\/suggestions$/);
    expect(url.searchParams.get("query")).toBe("hedphon");
  });

  it("cancels a suggestion request through its signal: it rejects as fetch does, not as a network failure", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await client.products.suggestions("ring", controller.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it("answers the closest query that finds products, or null", async () => {
    expect(await client.products.didYouMean("lipstik")).toEqual({ query: "lipstik", suggestion: "lipstick" });
    expect(await client.products.didYouMean("headphones")).toEqual({ query: "headphones", suggestion: null });
  });
});

describe("reviews", () => {
  let t: TestClient;
  beforeAll(async () => {
    t = testClient();
    await freshShopper(t, "Reviewer");
  });

  it("lists a product's approved reviews", async () => {
    const product = await t.client.products.get("stride-fit-smartwatch");
    const reviews = await t.client.reviews.list(product.id, { pageSize: 2 });
    expect(reviews.totalCount).toBe(product.reviewCount);
    expect(reviews.pageSize).toBe(2);
    expect(reviews.totalPages).toBe(Math.ceil(product.reviewCount / 2));
    expect(reviews.items.every((r) => r.productId === product.id && r.status === "approved")).toBe(true);
  });

  it("posts a review of a product delivered to the shopper, which waits for approval", async () => {
    const product = await t.client.products.get("velvet-matte-lipstick");
    const notYet = await t.client.reviews
      .add(product.id, { rating: 4, review: "Before it came." })
      .catch((e) => e);
    expect((notYet as ApiError).status).toBe(403);
    // The shop takes reviews of what arrived: an order of it, moved to delivered by staff.
    const shipping = (await t.client.shipping.list()).items[0]!;
    const order = await t.client.orders.place({
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
      shippingAddress: { streetAddress: "Calle Padre Billini 8", country: "DO" },
      shippingMethodId: shipping.id,
      currency: "USD",
      paymentMethod: "cash_on_delivery",
      phone: "8095550106",
    });
    const staff = testClient();
    await staff.client.auth.login(DEMO.admin);
    for (const status of ["processing", "shipped", "delivered"]) {
      const moved = await fetch(`${inject("apiBaseUrl")}/orders/${order.id}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${staff.store.getToken()}`, "content-type": "application/json" },
        body: JSON.stringify(
          status === "shipped" ? { status, carrier: "DHL", trackingNumber: "JD014600006" } : { status },
        ),
      });
      expect(moved.status).toBe(200);
    }
    const review = await t.client.reviews.add(product.id, { rating: 4, review: "Lasts all day." });
    expect(review).toMatchObject({
      productId: product.id,
      rating: 4,
      review: "Lasts all day.",
      status: "pending",
      name: "Reviewer T.",
      message: "Thank you! Your review will appear once it has been approved.",
    });
    const again = await t.client.reviews.add(product.id, { rating: 5, review: "Second try" }).catch((e) => e);
    expect(again).toBeInstanceOf(ApiError);
    expect((again as ApiError).status).toBe(409);
  });
});

describe("categories and brands", () => {
  const { client } = testClient();

  it("lists categories and filters them by product type", async () => {
    const all = await client.categories.list();
    expect(all.totalCount).toBe(16);
    expect(all.items).toHaveLength(16);
    const beauty = await client.categories.list({ productType: "beauty" });
    expect(beauty.items.map((c) => c.slug)).toEqual(["fragrance", "makeup", "skincare"]);
  });

  it("gets a category by slug and by id", async () => {
    const skincare = await client.categories.get("skincare");
    expect(skincare).toMatchObject({
      name: "Skincare",
      productType: "beauty",
      productCount: seeded((p) => p.parent === "Skincare"),
    });
    expect((await client.categories.get(skincare.id)).slug).toBe("skincare");
  });

  it("lists brands and gets one", async () => {
    const brands = await client.brands.list({ pageSize: 5 });
    expect(brands.totalCount).toBe(13);
    expect(brands.totalPages).toBe(3);
    expect(brands.items).toHaveLength(5);
    const kelvane = await client.brands.get("kelvane");
    expect(kelvane).toMatchObject({ name: "Kelvane", productCount: seeded((p) => p.brand === "Kelvane") });
    expect((await client.brands.get(kelvane.id)).slug).toBe("kelvane");
  });
});

describe("banners, blog, contact and health", () => {
  const { client } = testClient();

  it("lists the active banners of a position and gets one", async () => {
    const hero = await client.banners.list({ active: true, position: "home-hero" });
    expect(hero.items.map((b) => b.title).sort()).toEqual(["Hear Every Detail", "The Summer Linen Edit"]);
    expect(hero.items.every((b) => b.active && b.position === "home-hero")).toBe(true);
    // A shopper gets only the banners showing now: the inactive hero slide is not among them.
    const all = await client.banners.list();
    expect(all.totalCount).toBe(9);
    expect(all.items.every((b) => b.active)).toBe(true);
    const one = await client.banners.get(hero.items[0]!.id);
    expect(one).toEqual(hero.items[0]);
  });

  it("lists blog posts with paging and filters, and gets one by slug", async () => {
    const page = await client.blog.list({ pageSize: 4 });
    expect(page).toMatchObject({ totalCount: 6, totalPages: 2, currentPage: 1, pageSize: 4 });
    expect(page.items).toHaveLength(4);
    const beauty = await client.blog.list({ category: "Beauty" });
    expect(beauty.items.map((p) => p.slug).sort()).toEqual([
      "a-simple-skincare-routine-for-hot-humid-days",
      "finding-your-signature-scent",
    ]);
    const post = await client.blog.get("finding-your-signature-scent");
    expect(post.category).toBe("Beauty");
    expect(post.tags).toEqual(["fragrance", "perfume", "guide"]);
  });

  it("sends a contact message", async () => {
    const answer = await client.contact.send({
      name: "Ana Pérez",
      email: "ana@example.com",
      subject: "Sizes",
      message: "Do the sneakers run small?",
    });
    expect(answer).toEqual({ success: true, message: "Thank you! We will get back to you soon." });
  });

  it("checks health with HEAD", async () => {
    const t = testClient();
    expect(await t.client.health()).toBe(true);
    expect(t.requests.map((r) => [r.method, r.path])).toEqual([["HEAD", "/health"]]);
  });
});
