/**
 * What search engines and link previews see of each storefront page: its status (a product or post that does
 * not exist is a 404), title, description, canonical link, Open Graph tags and schema.org JSON-LD, read from
 * the API's repositories and kept briefly in memory, as the catalogue's own answers are.
 */
import { type ListingFilters, parseListingQuery, toListingQuery } from "@shop/domain/catalogue";
import { DEFAULT_PAGE_SIZE, FALLBACK_DOP_RATE, type ProductType } from "@shop/domain/constants";
import { type FirstScreenEntry, firstScreenKeys } from "@shop/domain/first-screen";
import { convertCents, fromCents } from "@shop/domain/money";
import { type RouteMatch, type ShopRouteName, shopHref, shopRoutes } from "@shop/domain/routes";
import type { Banner, BlogPost, Brand, Category, Paginated, Product } from "@shop/domain/schemas";
import type { Db } from "../db/client.ts";
import { listBanners } from "../modules/banners/repository.ts";
import { findBlogPost } from "../modules/blog/repository.ts";
import { findBrand } from "../modules/brands/repository.ts";
import { findCategory } from "../modules/categories/repository.ts";
import { latestRate } from "../modules/exchange/repository.ts";
import { catalogueVersion } from "../modules/products/catalogue-cache.ts";
import { featuredProducts } from "../modules/products/listing.ts";
import {
  findProductRow,
  type ProductSummary,
  publicReviews,
  toProduct,
} from "../modules/products/repository.ts";
import { FEATURED_LIMIT } from "../modules/products/routes.ts";
import { type PageHead, SHOP_NAME } from "./head.ts";

export interface PageRequest {
  db: Db;
  /** The address pages are known by: a configured public origin or the request's own. */
  origin: string;
  /** The page's query string (the listing's filters). */
  query: URLSearchParams;
  memo: Memo;
  /** Asks the API itself (GET, in process): first-screen data the very answer the storefront would get. */
  api: (url: string) => Promise<ApiAnswer>;
}

export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

export interface Page {
  status: 200 | 404;
  head: PageHead;
}

// ---------- The route table, seen by a search engine ----------

/** Layout variants of one page: each names the page search engines should index instead. */
const CANONICAL_ROUTE: Partial<Record<ShopRouteName, ShopRouteName>> = {
  shop1600: "shop",
  shopList: "shop",
  shopFullWidth: "shop",
  shopNoSidebar: "shop",
  shopRightSidebar: "shop",
  shopLoadMore: "shop",
  shopCategories: "shop",
  shopFilterDropdown: "shop",
  shopFilterOffcanvas: "shop",
  blogGrid: "blog",
  blogList: "blog",
  productDetailsList: "productDetails",
  productDetailsVideo: "productDetails",
  productDetailsSlider: "productDetails",
  productDetailsGallery: "productDetails",
  productDetailsSwatches: "productDetails",
  productDetailsCountdown: "productDetails",
  blogDetails2: "blogDetails",
};

/** Public pages that are still not for an index: the error page and search results (endless, thin). */
const NOT_INDEXED = new Set<ShopRouteName>(["notFound", "search"]);

/** Sample pages that show some featured product or post: the sitemap lists the real ones instead. */
const SAMPLE_PAGES = new Set<ShopRouteName>(["productDetails", "blogDetails"]);

const GENERIC_DESCRIPTION =
  "Electronics, fashion, beauty and jewelry, priced in Dominican pesos or US dollars: new arrivals, offers and coupons.";

const DESCRIPTIONS: Partial<Record<ShopRouteName, string>> = {
  home: GENERIC_DESCRIPTION,
  home2: "Headphones, speakers, phones and the rest of our electronics, with offers that count down.",
  home3: "Dresses, shoes, bags and the season's fashion, priced in Dominican pesos or US dollars.",
  home4: "Skincare, perfume, rings and necklaces: beauty and jewelry picked for gifts and for you.",
  shop: "The whole catalogue: filter by category, brand, price and availability, and sort by price or novelty.",
  blog: "Guides, news and style tips from the shop.",
  about: "Who we are, what we sell and how we deliver across the Dominican Republic.",
  contact: "Questions about a product, an order or a delivery? Write to us.",
  coupons: "The coupon codes in force now, what each one takes off and when it ends.",
};

/** Paths of the pages the sitemap lists besides products, categories and posts. */
export const SITEMAP_PAGES: readonly string[] = (Object.keys(shopRoutes) as ShopRouteName[])
  .filter((name) => {
    const route = shopRoutes[name];
    return (
      !route.private &&
      !route.path.includes(":") &&
      !NOT_INDEXED.has(name) &&
      !SAMPLE_PAGES.has(name) &&
      !CANONICAL_ROUTE[name]
    );
  })
  .map((name) => shopRoutes[name].path);

