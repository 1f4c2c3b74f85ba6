/**
 * The offline catalogue: @shop/domain's sample catalogue (the one the API seeds from) shaped like the API's
 * answers, with its pictures drawn in the browser as data URLs, since the API's image URLs fail too.
 * Its own chunk, loaded only when the API cannot be reached.
 */
import {
  filterProducts,
  type ListingFilters,
  priceRange,
  queryProducts,
  slugify,
} from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import { seedBanners, seedBlogPosts, seedCategories, seedProducts } from "@shop/domain/sample-catalogue";
import { bannerSvg, blogSvg, productSvg } from "@shop/domain/sample-catalogue/illustrations";
import type { Banner, BlogPost, Category, Paginated, Product, ProductFacets } from "@shop/domain/schemas";

const DAY_MS = 24 * 60 * 60 * 1000;

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function page<T>(items: T[], pageNumber = 1, pageSize = items.length || 1): Paginated<T> {
  const start = (pageNumber - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    totalCount: items.length,
    totalPages: Math.ceil(items.length / pageSize),
    currentPage: pageNumber,
    pageSize,
  };
}

function countBy(products: Product[], name: (p: Product) => string): ProductFacets["categories"] {
  const counts = new Map<string, { slug: string; name: string; count: number }>();
  for (const product of products) {
    const label = name(product);
    if (!label) continue;
    const slug = slugify(label);
    const entry = counts.get(slug) ?? { slug, name: label, count: 0 };
    entry.count += 1;
    counts.set(slug, entry);
  }
  return [...counts.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function createSampleShop(now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const products: Product[] = seedProducts.map((p) => {
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
    };
  });

  const categories: Category[] = seedCategories.map((c) => {
    const inCategory = products.filter((p) => p.parent === c.name);
    const first = seedProducts.find((p) => p.parent === c.name);
    return {
      id: slugify(c.name),
      name: c.name,
      slug: slugify(c.name),
      productType: c.productType,
      description: c.description,
      img: svgUrl(productSvg(first?.kind ?? "headphones", c.color, c.name)),
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
    id: `banner-${index}`,
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

  const listed = (filters: ListingFilters) => queryProducts(products, filters);

  return {
    products: {
      list: (filters: ListingFilters): Paginated<Product> => listed(filters),
      search: (text: string, filters: ListingFilters): Paginated<Product> =>
        listed({ ...filters, searchText: [filters.searchText, text].filter(Boolean).join(" ") || undefined }),
      featured: (): Product[] =>
        products.filter((p) => p.featured).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      get: (idOrSlug: string): Product | null =>
        products.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null,
      facets(filters: ListingFilters): ProductFacets {
        const without = (omit: Partial<Record<keyof ListingFilters, undefined>>) =>
          filterProducts(products, { ...filters, ...omit, page: undefined, pageSize: undefined });
        const { max } = priceRange(without({ minPrice: undefined, maxPrice: undefined }));
        return {
          price: { min: 0, max },
          categories: countBy(without({ category: undefined, subCategory: undefined }), (p) => p.parent),
          subCategories: countBy(without({ subCategory: undefined }), (p) => p.children),
          brands: countBy(without({ brand: undefined }), (p) => p.brand.name),
          productTypes: countBy(without({ productType: undefined }), (p) => p.productType),
          statuses: [
            {
              slug: "on-sale",
              name: "On sale",
              count: without({ status: undefined }).filter((p) => p.discount > 0).length,
            },
            {
              slug: "in-stock",
              name: "In stock",
              count: without({ status: undefined }).filter((p) => p.status === "in-stock").length,
            },
          ],
        };
      },
    },
    categories: (productType?: ProductType): Paginated<Category> =>
      page(productType ? categories.filter((c) => c.productType === productType) : categories),
    banners: (position: string): Paginated<Banner> =>
      page(
        banners.filter((b) => b.active && b.position === position).sort((a, b) => a.sortOrder - b.sortOrder),
      ),
    blog: {
      list: (pageNumber = 1, pageSize = 12): Paginated<BlogPost> => page(posts, pageNumber, pageSize),
      get: (idOrSlug: string): BlogPost | null =>
        posts.find((p) => p.id === idOrSlug || p.slug === idOrSlug) ?? null,
    },
  };
}

export type SampleShop = ReturnType<typeof createSampleShop>;
