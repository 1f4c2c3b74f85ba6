/** The home page: banner slider, featured products, a banner, offers with their countdown, categories, new arrivals, products by type, a banner, blog teaser. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { HOME_BANNERS } from "@shop/domain/banners";
import { firstScreenKeys } from "@shop/domain/first-screen";
import type { Banner, Paginated } from "@shop/domain/schemas/public";
import { EmptyState } from "@shop/ui/empty-state";
import { PICTURE_SLOTS } from "@shop/ui/picture-slots";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { absolute, type Loader, type Meta, picturePreloadOf } from "#app/route-module.ts";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import { WhenNear } from "#components/when-near.tsx";
import { Banners } from "#features/catalog/components/banners.tsx";
import { ProductGrid } from "#features/catalog/components/product-grid.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { shopHref } from "#routes.ts";

/** Room around a banner between sections; none when no banner shows there. */
const BANNER_SPACE = { my: 4, "&:empty": { display: "none" } } as const;

function Featured() {
  const { data, error, refetch, isPending } = useQuery(catalogQueries.featured());
  if (isPending) return <ProductGridSkeleton count={4} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="the featured products" />;
  if (data.length === 0)
    return (
      <EmptyState title="No featured products yet" action={{ label: "Browse the shop", href: "/shop" }} />
    );
  return <ProductGrid products={data.slice(0, 8)} />;
}

/** Every place's banners (the slider's first is the page's largest image) and the featured products. */
export const loader: Loader<"home"> = async ({ client }) => {
  const places = [HOME_BANNERS.hero, HOME_BANNERS.middle, HOME_BANNERS.bottom];
  const [featured, ...banners] = await Promise.all([
    client.products.featured(),
    ...places.map((position) => client.banners.list({ active: true, position })),
  ]);
  return [
    ...places.map((position, i) => ({ key: firstScreenKeys.banners(position), data: banners[i] })),
    { key: firstScreenKeys.featured(), data: featured },
  ];
};

export const meta: Meta<"home"> = ({ origin, data }) => {
  const hero = data.get<Paginated<Banner>>(firstScreenKeys.banners(HOME_BANNERS.hero))?.items[0];
  const image = absolute(origin, hero?.img);
  return {
    title: `${SHOP_NAME}: electronics, fashion, beauty and jewelry`,
    description:
      "Electronics, fashion, beauty and jewelry, priced in Dominican pesos or US dollars: new arrivals, offers and coupons.",
    canonical: `${origin}/`,
    preloadImage: picturePreloadOf(origin, hero?.img, PICTURE_SLOTS.banner),
    openGraph: { type: "website", image },
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: SHOP_NAME,
        url: `${origin}/`,
        potentialAction: {
          "@type": "SearchAction",
          // The template search engines fill in: the braces stay as they are.
          target: `${origin}${shopHref.search("")}?searchText={search_term_string}`,
          "query-input": "required name=search_term_string",
        },
      },
    ],
  };
};

/** One section of the chunk of the sections below the first screen (home/lower-sections.tsx). */
const lowerSection = (name: "Offers" | "CategoriesSection" | "NewArrivals" | "BlogTeaser") =>
  lazy(
    async (): Promise<{ default: ComponentType }> => ({
      default: (await import("./home/lower-sections.tsx"))[name],
    }),
  );
const Offers = lowerSection("Offers");
const CategoriesSection = lowerSection("CategoriesSection");
const NewArrivals = lowerSection("NewArrivals");
const BlogTeaser = lowerSection("BlogTeaser");
// Its tabs load when the shopper scrolls near it, in a chunk of their own.
const ProductsByType = lazy(() => import("./home/products-by-type.tsx"));

/**
 * A section below the first screen: drawn once the shopper scrolls near it, its code loaded then. Until the code is
 * here, a placeholder of its height says it is loading (and a journey waits for it, as for any placeholder).
 */
function Lower({ minHeight, children }: { minHeight: number; children: ReactNode }) {
  return (
    <WhenNear minHeight={minHeight}>
      <Suspense fallback={<Box aria-busy="true" sx={{ minHeight }} />}>{children}</Suspense>
    </WhenNear>
  );
}

export default function HomePage() {
  return (
    <Container maxWidth="xl" sx={{ pt: { xs: 2, md: 3 } }}>
      <Typography component="h1" sx={visuallyHidden}>
        The shop: electronics, fashion, beauty and jewelry
      </Typography>
      <Banners position={HOME_BANNERS.hero} priority label="Offers" />
      <Section title="Featured products" action={{ label: "Shop all", href: "/shop" }}>
        <Featured />
      </Section>
      <Box sx={BANNER_SPACE}>
        <Banners position={HOME_BANNERS.middle} label="Featured collections" />
      </Box>
      {/* Below the first screen on a phone: each renders as the shopper scrolls near it. */}
      <Lower minHeight={320}>
        <Offers />
      </Lower>
      <Lower minHeight={360}>
        <CategoriesSection />
      </Lower>
      <Lower minHeight={480}>
        <NewArrivals />
      </Lower>
      <Lower minHeight={540}>
        <ProductsByType />
      </Lower>
      <Box sx={BANNER_SPACE}>
        <Banners position={HOME_BANNERS.bottom} label="More collections" />
      </Box>
      <Lower minHeight={400}>
        <BlogTeaser />
      </Lower>
    </Container>
  );
}