// ---------- Brief memory of what pages read ----------

export interface Memo {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

const MEMO_ENTRIES = 2000;

/**
 * Reads kept for `ttlMs` and dropped at once when the catalogue changes in any process (the catalogue cache's
 * version, decision 017); 0 keeps nothing.
 */
export function createMemo(db: Db, ttlMs: number): Memo {
  const entries = new Map<string, { value: unknown; expires: number; version: number }>();
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const version = catalogueVersion(db);
      if (ttlMs <= 0 || version === null) return load();
      const kept = entries.get(key);
      if (kept && kept.version === version && kept.expires > Date.now()) return kept.value as T;
      const value = await load();
      if (entries.size >= MEMO_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: Date.now() + ttlMs, version });
      return value;
    },
  };
}

// ---------- Helpers ----------

const pageTitle = (title: string) => `${title} | ${SHOP_NAME}`;

/** An absolute URL for a path on the shop (images are stored as paths such as /api/images/...). */
function absolute(origin: string, pathOrUrl: string): string | undefined {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!pathOrUrl.startsWith("/")) return undefined;
  return `${origin}${pathOrUrl}`;
}

/** Whitespace folded and cut at a word to about the length search results show. */
function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** 1234 -> "12.34": money leaves as text, never as a float. */
const decimal = (cents: number) => fromCents(cents).toFixed(2);

const typeName = (type: ProductType) => type[0]!.toUpperCase() + type.slice(1);

export function notFoundPage(): Page {
  return { status: 404, head: { title: pageTitle(shopRoutes.notFound.title), robots: "noindex" } };
}

// ---------- Pages ----------

async function productPage(request: PageRequest, id: string): Promise<Page> {
  const { db, memo, origin } = request;
  // The answer GET /api/product/{id} gives, and the sale price it is derived from.
  const found = await memo.get(`product:${id}`, async () => {
    const row = await findProductRow(db, id);
    if (!row) return null;
    const product: Product = { ...toProduct(row), reviews: await publicReviews(db, row.id) };
    return { product, saleCents: row.salePriceCents };
  });
  if (!found) return notFoundPage();
  const rate = await memo.get("rate:USD:DOP", async () => {
    const row = await latestRate(db, "USD", "DOP");
    return row?.rate ?? String(FALLBACK_DOP_RATE);
  });
  const { product, saleCents } = found;
  const canonical = `${origin}${shopHref.product(product.id)}`;
  const images = [product.img, ...product.imageURLs.map((image) => image.img)]
    .map((img) => absolute(origin, img))
    .filter((img, i, all): img is string => img !== undefined && all.indexOf(img) === i);
  const description = clip(
    product.description || `${product.title} from ${product.brand.name || product.category.name}.`,
  );
  const dopCents = convertCents(saleCents, rate);
  return {
    status: 200,
    head: {
      title: pageTitle(product.title),
      description,
      canonical,
      preloadImage: images[0],
      openGraph: {
        type: "product",
        image: images[0],
        extra: [
          ["product:price:amount", decimal(saleCents)],
          ["product:price:currency", "USD"],
          ["product:price:amount", decimal(dopCents)],
          ["product:price:currency", "DOP"],
          ["product:availability", product.quantity > 0 ? "in stock" : "out of stock"],
        ],
      },
      jsonLd: [productJsonLd(product, { canonical, images, saleCents, dopCents })],
      firstScreen: [{ key: firstScreenKeys.product(id), data: product }],
    },
  };
}

function productJsonLd(
  product: ProductSummary,
  at: { canonical: string; images: string[]; saleCents: number; dopCents: number },
) {
  const availability = `https://schema.org/${product.quantity > 0 ? "InStock" : "OutOfStock"}`;
  const offerEnd = product.offerDate ? new Date(product.offerDate.endDate) : null;
  // A discount with an end date is the price until then.
  const priceValidUntil =
    product.discount > 0 && offerEnd && offerEnd.getTime() > Date.now()
      ? offerEnd.toISOString().slice(0, 10)
      : undefined;
  const offer = (currency: "USD" | "DOP", cents: number) => ({
    "@type": "Offer",
    url: at.canonical,
    priceCurrency: currency,
    price: decimal(cents),
    availability,
    itemCondition: "https://schema.org/NewCondition",
    ...(priceValidUntil ? { priceValidUntil } : {}),
  });
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    image: at.images,
    sku: product.sku,
    ...(product.description ? { description: clip(product.description, 5000) } : {}),
    ...(product.brand.name ? { brand: { "@type": "Brand", name: product.brand.name } } : {}),
    category: product.category.name,
    url: at.canonical,
    offers: [offer("DOP", at.dopCents), offer("USD", at.saleCents)],
    // Search engines refuse a rating without reviews.
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

async function blogPostPage(request: PageRequest, id: string): Promise<Page> {
  const { db, memo, origin } = request;
  const post: BlogPost | null = await memo.get(`post:${id}`, () => findBlogPost(db, id));
  if (!post) return notFoundPage();
  const canonical = `${origin}${shopHref.blogPost(post.id)}`;
  const image = absolute(origin, post.img);
  const description = clip(post.excerpt);
  return {
    status: 200,
    head: {
      title: pageTitle(post.title),
      description,
      canonical,
      preloadImage: image,
      openGraph: {
        type: "article",
        image,
        extra: [
          ["article:published_time", post.publishedAt],
          ["article:section", post.category],
          ...post.tags.map((tag): [string, string] => ["article:tag", tag]),
        ],
      },
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description,
          ...(image ? { image: [image] } : {}),
          datePublished: post.publishedAt,
          author: { "@type": "Person", name: post.author },
          publisher: { "@type": "Organization", name: SHOP_NAME },
          mainEntityOfPage: canonical,
        },
      ],
    },
  };
}

