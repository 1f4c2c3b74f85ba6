/** /home-2, /home-3, /home-4: three more home designs, each with its own header and footer (layout "own"). */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ProductType } from "@shop/domain/constants";
import { useQuery } from "@tanstack/react-query";
import { HeaderTools, MenuTools } from "#app/header-tools.tsx";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import { CategoryTiles } from "#features/catalog/components/category-tiles.tsx";
import { Hero } from "#features/catalog/components/hero.tsx";
import { ProductGrid, ProductGridSkeleton } from "#features/catalog/components/product-grid.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";
import { ShopLayout, type ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import { usePageHead } from "#lib/head.ts";

type Design = "electronics" | "fashion" | "beauty";

const DESIGNS: Record<Design, { types: ProductType[]; title: string; tone: ShopLayoutProps["tone"] }> = {
  electronics: {
    types: ["electronics"],
    title: "Electronics",
    tone: { background: "#10141f", color: "#ffffff", logo: "The shop · Tech", footerBackground: "#10141f" },
  },
  fashion: {
    types: ["fashion"],
    title: "Fashion",
    tone: {
      background: "#fdf1f4",
      color: "#5c1233",
      logo: "The shop · Fashion",
      footerBackground: "#5c1233",
    },
  },
  beauty: {
    types: ["beauty", "jewelry"],
    title: "Beauty & Jewelry",
    tone: { background: "#f8f3ea", color: "#4a3512", logo: "The shop · Beauty", footerBackground: "#4a3512" },
  },
};

function TypeSection({ type, priority }: { type: ProductType; priority: boolean }) {
  const { data, error, refetch, isPending } = useQuery(
    catalogQueries.list({ productType: type, pageSize: 8 }),
  );
  return (
    <Section title={productTypeLabels[type]} action={{ label: "Shop all", href: productTypeHref(type) }}>
      {isPending ? (
        <ProductGridSkeleton count={4} />
      ) : error ? (
        <LoadError error={error} onRetry={() => refetch()} what="these products" />
      ) : data.items.length === 0 ? (
        <Typography>No products here yet.</Typography>
      ) : (
        <ProductGrid products={data.items} priorityCount={priority ? 2 : 0} />
      )}
    </Section>
  );
}

function Content({ design }: { design: Design }) {
  const { types, title } = DESIGNS[design];
  usePageHead(title, `${title} at the shop, priced in Dominican pesos and US dollars.`);
  const banners = useQuery(catalogQueries.banners("home-hero"));
  const categories = useQuery(catalogQueries.categories(types[0]));
  const banner =
    banners.data?.items.find((b) => types.some((t) => b.link.includes(`productType=${t}`))) ??
    banners.data?.items[0];
  return (
    <Container maxWidth="xl" sx={{ pt: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2, fontSize: { xs: "1.75rem", md: "2.25rem" } }}>
        {title}
      </Typography>
      {banners.error ? (
        <LoadError error={banners.error} onRetry={() => banners.refetch()} what="the banners" />
      ) : (
        <Hero banner={banner} />
      )}
      {types.map((type, index) => (
        <TypeSection key={type} type={type} priority={index === 0 && !banner} />
      ))}
      <Section title="Categories">
        {categories.error ? (
          <LoadError error={categories.error} onRetry={() => categories.refetch()} what="the categories" />
        ) : (
          <CategoryTiles categories={categories.data?.items} />
        )}
      </Section>
    </Container>
  );
}

export default function AltHomePage({ design }: { design: Design }) {
  return (
    <ShopLayout tools={<HeaderTools />} menuExtras={<MenuTools />} tone={DESIGNS[design].tone}>
      <Content design={design} />
    </ShopLayout>
  );
}
