/**
 * The sample catalogue shaped like the API's answers, its pictures drawn as data URLs: what the storefront shows
 * when the API cannot be reached, and what the components' stories draw. Ids are the slugs.
 */
import { slugify } from "../catalogue.ts";
import type { Banner, BlogPost, Category, Product } from "../schemas/public.ts";
import { type SeedProduct, seedBanners, seedBlogPosts, seedCategories, seedProducts } from "./data.ts";
import { bannerSvg, blogSvg, type IllustrationKind, productSvg } from "./illustrations.ts";
import { seedOptions, seedVariants } from "./variants.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export interface SampleRecords {
  products: Product[];
  categories: Category[];
  banners: Banner[];
  /** Newest first. */
  posts: BlogPost[];
}

/**
 * The sample catalogue as API records, its dates counted back from `now`: the 40 products the storefront ships, or
 * the `products` given (the whole seeded shop, `@shop/domain/sample-catalogue/range`, for comparing with the API).
 */
export function sampleRecords(now: number, products: readonly SeedProduct[] = seedProducts): SampleRecords {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();
  const records: Product[] = products.map((p) => {
    const imageURLs = p.colors.map((color) => ({ img: svgUrl(productSvg(p.kind, color.clrCode)), color }));
    const rating = p.reviews.length ? p.reviews.reduce((sum, r) => sum + r.rating, 0) / p.reviews.length : 0;
    return {
      id: p.slug,
      sku: p.sku,
      img: imageURLs[0]?.img ?? "",
      title: p.title,
      slug: p.slug,
      unit: p.unit,
      imageURLs,
      parent: p.parent,
      children: p.children,
      categoryId: slugify(p.parent),
      brandId: slugify(p.brand),
      brand: { id: slugify(p.brand), name: p.brand },
      category: { id: slugify(p.parent), name: p.parent },
      productType: p.productType,
      tags: p.tags,
      price: Number(p.price),
      discount: p.discount,
      quantity: p.quantity,
      status: p.quantity > 0 ? "in-stock" : "out-of-stock",
      sellCount: p.sellCount,
      sizes: p.sizes,
      featured: p.featured,
      description: p.description,
      additionalInformation: p.additionalInformation,
      offerDate: p.offer
        ? { startDate: at(-p.offer.startDaysFromNow), endDate: at(-p.offer.endDaysFromNow) }
        : null,
      videoId: p.videoId,
      rating: Math.round(rating * 100) / 100,
      reviewCount: p.reviews.length,
      reviews: p.reviews.map((r, index) => ({
        id: `${p.slug}-${index}`,
        productId: p.slug,
        name: r.name,
        userImage: null,
        review: r.text,
        rating: r.rating,
        date: at(r.daysAgo),
        status: "approved" as const,
      })),
      createdAt: at(p.createdDaysAgo),
      updatedAt: at(p.createdDaysAgo),
      options: seedOptions(p),
      // Offline, a variant's id is its SKU (the API's are uuids): enough to choose one and show it.
      variants: seedVariants(p).map((v) => ({
        id: v.sku.toLowerCase(),
        sku: v.sku,
        options: v.options,
        price: Number(p.price),
        discount: p.discount,
        quantity: v.quantity,
        status: v.quantity > 0 ? ("in-stock" as const) : ("out-of-stock" as const),
        img: v.colorIndex === null ? null : (imageURLs[v.colorIndex]?.img ?? null),
      })),
    };
  });

  const categories: Category[] = seedCategories.map((c) => {
    const inCategory = records.filter((p) => p.parent === c.name);
    const kind: IllustrationKind = seedProducts.find((p) => p.parent === c.name)?.kind ?? "headphones";
    return {
      id: slugify(c.name),
      name: c.name,
      slug: slugify(c.name),
      productType: c.productType,
      description: c.description,
      img: svgUrl(productSvg(kind, c.color, c.name)),
      children: c.children,
      productCount: inCategory.length,
      subcategories: c.children.map((name) => ({
        name,
        slug: slugify(name),
        productCount: inCategory.filter((p) => p.children === name).length,
      })),
    };
  });

  const banners: Banner[] = seedBanners.map((b, index) => ({
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

  const posts: BlogPost[] = seedBlogPosts
    .map((p) => ({
      id: p.slug,
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      body: p.body,
      img: svgUrl(blogSvg(p.title, p.color)),
      author: p.author,
      category: p.category,
      tags: p.tags,
      publishedAt: at(p.publishedDaysAgo),
    }))
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

  return { products: records, categories, banners, posts };
}
