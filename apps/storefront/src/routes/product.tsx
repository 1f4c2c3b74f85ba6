/** /product-details/{id}, and /product-details and its other layouts (a featured product, shown in that layout). */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { slugify } from "@shop/domain/catalogue";
import { firstScreenKeys } from "@shop/domain/first-screen";
import { convertCents, fromCents, toCents } from "@shop/domain/money";
import { discountedPriceCents } from "@shop/domain/pricing";
import type { ExchangeRateResponse, Product } from "@shop/domain/schemas/public";
import { Breadcrumb } from "@shop/ui/breadcrumb";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import { ProductDetailsSkeleton, ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import {
  absolute,
  clip,
  type Loader,
  type Meta,
  notFound,
  type PageData,
  type PageProps,
  pageTitle,
  picturePreloadOf,
  unlessMissing,
} from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import { WhenNear } from "#components/when-near.tsx";
import { type DetailsLayout, ProductDetails } from "#features/catalog/components/product-details.tsx";
import { ProductGrid } from "#features/catalog/components/product-grid.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { NotFound } from "#features/content/not-found.tsx";
import { isNotFound } from "#lib/errors.ts";
import { type RoutesOf, shopHref } from "#routes.ts";

type Route = RoutesOf<"product">;

const LAYOUT: Record<Route, DetailsLayout> = {
  product: { gallery: "side", details: "tabs" },
  productDetails: { gallery: "side", details: "tabs" },
  productDetailsList: { gallery: "side", details: "sections" },
  productDetailsVideo: { gallery: "side", details: "tabs" },
  productDetailsSlider: { gallery: "stacked", details: "tabs" },
  productDetailsGallery: { gallery: "wide", details: "tabs" },
  productDetailsSwatches: { gallery: "side", details: "tabs" },
  productDetailsCountdown: { gallery: "side", details: "tabs" },
};

/** The featured product a sample page shows: one that has what its layout is about. */
const PICK: Record<Route, (p: Product) => boolean> = {
  product: () => true,
  productDetails: () => true,
  productDetailsList: (p) => p.imageURLs.length > 1,
  productDetailsVideo: (p) => p.videoId !== null,
  productDetailsSlider: (p) => p.imageURLs.length > 1,
  productDetailsGallery: (p) => p.imageURLs.length > 1,
  productDetailsSwatches: (p) => p.imageURLs.filter((i) => i.color).length > 1,
  productDetailsCountdown: (p) => p.offerDate !== null && Date.parse(p.offerDate.endDate) > Date.now(),
};

/** The API's longest id or slug; anything longer cannot be a product. */
const MAX_ID = 200;

/** The product a sample page shows, of the featured ones. */
const pick = (route: Route, featured: readonly Product[]) => featured.find(PICK[route]) ?? featured[0];

/** The id or slug of the URL, or of the featured product a sample page shows. */
function shownId(route: Route, params: { id?: string }, data: PageData): string | undefined {
  if (params.id !== undefined) return params.id;
  return pick(route, data.get<Product[]>(firstScreenKeys.featured()) ?? [])?.id;
}

/** The product with its reviews; a sample page's featured products too. A product the shop has not: 404. */
export const loader: Loader<"product"> = async ({ client, route, params }) => {
  const featured = params.id === undefined ? await client.products.featured() : undefined;
  const id = params.id ?? (featured && pick(route, featured)?.id);
  const product =
    id !== undefined && id.length <= MAX_ID ? await unlessMissing(client.products.get(id)) : null;
  if (params.id !== undefined && !product) throw notFound();
  return [
    ...(featured ? [{ key: firstScreenKeys.featured(), data: featured }] : []),
    ...(product && id !== undefined ? [{ key: firstScreenKeys.product(id), data: product }] : []),
  ];
};

/** 1234 -> "12.34": money leaves as text, never as a float. */
const decimal = (cents: number) => fromCents(cents).toFixed(2);

/**
 * Its title and description, and for link previews and search engines its picture, its price in both currencies
 * (at the day's rate) and its availability, as Open Graph tags and a schema.org Product. Known by its id (a slug or
 * a sample page shows the same product).
 */
export const meta: Meta<"product"> = ({ route, params, origin, data }) => {
  const id = shownId(route, params, data);
  const product = id === undefined ? undefined : data.get<Product>(firstScreenKeys.product(id));
  if (!product) return {};
  const rate = data.get<ExchangeRateResponse>(firstScreenKeys.exchangeRate());
  const saleCents = discountedPriceCents(toCents(product.price), product.discount);
  const dopCents = rate ? convertCents(saleCents, rate.rate) : undefined;
  const canonical = `${origin}${shopHref.product(product.id)}`;
  const images = [product.img, ...product.imageURLs.map((image) => image.img)]
    .map((img) => absolute(origin, img))
    .filter((img, i, all): img is string => img !== undefined && all.indexOf(img) === i);
  const prices: [string, string][] = [
    ["product:price:amount", decimal(saleCents)],
    ["product:price:currency", "USD"],
    ...(dopCents === undefined
      ? []
      : ([
          ["product:price:amount", decimal(dopCents)],
          ["product:price:currency", "DOP"],
        ] as [string, string][])),
  ];
  return {
    title: pageTitle(product.title),
    description: clip(
      product.description || `${product.title} from ${product.brand.name || product.category.name}.`,
    ),
    canonical,
    // The gallery opens on the first colour's first picture (or the first picture when none has a colour).
    preloadImage: picturePreloadOf(
      origin,
      (product.imageURLs.find((image) => image.color) ?? product.imageURLs[0])?.img || product.img,
      PICTURE_SLOTS.gallery,
    ),
    openGraph: {
      type: "product",
      image: images[0],
      extra: [...prices, ["product:availability", product.quantity > 0 ? "in stock" : "out of stock"]],
    },
    jsonLd: [productJsonLd(product, { canonical, images, saleCents, dopCents })],
  };
};

function productJsonLd(
  product: Product,
  at: { canonical: string; images: string[]; saleCents: number; dopCents: number | undefined },
): object {
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
    offers: [...(at.dopCents === undefined ? [] : [offer("DOP", at.dopCents)]), offer("USD", at.saleCents)],
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

function Related({ product }: { product: Product }) {
  const { data, isPending } = useQuery(
    catalogQueries.list({ category: slugify(product.parent), pageSize: 5 }),
  );
  const related = (data?.items ?? []).filter((p) => p.id !== product.id).slice(0, 4);
  if (!isPending && related.length === 0) return null;
  return (
    <Section title="Related products">
      {isPending ? <ProductGridSkeleton count={4} /> : <ProductGrid products={related} />}
    </Section>
  );
}

function Loaded({ idOrSlug, route }: { idOrSlug: string; route: Route }) {
  const { data: product, error, refetch, isPending } = useQuery(catalogQueries.product(idOrSlug));
  if (isPending) return <ProductDetailsSkeleton />;
  if (error)
    return isNotFound(error) ? (
      <NotFound />
    ) : (
      <LoadError error={error} onRetry={() => refetch()} what="this product" />
    );
  return (
    <>
      <Breadcrumb
        items={[
          { label: "Home", href: "/" },
          { label: "Shop", href: shopHref.listing() },
          { label: product.parent, href: shopHref.listing({ category: product.parent }) },
          { label: product.title },
        ]}
      />
      <ProductDetails key={product.id} product={product} layout={LAYOUT[route]} />
      {/* Below the product on every screen: asked for and rendered as the shopper scrolls near it. */}
      <WhenNear minHeight={480}>
        <Related product={product} />
      </WhenNear>
    </>
  );
}

function Featured({ route }: { route: Route }) {
  const { data, error, refetch, isPending } = useQuery(catalogQueries.featured());
  if (isPending) return <ProductDetailsSkeleton />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="this product" />;
  const chosen = pick(route, data);
  if (!chosen) return <Typography>No featured product yet.</Typography>;
  return <Loaded idOrSlug={chosen.id} route={route} />;
}

export default function ProductPage({ route }: PageProps<"product">) {
  const { id } = useParams();
  if (id !== undefined && (id.trim() === "" || id.length > MAX_ID)) return <NotFound />;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {id === undefined ? <Featured route={route} /> : <Loaded idOrSlug={id} route={route} />}
    </Container>
  );
}
