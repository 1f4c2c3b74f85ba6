/**
 * What search engines and link previews see of each storefront page, and the data its first screen is drawn
 * with: its status (a product or post that does not exist is a 404), title, description, canonical link, Open
 * Graph tags and schema.org JSON-LD. Everything comes from the API through the shop's API client, the same calls
 * and answers the browser's app makes, so the first-screen data is the very answer the app would get.
 */
import type { ShopClient } from "@shop/api-client";
import { ALT_HOME_HERO, HOME_BANNERS } from "@shop/domain/banners";
import { type ListingFilters, parseListingQuery, toListingQuery } from "@shop/domain/catalogue";
import { BLOG_PAGE_SIZE, type ProductType, RECENT_POSTS } from "@shop/domain/constants";
import { blogPageOf, type FirstScreenEntry, firstScreenKeys } from "@shop/domain/first-screen";
import { convertCents, fromCents, toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import { type RouteMatch, type ShopRouteName, shopHref, shopRoutes } from "@shop/domain/routes";
import type { Banner, ExchangeRateResponse, Paginated, Product } from "@shop/domain/schemas/public";
import { SHOP_NAME } from "#lib/shop-name.ts";
import type { PageHead } from "./head.ts";

export interface PageRequest {
  client: ShopClient;
  /** The address pages are known by (PUBLIC_ORIGIN). */
  origin: string;
  /** The page's query string (the listing's filters). */
  query: URLSearchParams;
}

/** A page's request with the day's USD→DOP rate, which prices in head tags are converted at. */
interface RatedRequest extends PageRequest {
  rate: ExchangeRateResponse;
}

export interface Page {
  status: 200 | 404;
  head: PageHead;
}

/**
 * An API call's answer, or null when the API refused it as a caller's mistake (a 4xx: no such product, a slug it
 * cannot read); any other failure is thrown, and the page is sent for the app to draw.
 */
async function unlessMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    if (status >= 400 && status < 500) return null;
    throw error;
  }
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

async function productPage(request: RatedRequest, id: string): Promise<Page> {
  const { client, origin, rate } = request;
  // The answer GET /api/product/{id} gives, and the sale price it shows.
  const product = await unlessMissing(client.products.get(id));
  if (!product) return notFoundPage();
  const saleCents = discountedPriceCents(toCents(product.price), product.discount);
  const canonical = `${origin}${shopHref.product(product.id)}`;
  const images = [product.img, ...product.imageURLs.map((image) => image.img)]
    .map((img) => absolute(origin, img))
    .filter((img, i, all): img is string => img !== undefined && all.indexOf(img) === i);
  const description = clip(
    product.description || `${product.title} from ${product.brand.name || product.category.name}.`,
  );
  const dopCents = convertCents(saleCents, rate.rate);
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
  product: Product,
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
  const { client, origin } = request;
  const [post, recent] = await Promise.all([
    unlessMissing(client.blog.get(id)),
    client.blog.list({ page: 1, pageSize: RECENT_POSTS }),
  ]);
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
      firstScreen: [
        { key: firstScreenKeys.blogPost(id), data: post },
        { key: firstScreenKeys.blogList(1, RECENT_POSTS), data: recent },
      ],
    },
  };
}

