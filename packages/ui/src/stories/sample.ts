/** Story data: the shared sample catalogue turned into API-shaped objects, with its pictures inlined (stories only). */
import { slugify } from "@shop/domain/catalogue";
import { FALLBACK_DOP_RATE } from "@shop/domain/constants";
import {
  type SeedProduct,
  seedBanners,
  seedBlogPosts,
  seedCategories,
  seedProducts,
} from "@shop/domain/sample-catalogue";
import {
  bannerSvg,
  blogSvg,
  type IllustrationKind,
  productSvg,
} from "@shop/domain/sample-catalogue/illustrations";
import type { Banner, BlogPost, Category, Product } from "@shop/domain/schemas";

/** The instant every story is drawn at, so countdowns and dates read the same on every run. */
export const STORY_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
export const STORY_RATE = FALLBACK_DOP_RATE;
const DAY = 24 * 60 * 60 * 1000;

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const iso = (ms: number) => new Date(ms).toISOString();

function toProduct(seed: SeedProduct, index: number): Product {
  const imageURLs = seed.colors.map((color) => ({
    img: svgUrl(productSvg(seed.kind, color.clrCode)),
    color,
  }));
  const rating = seed.reviews.length
    ? Math.round((seed.reviews.reduce((sum, r) => sum + r.rating, 0) / seed.reviews.length) * 100) / 100
    : 0;
  const id = `sample-${index + 1}`;
  return {
    id,
    sku: seed.sku,
    img: imageURLs[0]?.img ?? "",
    title: seed.title,
    slug: seed.slug,
    unit: seed.unit,
    imageURLs,
    parent: seed.parent,
    children: seed.children,
    categoryId: slugify(seed.parent),
    brandId: slugify(seed.brand),
    brand: { name: seed.brand },
    category: { name: seed.parent },
    productType: seed.productType,
    tags: seed.tags,
    price: Number(seed.price),
    discount: seed.discount,
    quantity: seed.quantity,
    status: seed.quantity > 0 ? "in-stock" : "out-of-stock",
    sellCount: seed.sellCount,
    sizes: seed.sizes,
    featured: seed.featured,
    description: seed.description,
    additionalInformation: seed.additionalInformation,
    offerDate: seed.offer
      ? {
          startDate: iso(STORY_NOW + seed.offer.startDaysFromNow * DAY),
          endDate: iso(STORY_NOW + seed.offer.endDaysFromNow * DAY),
        }
      : null,
    videoId: seed.videoId,
    rating,
    reviewCount: seed.reviews.length,
    createdAt: iso(STORY_NOW - seed.createdDaysAgo * DAY),
    updatedAt: iso(STORY_NOW),
  };
}

let products: Product[] | undefined;
/** The ~40 sample products; pictures are drawn on first use. */
export function sampleProducts(): Product[] {
  products ??= seedProducts.map(toProduct);
  return products;
}

function pick(predicate: (p: Product) => boolean, what: string): Product {
  const found = sampleProducts().find(predicate);
  if (!found) throw new Error(`The sample catalogue has no ${what}`);
  return found;
}

/** Products that show the states the components must handle. */
export const sample = {
  discounted: () =>
    pick((p) => p.discount > 0 && p.status === "in-stock" && p.imageURLs.length > 2, "discount"),
  fullPrice: () => pick((p) => p.discount === 0 && p.status === "in-stock", "full-price product"),
  outOfStock: () => pick((p) => p.status === "out-of-stock", "out-of-stock product"),
  withVideo: () => pick((p) => p.videoId !== null, "product with a video"),
  longTitle: (): Product => ({
    ...sample.discounted(),
    id: "sample-long-title",
    title:
      "Aurora ANC Wireless Over-Ear Headphones with Hybrid Noise Cancelling, 38-Hour Battery, Memory-Foam Cushions and Travel Case",
  }),
};

export function sampleBanners(): Banner[] {
  return seedBanners.map((b, index) => ({
    id: `banner-${index + 1}`,
    title: b.title,
    subtitle: b.subtitle,
    img: svgUrl(bannerSvg(b.color, b.title)),
    link: b.link,
    position: b.position,
    active: b.active,
    sortOrder: b.sortOrder,
    startsAt: null,
    endsAt: null,
  }));
}

export function sampleCategories(): Category[] {
  return seedCategories.map((c) => {
    const slug = slugify(c.name);
    const items = sampleProducts().filter((p) => p.parent === c.name);
    const kind: IllustrationKind = seedProducts.find((p) => p.parent === c.name)?.kind ?? "headphones";
    return {
      id: slug,
      name: c.name,
      slug,
      productType: c.productType,
      description: c.description,
      img: svgUrl(productSvg(kind, c.color)),
      children: c.children,
      productCount: items.length,
      subcategories: c.children.map((name) => ({
        name,
        slug: slugify(name),
        productCount: items.filter((p) => p.children === name).length,
      })),
    };
  });
}

export function sampleBlogPosts(): BlogPost[] {
  return seedBlogPosts.map((post, index) => ({
    id: `post-${index + 1}`,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    img: svgUrl(blogSvg(post.title, post.color)),
    author: post.author,
    category: post.category,
    tags: post.tags,
    publishedAt: iso(STORY_NOW - post.publishedDaysAgo * DAY),
  }));
}
