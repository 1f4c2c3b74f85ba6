// What search engines and link previews read: head tags, canonical links, JSON-LD, the sitemap and robots.txt.

import { createTestShop, login, type TestShop } from "@shop/api/test/app";
import { RECENT_POSTS } from "@shop/domain/constants";
import type { BlogPost, Category, Product } from "@shop/domain/schemas/public";
import { SITEMAP_PAGES, sitemapTuning } from "@shop/storefront/page-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mountWebBuilds, type WebBuilds, writeWebBuilds } from "./test/web-builds.ts";

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const ORIGIN = "http://localhost:3000";

let builds: WebBuilds;
let shop: TestShop;
let admin: Awaited<ReturnType<typeof login>>;

const get = (url: string, host = "localhost:3000") =>
  shop.app.inject({ method: "GET", url, headers: { host, "user-agent": CHROME } });

async function api<T>(url: string): Promise<T> {
  const res = await get(`/api${url}`);
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
}

/** The content of <meta name|property=key>, every one in order. */
function metas(html: string, key: string): string[] {
  const pattern = new RegExp(
    `<meta (?:name|property)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)" />`,
    "g",
  );
  return [...html.matchAll(pattern)].map((m) => m[1]!);
}
const meta = (html: string, key: string) => metas(html, key)[0];
const canonical = (html: string) => {
  const href = /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
  return href === undefined ? undefined : htmlText(href);
};
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const htmlText = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

beforeAll(async () => {
  builds = writeWebBuilds();
  shop = await createTestShop({ mount: mountWebBuilds(builds) });
  admin = await login(shop.app, "admin");
});
afterAll(async () => {
  await shop?.close();
  builds?.remove();
});