/** The listing with its filters: the canonical keeps what changes which products show, and drops the rest. */
async function listingPage(request: PageRequest): Promise<Page> {
  const { db, memo, origin, query } = request;
  const filters = parseListingQuery(query);
  const [category, brand] = await Promise.all([
    filters.category
      ? memo.get<Category | undefined>(`category:${filters.category}`, () =>
          findCategory(db, filters.category!),
        )
      : undefined,
    filters.brand
      ? memo.get<Brand | undefined>(`brand:${filters.brand}`, () => findBrand(db, filters.brand!))
      : undefined,
  ]);
  const subcategory = category?.subcategories.find((s) => s.slug === filters.subCategory);
  // A category already names its product type.
  const productType = category ? undefined : filters.productType;
  const page = filters.page !== undefined && filters.page > 1 ? filters.page : undefined;
  const canonicalQuery = toListingQuery({
    category: category?.slug,
    subCategory: subcategory?.slug,
    brand: brand?.slug,
    productType,
    page,
  }).toString();

  const firstScreen = await listingFirstScreen(request, filters);
  const what = subcategory?.name ?? category?.name ?? (productType ? typeName(productType) : undefined);
  const label = [what, brand && `${what ? "by " : ""}${brand.name}`].filter(Boolean).join(" ");
  const title = `${label || shopRoutes.shop.title}${page ? `, page ${page}` : ""}`;
  const description = label
    ? clip(
        category?.description ||
          `${label} at ${SHOP_NAME}: compare prices in Dominican pesos or US dollars and filter by price and availability.`,
      )
    : DESCRIPTIONS.shop!;
  return {
    status: 200,
    head: {
      title: pageTitle(title),
      description,
      canonical: `${origin}${shopRoutes.shop.path}${canonicalQuery ? `?${canonicalQuery}` : ""}`,
      openGraph: { type: "website" },
      preloadImage: firstScreen.image && absolute(origin, firstScreen.image),
      firstScreen: firstScreen.entries,
    },
  };
}

/**
 * The listing's first page and its facet counts, as the storefront asks for them, and the first product's
 * image (the page's largest on a phone). Nothing when the API refuses the filters: the page asks, and says why.
 */
async function listingFirstScreen(
  { api }: PageRequest,
  filters: ListingFilters,
): Promise<{ entries: FirstScreenEntry[]; image?: string }> {
  const listFilters = { ...filters, page: filters.page ?? 1 };
  const query = (f: ListingFilters) => {
    const text = toListingQuery(f).toString();
    return text ? `?${text}` : "";
  };
  const [list, facets] = await Promise.all([
    api(`/api/product${query(listFilters)}`),
    api(`/api/product/facets${query(filters)}`),
  ]);
  if (list.status !== 200 || facets.status !== 200 || !Array.isArray(list.body)) return { entries: [] };
  const items = list.body as ProductSummary[];
  const header = (name: string) => Number(list.headers[name.toLowerCase()]);
  const page: Paginated<ProductSummary> = {
    items,
    totalCount: header("X-Total-Count"),
    totalPages: header("X-Total-Pages"),
    currentPage: header("X-Current-Page"),
    pageSize: header("X-Page-Size"),
  };
  if (![page.totalCount, page.totalPages, page.currentPage, page.pageSize].every(Number.isFinite)) {
    return { entries: [] };
  }
  return {
    entries: [
      { key: firstScreenKeys.listing(listFilters), data: page },
      { key: firstScreenKeys.facets(filters), data: facets.body },
    ],
    image: items[0]?.img,
  };
}