/** The listing with its filters: the canonical keeps what changes which products show, and drops the rest. */
async function listingPage(request: PageRequest): Promise<Page> {
  const { client, origin, query } = request;
  const filters = parseListingQuery(query);
  const [category, brand, firstScreen] = await Promise.all([
    filters.category ? unlessMissing(client.categories.get(filters.category)) : null,
    filters.brand ? unlessMissing(client.brands.get(filters.brand)) : null,
    listingFirstScreen(request, filters),
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
  { client }: PageRequest,
  filters: ListingFilters,
): Promise<{ entries: FirstScreenEntry[]; image?: string }> {
  const listFilters = { ...filters, page: filters.page ?? 1 };
  try {
    const [list, facets] = await Promise.all([
      client.products.list(listFilters),
      client.products.facets(filters),
    ]);
    return {
      entries: [
        { key: firstScreenKeys.listing(listFilters), data: list },
        { key: firstScreenKeys.facets(filters), data: facets },
      ],
      image: list.items[0]?.img,
    };
  } catch (error) {
    if ((error as { status?: number }).status === 400) return { entries: [] };
    throw error;
  }
}

/**
 * The search page's first screen: the results' first page and facet counts as the storefront asks for them, and,
 * when nothing matches, "Did you mean …?" and the popular products it offers instead, so that page is drawn whole
 * on the server (its suggestion a plain link, which works without JavaScript). Nothing when the API refuses the
 * filters: the page asks, and says why.
 */
async function searchFirstScreen({ client, query }: PageRequest): Promise<FirstScreenEntry[]> {
  const filters = parseListingQuery(query);
  const text = filters.searchText;
  if (!text) return [];
  const pageFilters = { ...filters, page: filters.page ?? 1 };
  try {
    const [results, facets] = await Promise.all([
      client.products.search(text, pageFilters),
      client.products.facets(filters),
    ]);
    const entries: FirstScreenEntry[] = [
      { key: firstScreenKeys.search(text, pageFilters), data: results },
      { key: firstScreenKeys.facets(filters), data: facets },
    ];
    if (results.totalCount > 0) return entries;
    const [didYouMean, featured] = await Promise.all([
      client.products.didYouMean(text),
      client.products.featured(),
    ]);
    return [
      ...entries,
      { key: firstScreenKeys.didYouMean(text), data: didYouMean },
      { key: firstScreenKeys.featured(), data: featured },
    ];
  } catch (error) {
    if ((error as { status?: number }).status === 400) return [];
    throw error;
  }
}

/** GET /api/banners?active=true&position=...: its first page, as the storefront asks for it. */
const activeBanners = ({ client }: PageRequest, position: string): Promise<Paginated<Banner>> =>
  client.banners.list({ active: true, position });

async function homePage(request: PageRequest): Promise<Page> {
  const { origin } = request;
  // The slider's first banner is the page's largest image; the other places are drawn on the server too.
  const [banners, middle, bottom, products] = await Promise.all([
    activeBanners(request, HOME_BANNERS.hero),
    activeBanners(request, HOME_BANNERS.middle),
    activeBanners(request, HOME_BANNERS.bottom),
    request.client.products.featured(),
  ]);
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
        { key: firstScreenKeys.banners(HOME_BANNERS.hero), data: banners },
        { key: firstScreenKeys.banners(HOME_BANNERS.middle), data: middle },
        { key: firstScreenKeys.banners(HOME_BANNERS.bottom), data: bottom },
        { key: firstScreenKeys.featured(), data: products },
      ],
    },
  };
}

/**
 * The alternative home designs open with their own banners; the product sample pages show a featured product; the
 * blog's list and the coupons are the page.
 */
async function firstScreen(
  request: PageRequest,
  name: ShopRouteName,
): Promise<FirstScreenEntry[] | undefined> {
  const { client, query } = request;
  if (name === "blog") {
    const page = blogPageOf(query);
    const list = await client.blog.list({ page, pageSize: BLOG_PAGE_SIZE });
    return [{ key: firstScreenKeys.blogList(page, BLOG_PAGE_SIZE), data: list }];
  }
  if (name === "coupons") return [{ key: firstScreenKeys.coupons(), data: await client.coupons.list() }];
  if (Object.hasOwn(ALT_HOME_HERO, name)) {
    const position = ALT_HOME_HERO[name as keyof typeof ALT_HOME_HERO];
    return [{ key: firstScreenKeys.banners(position), data: await activeBanners(request, position) }];
  }
  if (name === "productDetails") {
    return [{ key: firstScreenKeys.featured(), data: await request.client.products.featured() }];
  }
  return undefined;
}

/**
 * The status and head tags of a storefront URL, with its first-screen data; `match` is null for a path the route
 * table does not know. The USD→DOP rate, which every page's prices wait for, is written in too unless the API
 * answered its fallback (no rate stored, or it cannot be read): the storefront then asks the API itself, and shows
 * the fallback's warning.
 */
export async function shopPage(request: PageRequest, match: RouteMatch<ShopRouteName> | null): Promise<Page> {
  const rate = await request.client.exchange.rate("USD", "DOP");
  const page = await routePage({ ...request, rate }, match);
  if (page.status !== 200 || match?.route.private || rate.warning !== undefined) return page;
  const entry = { key: firstScreenKeys.exchangeRate(), data: rate };
  return { ...page, head: { ...page.head, firstScreen: [...(page.head.firstScreen ?? []), entry] } };
}

async function routePage(request: RatedRequest, match: RouteMatch<ShopRouteName> | null): Promise<Page> {
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
  if (name === "search") {
    return { status: 200, head: { title, robots: "noindex", firstScreen: await searchFirstScreen(request) } };
  }
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