describe("head tags", () => {
  it("home: the shop's title, one description, canonical, Open Graph and the WebSite JSON-LD", async () => {
    const html = (await get("/")).body;
    expect(title(html)).toBe("The shop: electronics, fashion, beauty and jewelry");
    expect(metas(html, "description")).toHaveLength(1);
    expect(meta(html, "description")).toMatch(/Electronics, fashion, beauty and jewelry/);
    expect(html).not.toContain("Built-in description the server replaces");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(canonical(html)).toBe(`${ORIGIN}/`);
    expect(meta(html, "og:type")).toBe("website");
    expect(meta(html, "og:url")).toBe(`${ORIGIN}/`);
    expect(meta(html, "og:title")).toBe(title(html));
    const [site] = jsonLd(html);
    expect(site).toMatchObject({ "@type": "WebSite", url: `${ORIGIN}/` });
    // The first active hero banner is the page's largest image: fetched early, and the link preview's picture.
    const [hero] = await api<{ img: string }[]>("/banners?active=true&position=home-hero");
    expect(hero).toBeDefined();
    expect(meta(html, "og:image")).toBe(`${ORIGIN}${hero!.img}`);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${ORIGIN}${hero!.img}" fetchpriority="high" />`,
    );
  });

  it("a product: title, description, canonical by id (also when reached by slug), image preload and Product JSON-LD", async () => {
    const listed = await api<Product[]>("/product?pageSize=100");
    const reviewed = listed.find((p) => p.reviewCount > 0 && p.brand.name && p.imageURLs.length > 0)!;
    expect(reviewed).toBeDefined();
    const product = await api<Product>(`/product/${reviewed.id}`);
    const rate = await api<{ rate: number }>("/Exchange/rate?from=USD&to=DOP");

    for (const path of [`/product-details/${product.id}`, `/product-details/${product.slug}`]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      const html = res.body;
      const url = `${ORIGIN}/product-details/${product.id}`;
      expect(htmlText(title(html)!)).toBe(`${product.title} | The shop`);
      expect(canonical(html)).toBe(url);
      expect(meta(html, "og:type")).toBe("product");
      expect(meta(html, "og:image")).toBe(`${ORIGIN}${product.img}`);
      expect(html).toContain(
        `<link rel="preload" as="image" href="${ORIGIN}${product.img}" fetchpriority="high" />`,
      );
      const description = htmlText(meta(html, "description")!);
      expect(description.length).toBeGreaterThan(10);
      expect(product.description.replace(/\s+/g, " ")).toContain(description.replace(/…$/, ""));

      const [data] = jsonLd(html);
      const salePrice = Math.round(product.price * (100 - product.discount)) / 100;
      expect(data).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        sku: product.sku,
        brand: { "@type": "Brand", name: product.brand.name },
        url,
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: product.rating,
          reviewCount: product.reviewCount,
        },
      });
      expect(data!.image).toContain(`${ORIGIN}${product.imageURLs[0]!.img}`);
      const offers = data!.offers as { priceCurrency: string; price: string; availability: string }[];
      const usd = offers.find((o) => o.priceCurrency === "USD")!;
      const dop = offers.find((o) => o.priceCurrency === "DOP")!;
      expect(Number(usd.price)).toBeCloseTo(salePrice, 2);
      expect(Number(dop.price)).toBeCloseTo(salePrice * rate.rate, 0);
      expect(usd.price).toMatch(/^\d+\.\d{2}$/);
      expect(usd.availability).toBe(
        product.quantity > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      );
    }
  });

  it("a product's description is cut to about 160 characters at a word", async () => {
    const listed = await api<Product[]>("/product?pageSize=100");
    const long = listed.find((p) => p.description.length > 200)!;
    expect(long).toBeDefined();
    const html = (await get(`/product-details/${long.id}`)).body;
    const description = htmlText(meta(html, "description")!);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    expect(long.description.replace(/\s+/g, " ")).toContain(description.slice(0, -1));
  });

  it("a product with uploaded pictures: the preload asks for the AVIF widths and sizes of the gallery's place", async () => {
    const [category] = await api<Category[]>("/categories");
    const name = "5d41402abc4b2a76b9719d911017c592";
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/product",
      headers: admin.headers,
      payload: {
        sku: "SEO-PICTURE-1",
        title: "Photographed lamp",
        categoryId: category!.id,
        price: 10,
        quantity: 2,
        imageURLs: [{ img: `/api/media/${name}.jpg`, alt: "A brass lamp, lit" }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json() as Product;
    const html = (await get(`/product-details/${product.id}`)).body;
    const srcset = [640, 960].map((w) => `/api/media/${name}/${w}.avif ${w}w`).join(", ");
    const preload = /<link rel="preload" as="image" [^>]*>/.exec(html)?.[0];
    expect(preload).toBe(
      `<link rel="preload" as="image" href="${ORIGIN}/api/media/${name}/960.jpg" imagesrcset="${srcset}" imagesizes="(min-width: 1200px) 580px, (min-width: 900px) 50vw, 100vw" type="image/avif" fetchpriority="high" />`,
    );
  });

  it("an out-of-stock product says so, and a product without reviews has no rating", async () => {
    const [category] = await api<Category[]>("/categories");
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/product",
      headers: admin.headers,
      payload: { sku: "SEO-OOS-1", title: "Sold-out lamp", categoryId: category!.id, price: 10, quantity: 0 },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json() as Product;
    const html = (await get(`/product-details/${product.id}`)).body;
    const [data] = jsonLd(html);
    const offers = data!.offers as { availability: string }[];
    expect(offers.map((o) => o.availability)).toEqual([
      "https://schema.org/OutOfStock",
      "https://schema.org/OutOfStock",
    ]);
    expect(data).not.toHaveProperty("aggregateRating");
    expect(meta(html, "product:availability")).toBe("out of stock");
  });

  it("escapes every user-written string: no </script> or markup from a title can leave its place", async () => {
    const hostile = `Lamp </script><script>alert("x")</script> <!-- & \u2028 "quotes" 'too'`;
    const [category] = await api<Category[]>("/categories");
    const created = await shop.app.inject({
      method: "POST",
      url: "/api/product",
      headers: admin.headers,
      payload: {
        sku: "SEO-XSS-1",
        title: hostile,
        description: `Bright ${hostile}`,
        categoryId: category!.id,
        price: 12.5,
        quantity: 3,
      },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json() as Product;
    const html = (await get(`/product-details/${product.id}`)).body;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<!-- &");
    // One JSON-LD block, and it closes where it should: the parsed name is the title, intact.
    const blocks = jsonLd(html);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.name).toBe(hostile);
    expect(title(html)).toBe(
      "Lamp &lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;!-- &amp; \u2028 &quot;quotes&quot; &#39;too&#39; | The shop",
    );
    expect(htmlText(meta(html, "og:title")!)).toBe(`${hostile} | The shop`);

    const post = await shop.app.inject({
      method: "POST",
      url: "/api/blog",
      headers: admin.headers,
      payload: {
        title: hostile,
        excerpt: hostile,
        body: "Body",
        author: `</script>${hostile}`,
        category: "News",
      },
    });
    expect(post.statusCode).toBe(201);
    const postHtml = (await get(`/blog-details/${(post.json() as BlogPost).id}`)).body;
    expect(postHtml).not.toContain("<script>alert");
    const [posting] = jsonLd(postHtml);
    expect(posting).toMatchObject({
      "@type": "BlogPosting",
      headline: hostile,
      author: { name: `</script>${hostile}` },
    });
  });

  it("a blog post: its title, excerpt, canonical, article tags and BlogPosting JSON-LD", async () => {
    const [post] = await api<BlogPost[]>("/blog?pageSize=1");
    const html = (await get(`/blog-details/${post!.slug}`)).body;
    expect(htmlText(title(html)!)).toBe(`${post!.title} | The shop`);
    expect(canonical(html)).toBe(`${ORIGIN}/blog-details/${post!.id}`);
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "article:published_time")).toBe(post!.publishedAt);
    expect(jsonLd(html)[0]).toMatchObject({
      "@type": "BlogPosting",
      headline: post!.title,
      datePublished: post!.publishedAt,
    });
  });

  it("a sample page shows one product or post: its head is that page's, its canonical the real page's", async () => {
    const featured = await api<Product[]>("/product/featured");
    const shown = featured.find((p) => p.videoId !== null) ?? featured[0]!;
    const video = (await get("/product-details-video")).body;
    expect(htmlText(title(video)!)).toBe(`${shown.title} | The shop`);
    expect(canonical(video)).toBe(`${ORIGIN}/product-details/${shown.id}`);
    expect(jsonLd(video)[0]).toMatchObject({ "@type": "Product", name: shown.title });

    // The second design shows the second newest post, the first the newest.
    const [newest, second] = await api<BlogPost[]>(`/blog?page=1&pageSize=${RECENT_POSTS}`);
    for (const [path, post] of [
      ["/blog-details", newest!],
      ["/blog-details-2", second!],
    ] as const) {
      const html = (await get(path)).body;
      expect(htmlText(title(html)!), path).toBe(`${post.title} | The shop`);
      expect(canonical(html), path).toBe(`${ORIGIN}/blog-details/${post.id}`);
    }
  });

  it("the pages of the shop's own words: a title and description per page, the same on its other layouts", async () => {
    expect(title((await get("/about")).body)).toBe("About us | The shop");
    expect(htmlText(title((await get("/home-4")).body)!)).toBe("Beauty & Jewelry | The shop");
    expect(title((await get("/cart")).body)).toBe("Cart | The shop");
    expect(title((await get("/register")).body)).toBe("Create an account | The shop");
    expect(title((await get("/shop-categories")).body)).toBe("Shop by category | The shop");
    expect(htmlText(title((await get("/search?searchText=lamp")).body)!)).toBe(
      "Search results for “lamp” | The shop",
    );
    const blog = (await get("/blog")).body;
    const grid = (await get("/blog-grid")).body;
    expect([title(grid), meta(grid, "description"), canonical(grid)]).toEqual([
      title(blog),
      meta(blog, "description"),
      `${ORIGIN}/blog`,
    ]);
  });

  it("the shop's listing: the canonical keeps category, subcategory, brand, type and page, and drops the rest", async () => {
    const categories = await api<Category[]>("/categories?pageSize=100");
    const category = categories.find((c) => c.subcategories.length > 0)!;
    const sub = category.subcategories[0]!;
    const brands = await api<{ slug: string; name: string }[]>("/brands?pageSize=1");
    const brand = brands[0]!;

    const junk = "sort=low-to-high&minPrice=10&maxPrice=abc&utm_source=news&pageSize=48&status=in-stock";
    const html = (
      await get(`/shop?category=${category.slug}&subCategory=${sub.slug}&brand=${brand.slug}&page=2&${junk}`)
    ).body;
    expect(canonical(html)).toBe(
      `${ORIGIN}/shop?category=${category.slug}&subCategory=${sub.slug}&brand=${brand.slug}&page=2`,
    );
    expect(htmlText(title(html)!)).toBe(`${sub.name} by ${brand.name}, page 2 | The shop`);

    // A listing variant shows the same products: its canonical is /shop.
    const variant = (await get(`/shop-right-sidebar?category=${category.slug}&page=1`)).body;
    expect(canonical(variant)).toBe(`${ORIGIN}/shop?category=${category.slug}`);
    expect(htmlText(title(variant)!)).toBe(`${category.name} | The shop`);

    // An unknown category or brand is dropped, as the listing ignores it.
    const unknown = (await get("/shop?category=no-such-category&brand=nobody&productType=fashion")).body;
    expect(canonical(unknown)).toBe(`${ORIGIN}/shop?productType=fashion`);
    expect(title(unknown)).toBe("Fashion | The shop");
    expect(canonical((await get("/shop?sort=high-to-low")).body)).toBe(`${ORIGIN}/shop`);
  });

  it("pages about one shopper, search results and the error page are never indexed", async () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/account",
      "/login",
      "/search?searchText=lamp",
      "/no-such-page",
    ]) {
      const html = (await get(path)).body;
      expect(meta(html, "robots"), path).toBe("noindex");
      expect(canonical(html), path).toBeUndefined();
    }
    expect(meta((await get("/about")).body, "robots")).toBeUndefined();
  });

  it("uses PUBLIC_ORIGIN for canonical links and the sitemap when it is set", async () => {
    const configured = await createTestShop({
      mount: mountWebBuilds(builds, { PUBLIC_ORIGIN: "https://shop.example/" }),
    });
    try {
      const html = (
        await configured.app.inject({
          url: "/about",
          headers: { host: "10.0.0.5:3000", "user-agent": CHROME },
        })
      ).body;
      expect(canonical(html)).toBe("https://shop.example/about");
      const sitemap = (
        await configured.app.inject({ url: "/sitemap.xml", headers: { host: "10.0.0.5:3000" } })
      ).body;
      expect(sitemap).toContain("<loc>https://shop.example/</loc>");
      expect(sitemap).not.toContain("10.0.0.5");
    } finally {
      await configured.close();
    }
  });
});

