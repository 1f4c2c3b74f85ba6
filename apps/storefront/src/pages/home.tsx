/** The home page: hero banner, featured products, offers with their countdown, categories, new arrivals, products by type, blog teaser. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { shopHref } from "@shop/domain/routes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import { PostCard } from "#features/blog/components/post-card.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { CategoryTiles } from "#features/catalog/components/category-tiles.tsx";
import { Hero } from "#features/catalog/components/hero.tsx";
import { OfferCountdown } from "#features/catalog/components/offer-countdown.tsx";
import { ProductGrid, ProductGridSkeleton } from "#features/catalog/components/product-grid.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";
import { usePageHead } from "#lib/head.ts";

function ProductsOf({
  query,
  count = 8,
  priorityCount = 0,
}: {
  query: ReturnType<typeof catalogQueries.featured>;
  count?: number;
  priorityCount?: number;
}) {
  const { data, error, refetch, isPending } = useQuery(query);
  if (isPending) return <ProductGridSkeleton count={Math.min(count, 4)} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="these products" />;
  if (data.length === 0) return <Typography>No products here yet.</Typography>;
  return <ProductGrid products={data.slice(0, count)} priorityCount={priorityCount} />;
}

function Offers() {
  const { data } = useQuery(catalogQueries.featured());
  const now = Date.now();
  const offers = (data ?? []).filter((p) => p.offerDate && Date.parse(p.offerDate.endDate) > now).slice(0, 2);
  if (offers.length === 0) return null;
  return (
    <Section title="Deals of the week" action={{ label: "All deals", href: "/shop?status=on-sale" }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {offers.map((product) => (
          <Box
            key={product.id}
            sx={{
              display: "flex",
              gap: 2,
              p: 2,
              bgcolor: "background.paper",
              border: 1,
              borderColor: "divider",
              borderRadius: 2,
            }}
          >
            <Box
              component="img"
              src={product.img}
              alt=""
              width={600}
              height={600}
              loading="lazy"
              sx={{ width: { xs: 112, sm: 160 }, height: "auto", aspectRatio: "1 / 1", borderRadius: 1 }}
            />
            <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                <Link href={shopHref.product(product.id)} sx={{ color: "inherit" }}>
                  {product.title}
                </Link>
              </Typography>
              <Typography variant="body2" sx={{ color: "secondary.main", fontWeight: 700 }}>
                {product.discount}% off
              </Typography>
              <OfferCountdown endDate={product.offerDate!.endDate} />
            </Box>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function ByType() {
  const [type, setType] = useState<ProductType>("electronics");
  return (
    <Section
      title="Shop by type"
      action={{ label: `All ${productTypeLabels[type].toLowerCase()}`, href: productTypeHref(type) }}
    >
      <Tabs
        value={type}
        onChange={(_, value: ProductType) => setType(value)}
        variant="scrollable"
        aria-label="Product types"
        sx={{ mb: 2 }}
      >
        {PRODUCT_TYPES.map((t) => (
          <Tab key={t} value={t} label={productTypeLabels[t]} />
        ))}
      </Tabs>
      <Listed filters={{ productType: type, pageSize: 4 }} />
    </Section>
  );
}

function Listed({ filters }: { filters: Parameters<typeof catalogQueries.list>[0] }) {
  const { data, error, refetch, isPending } = useQuery(catalogQueries.list(filters));
  if (isPending) return <ProductGridSkeleton count={4} />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="these products" />;
  if (data.items.length === 0) return <Typography>No products here yet.</Typography>;
  return <ProductGrid products={data.items} />;
}

function BlogTeaser() {
  const { data } = useQuery(blogQueries.list(1, 3));
  if (!data?.items.length) return null;
  return (
    <Section title="From the blog" action={{ label: "All posts", href: "/blog" }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
        {data.items.map((post) => (
          <PostCard key={post.id} post={post} />
        ))}
      </Box>
    </Section>
  );
}

export default function HomePage() {
  usePageHead(
    "The shop",
    "Electronics, fashion, beauty and jewelry, priced in Dominican pesos and US dollars.",
  );
  const hero = useQuery(catalogQueries.banners("home-hero"));
  const categories = useQuery(catalogQueries.categories());
  return (
    <Container maxWidth="xl" sx={{ pt: { xs: 2, md: 3 } }}>
      <Typography
        component="h1"
        sx={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
      >
        The shop: electronics, fashion, beauty and jewelry
      </Typography>
      {hero.error ? (
        <LoadError error={hero.error} onRetry={() => hero.refetch()} what="the banners" />
      ) : (
        <Hero banner={hero.data?.items[0]} />
      )}
      <Section title="Featured products" action={{ label: "Shop all", href: "/shop" }}>
        <ProductsOf query={catalogQueries.featured()} priorityCount={0} />
      </Section>
      <Offers />
      <Section title="Categories" action={{ label: "All categories", href: "/shop-categories" }}>
        {categories.error ? (
          <LoadError error={categories.error} onRetry={() => categories.refetch()} what="the categories" />
        ) : (
          <CategoryTiles categories={categories.data?.items.slice(0, 6)} />
        )}
      </Section>
      <Section title="New arrivals" action={{ label: "See more", href: "/shop?sort=new-added" }}>
        <Listed filters={{ sort: "new-added", pageSize: 4 }} />
      </Section>
      <ByType />
      <BlogTeaser />
    </Container>
  );
}
