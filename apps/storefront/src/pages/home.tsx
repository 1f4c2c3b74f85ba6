/** The home page: banner slider, featured products, a banner, offers with their countdown, categories, new arrivals, products by type, a banner, blog teaser. */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import visuallyHidden from "@mui/utils/visuallyHidden";
import { HOME_BANNERS } from "@shop/domain/banners";
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { shopHref } from "@shop/domain/routes";
import { BlogCard } from "@shop/ui/blog-card";
import { Countdown } from "@shop/ui/countdown";
import { EmptyState } from "@shop/ui/empty-state";
import { Price } from "@shop/ui/price";
import { ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import { WhenNear } from "#components/when-near.tsx";
import { blogQueries } from "#features/blog/queries.ts";
import { ProductGrid } from "#features/catalog/components/product-grid.tsx";
import { Banners, Categories, Listed } from "#features/catalog/components/sections.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { useMoney } from "#features/currency/use-money.ts";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";
import { SHOP_NAME } from "#lib/shop-name.ts";
import { usePageHead } from "#lib/use-page-head.ts";

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

function Offers() {
  const { data } = useQuery(catalogQueries.featured());
  const money = useMoney();
  const now = Date.now();
  const offers = (data ?? []).filter((p) => p.offerDate && Date.parse(p.offerDate.endDate) > now).slice(0, 2);
  if (offers.length === 0) return null;
  return (
    <Section title="Deals of the week" action={{ label: "All deals", href: "/shop?status=on-sale" }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        {offers.map((product) => (
          <Box
            key={product.id}
            component="article"
            sx={{ display: "flex", gap: 2, p: 2, bgcolor: "background.paper", borderRadius: 2, boxShadow: 1 }}
          >
            <Box
              component="img"
              src={product.img}
              alt=""
              width={600}
              height={600}
              loading="lazy"
              sx={{
                width: { xs: 104, sm: 160 },
                height: "auto",
                aspectRatio: "1 / 1",
                borderRadius: 1,
                alignSelf: "flex-start",
              }}
            />
            <Box sx={{ display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 700 }}>
                <Link href={shopHref.product(product.id)} color="inherit">
                  {product.title}
                </Link>
              </Typography>
              {money && <Price price={product.price} discount={product.discount} {...money} />}
              <Countdown endDate={product.offerDate!.endDate} />
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

function BlogTeaser() {
  const { data } = useQuery(blogQueries.list(1, 3));
  if (!data?.items.length) return null;
  return (
    <Section title="From the blog" action={{ label: "All posts", href: "/blog" }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" } }}>
        {data.items.map((post) => (
          <BlogCard key={post.id} post={post} href={shopHref.blogPost(post.slug)} />
        ))}
      </Box>
    </Section>
  );
}

export default function HomePage() {
  usePageHead(
    SHOP_NAME,
    "Electronics, fashion, beauty and jewelry, priced in Dominican pesos and US dollars.",
  );
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
      <WhenNear minHeight={320}>
        <Offers />
      </WhenNear>
      <WhenNear minHeight={360}>
        <Section title="Categories" action={{ label: "All categories", href: "/shop-categories" }}>
          <Categories count={6} />
        </Section>
      </WhenNear>
      <WhenNear minHeight={480}>
        <Section title="New arrivals" action={{ label: "See more", href: "/shop?sort=new-added" }}>
          <Listed filters={{ sort: "new-added", pageSize: 4 }} />
        </Section>
      </WhenNear>
      <WhenNear minHeight={540}>
        <ByType />
      </WhenNear>
      <Box sx={BANNER_SPACE}>
        <Banners position={HOME_BANNERS.bottom} label="More collections" />
      </Box>
      <WhenNear minHeight={400}>
        <BlogTeaser />
      </WhenNear>
    </Container>
  );
}