describe("first-screen data", () => {
  /** The entries of <script type="application/json" id="shop-data">, or null without one. */
  function firstScreen(html: string): { key: unknown[]; data: unknown }[] | null {
    const text = /<script type="application\/json" id="shop-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
    return text === undefined ? null : JSON.parse(text);
  }

  /** What the storefront's API client makes of a list answer: the array and its X-Total-Count family of headers. */
  async function paginated(url: string) {
    const res = await get(`/api${url}`);
    return {
      items: res.json(),
      totalCount: Number(res.headers["x-total-count"]),
      totalPages: Number(res.headers["x-total-pages"]),
      currentPage: Number(res.headers["x-current-page"]),
      pageSize: Number(res.headers["x-page-size"]),
    };
  }

  /** GET /api/Exchange/rate's USD→DOP answer, as every public page carries it. */
  const rate = async () => ({
    key: ["exchange-rate", "USD", "DOP"],
    data: await api("/Exchange/rate?from=USD&to=DOP"),
  });

  it("home: its banners of every place, the featured products and the rate, exactly as the API answers them", async () => {
    const entries = firstScreen((await get("/")).body);
    expect(entries).toEqual([
      { key: ["banners", "home-hero"], data: await paginated("/banners?active=true&position=home-hero") },
      { key: ["banners", "home-middle"], data: await paginated("/banners?active=true&position=home-middle") },
      { key: ["banners", "home-bottom"], data: await paginated("/banners?active=true&position=home-bottom") },
      { key: ["products", "featured"], data: await api("/product/featured") },
      await rate(),
    ]);
  });

  it("a product page: the product with its reviews, keyed by the id or slug of the URL", async () => {
    const [listed] = await api<Product[]>("/product?pageSize=1");
    const product = await api<Product>(`/product/${listed!.id}`);
    for (const key of [product.id, product.slug]) {
      const entries = firstScreen((await get(`/product-details/${key}`)).body);
      expect(entries).toEqual([{ key: ["products", "detail", key], data: product }, await rate()]);
    }
  });

  it("the shop's pages: the listing's page and its facet counts, keyed by the URL's filters, and its first image", async () => {
    const filters = { status: "in-stock", sort: "low-to-high" };
    const query = "status=in-stock&sort=low-to-high";
    for (const path of ["/shop", "/shop-list"]) {
      const html = (await get(`${path}?${query}&page=2`)).body;
      const listing = await paginated(`/product?${query}&page=2`);
      expect(firstScreen(html)).toEqual([
        { key: ["products", "list", { ...filters, page: 2 }], data: listing },
        { key: ["products", "facets", { ...filters, page: 2 }], data: await api(`/product/facets?${query}`) },
        await rate(),
      ]);
      expect(listing.items.length).toBeGreaterThan(0);
      expect(html).toContain(`<link rel="preload" as="image" href="${ORIGIN}${listing.items[0].img}"`);
    }
    // Without a page in the URL the storefront asks for page 1, and the facets have no page.
    expect(
      firstScreen((await get("/shop")).body)
        ?.slice(0, 2)
        .map((entry) => entry.key),
    ).toEqual([
      ["products", "list", { page: 1 }],
      ["products", "facets", {}],
    ]);
    // The URL is read as the storefront reads it: words past the API's ten are left out, as the listing leaves them
    // out of what it asks (the API would refuse them), so the keys are the app's.
    const words = "one two three four five six seven eight nine ten eleven";
    expect((await get(`/api/product?searchText=${encodeURIComponent(words)}`)).statusCode).toBe(400);
    const ten = words.split(" ").slice(0, 10).join(" ");
    expect(
      firstScreen((await get(`/shop?searchText=${encodeURIComponent(words)}`)).body)
        ?.slice(0, 2)
        .map((entry) => entry.key),
    ).toEqual([
      ["products", "list", { searchText: ten, page: 1 }],
      ["products", "facets", { searchText: ten }],
    ]);
  });

  it("search: its results and facets; when nothing matches, Did you mean and the popular products too", async () => {
    const html = (await get("/search?searchText=headphones")).body;
    const results = await paginated("/product/search?searchText=headphones&page=1&query=headphones");
    expect(results.totalCount).toBeGreaterThan(0);
    expect(firstScreen(html)).toEqual([
      { key: ["products", "search", "headphones", { searchText: "headphones", page: 1 }], data: results },
      {
        key: ["products", "facets", { searchText: "headphones" }],
        data: await api("/product/facets?searchText=headphones"),
      },
      await rate(),
    ]);

    // Two words one letter from real ones, never on one product: nothing found, a suggestion offered.
    const words = "headphonez lipstik";
    const query = encodeURIComponent(words);
    const none = await paginated(`/product/search?searchText=${query}&page=1&query=${query}`);
    expect(none.totalCount).toBe(0);
    const didYouMean = await api<{ suggestion: string | null }>(
      `/product/search/did-you-mean?query=${query}`,
    );
    expect(didYouMean.suggestion).not.toBeNull();
    expect(firstScreen((await get(`/search?searchText=${query}`)).body)).toEqual([
      { key: ["products", "search", words, { searchText: words, page: 1 }], data: none },
      {
        key: ["products", "facets", { searchText: words }],
        data: await api(`/product/facets?searchText=${query}`),
      },
      { key: ["products", "did-you-mean", words], data: didYouMean },
      { key: ["products", "featured"], data: await api("/product/featured") },
      await rate(),
    ]);
  });

  it("the alternative homes get their own banners, the product sample pages the product they show, others the rate alone", async () => {
    for (const [path, position] of [
      ["/home-2", "home-2-hero"],
      ["/home-3", "home-3-hero"],
      ["/home-4", "home-4-hero"],
    ]) {
      const banners = await paginated(`/banners?active=true&position=${position}`);
      expect(banners.items.length, position).toBeGreaterThan(0);
      expect(firstScreen((await get(path!)).body)).toEqual([
        { key: ["banners", position], data: banners },
        await rate(),
      ]);
    }
    // A sample page shows one of the featured products, one with what its layout is about (here a video).
    const featured = await api<Product[]>("/product/featured");
    const shown = featured.find((p) => p.videoId !== null) ?? featured[0]!;
    expect(firstScreen((await get("/product-details-video")).body)).toEqual([
      { key: ["products", "featured"], data: featured },
      { key: ["products", "detail", shown.id], data: await api(`/product/${shown.id}`) },
      await rate(),
    ]);
    expect(firstScreen((await get("/about")).body)).toEqual([await rate()]);
    // Pages about one shopper and pages that are not found carry nothing.
    for (const path of ["/cart", "/no-such-page", "/product-details/no-such-product"]) {
      expect(firstScreen((await get(path)).body), path).toBeNull();
    }
  });
});