/** The banner position the home pages open with: its first active banner is the page's largest image. */
const HOME_HERO = "home-hero";

/** What the storefront's API client makes of GET /api/banners?active=true&position=...: its first page. */
function activeBanners({ db, memo }: PageRequest, position: string): Promise<Paginated<Banner>> {
  return memo.get(`banners:${position}`, async () => {
    const { items, total } = await listBanners(db, {
      filters: { position, active: true },
      sort: null,
      offset: 0,
      limit: DEFAULT_PAGE_SIZE,
    });
    const totalPages = Math.ceil(total / DEFAULT_PAGE_SIZE);
    return { items, totalCount: total, totalPages, currentPage: 1, pageSize: DEFAULT_PAGE_SIZE };
  });
}

/** GET /api/product/featured's answer. */
function featured({ db, memo }: PageRequest): Promise<ProductSummary[]> {
  return memo.get("featured", async () => JSON.parse((await featuredProducts(db, FEATURED_LIMIT)).json));
}

async function homePage(request: PageRequest): Promise<Page> {
  const { origin } = request;
  const [banners, products] = await Promise.all([activeBanners(request, HOME_HERO), featured(request)]);
  const hero = banners.items[0];
  const image = hero ? absolute(origin, hero.img) : undefined;
  return {
    status: 200,
    head: {
      title: `${SHOP_NAME}: electronics, fashion, beauty and jewelry`,
      description: GENERIC_DESCRIPTION,
      canonical: `${origin}/`,
      preloadImage: image,
      openGraph: { type: "website", image },
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: SHOP_NAME,
          url: `${origin}/`,
          potentialAction: {
            "@type": "SearchAction",
            target: `${origin}${shopRoutes.search.path}?searchText={search_term_string}`,
            "query-input": "required name=search_term_string",
          },
        },
      ],
      firstScreen: [
        { key: firstScreenKeys.banners(HOME_HERO), data: banners },
        { key: firstScreenKeys.featured(), data: products },
      ],
    },
  };
}

/** The alternative home designs open with the hero banners; the product sample pages show a featured product. */
async function firstScreen(
  request: PageRequest,
  name: ShopRouteName,
): Promise<FirstScreenEntry[] | undefined> {
  if (shopRoutes[name].layout === "own") {
    return [{ key: firstScreenKeys.banners(HOME_HERO), data: await activeBanners(request, HOME_HERO) }];
  }
  if (name === "productDetails") return [{ key: firstScreenKeys.featured(), data: await featured(request) }];
  return undefined;
}

/**
 * GET /api/Exchange/rate's USD→DOP answer, which every page's prices wait for. Asked on every page, not kept: a
 * new rate shows at once. None when the API answers its fallback rate (no rate stored, or it cannot be read):
 * the storefront then asks the API itself, and shows the fallback's warning.
 */
async function exchangeRate({ api }: PageRequest): Promise<FirstScreenEntry[]> {
  const answer = await api("/api/Exchange/rate?from=USD&to=DOP");
  const body = answer.body as { warning?: string } | null;
  if (answer.status !== 200 || !body || body.warning !== undefined) return [];
  return [{ key: firstScreenKeys.exchangeRate(), data: body }];
}

/** The status and head tags of a storefront URL; `match` is null for a path the route table does not know. */
export async function shopPage(request: PageRequest, match: RouteMatch<ShopRouteName> | null): Promise<Page> {
  const page = await routePage(request, match);
  if (page.status !== 200 || match?.route.private) return page;
  const rate = await exchangeRate(request);
  return { ...page, head: { ...page.head, firstScreen: [...(page.head.firstScreen ?? []), ...rate] } };
}

async function routePage(request: PageRequest, match: RouteMatch<ShopRouteName> | null): Promise<Page> {
  if (!match) return notFoundPage();
  const { name, route, params } = match;
  if (name === "product") return productPage(request, params.id!);
  if (name === "blogPost") return blogPostPage(request, params.id!);
  // The 404 page's own route says "404" to people, so it says so to machines too: no soft 404.
  if (name === "notFound") return notFoundPage();
  if (name === "home") return homePage(request);
  const canonicalName = CANONICAL_ROUTE[name] ?? name;
  if (canonicalName === "shop") return listingPage(request);
  const title = pageTitle(route.title);
  if (route.private || NOT_INDEXED.has(name)) return { status: 200, head: { title, robots: "noindex" } };
  return {
    status: 200,
    head: {
      title,
      description: DESCRIPTIONS[canonicalName] ?? `${route.title}: ${GENERIC_DESCRIPTION}`,
      canonical: `${request.origin}${shopRoutes[canonicalName].path}`,
      openGraph: { type: "website" },
      firstScreen: await firstScreen(request, canonicalName),
    },
  };
}