describe("sitemap and robots.txt", () => {
  afterEach(() => {
    sitemapTuning.maxUrls = 50_000;
  });

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => htmlText(m[1]!));

  async function expectedUrls() {
    const products: Product[] = [];
    for (let page = 1; ; page++) {
      const batch = await api<Product[]>(`/product?pageSize=100&page=${page}`);
      products.push(...batch);
      if (batch.length < 100) break;
    }
    const categories = await api<Category[]>("/categories?pageSize=100");
    const posts = await api<BlogPost[]>("/blog?pageSize=100");
    return { products, categories, posts };
  }

  it("lists every product, category listing and blog post with absolute URLs on the shop's origin, whatever the Host", async () => {
    const res = await get("/sitemap.xml", "evil.example");
    expect(res.body).not.toContain("evil.example");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(res.body);
    const { products, categories, posts } = await expectedUrls();
    for (const p of products) expect(urls).toContain(`${ORIGIN}/product-details/${p.id}`);
    // As the listing's canonical link writes it.
    for (const c of categories)
      expect(urls).toContain(`${ORIGIN}/shop?${new URLSearchParams({ category: c.slug })}`);
    for (const b of posts) expect(urls).toContain(`${ORIGIN}/blog-details/${b.id}`);
    for (const page of ["/", "/shop", "/blog", "/about", "/contact", "/coupons", "/home-2"]) {
      expect(urls).toContain(`${ORIGIN}${page}`);
    }
    // Private pages, search, the error page and layout variants are not listed.
    for (const page of [
      "/cart",
      "/login",
      "/search",
      "/404",
      "/shop-list",
      "/blog-grid",
      "/product-details",
    ]) {
      expect(urls).not.toContain(`${ORIGIN}${page}`);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toHaveLength(products.length + categories.length + posts.length + SITEMAP_PAGES.length);
    // Another host name gets its own origin in every URL.
    expect(locs((await get("/sitemap.xml", "shop.example")).body)[0]).toBe(`${ORIGIN}/`);
  });

  it("becomes an index of numbered files when the URLs do not fit in one, every URL in exactly one file", async () => {
    const whole = locs((await get("/sitemap.xml")).body);
    sitemapTuning.maxUrls = 10;
    const index = await get("/sitemap.xml");
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    expect(files).toContain(`${ORIGIN}/sitemaps/products-1.xml`);
    expect(files).toContain(`${ORIGIN}/sitemaps/pages-1.xml`);
    const seen: string[] = [];
    for (const file of files) {
      const res = await get(file.slice(ORIGIN.length));
      expect(res.statusCode, file).toBe(200);
      const urls = locs(res.body);
      expect(urls.length, file).toBeGreaterThan(0);
      expect(urls.length, file).toBeLessThanOrEqual(10);
      seen.push(...urls);
    }
    expect(seen.sort()).toEqual([...whole].sort());
    expect(
      (await get(`/sitemaps/products-${files.filter((f) => f.includes("products")).length + 1}.xml`))
        .statusCode,
    ).toBe(404);
    expect((await get("/sitemaps/secrets-1.xml")).statusCode).toBe(404);
    expect((await get("/sitemaps/products-0.xml")).statusCode).toBe(404);
  });

  it("robots.txt points to the sitemap, keeps crawlers off the API's JSON and on its pictures", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toContain("Disallow: /api/");
    expect(res.body).toContain("Allow: /api/images/");
  });
});
