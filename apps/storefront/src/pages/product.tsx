/** /product-details/{id}, and /product-details and its variants (a featured product, shown in the variant's way). */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { slugify } from "@shop/domain/catalogue";
import type { Product } from "@shop/domain/schemas/public";
import { Breadcrumb } from "@shop/ui/breadcrumb";
import { ProductDetailsSkeleton, ProductGridSkeleton } from "@shop/ui/skeletons";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import { WhenNear } from "#components/when-near.tsx";
import { type DetailsLayout, ProductDetails } from "#features/catalog/components/product-details.tsx";
import { ProductGrid } from "#features/catalog/components/product-grid.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { NotFound } from "#features/content/not-found.tsx";
import { isNotFound } from "#lib/errors.ts";
import { usePageHead } from "#lib/use-page-head.ts";

export type ProductVariant = "default" | "list" | "video" | "slider" | "gallery" | "swatches" | "countdown";

const LAYOUT: Record<ProductVariant, DetailsLayout> = {
  default: { gallery: "side", details: "tabs" },
  list: { gallery: "side", details: "sections" },
  video: { gallery: "side", details: "tabs" },
  slider: { gallery: "stacked", details: "tabs" },
  gallery: { gallery: "wide", details: "tabs" },
  swatches: { gallery: "side", details: "tabs" },
  countdown: { gallery: "side", details: "tabs" },
};

/** The featured product a variant page shows: one that has what the variant is about. */
const PICK: Record<ProductVariant, (p: Product) => boolean> = {
  default: () => true,
  list: (p) => p.imageURLs.length > 1,
  video: (p) => p.videoId !== null,
  slider: (p) => p.imageURLs.length > 1,
  gallery: (p) => p.imageURLs.length > 1,
  swatches: (p) => p.imageURLs.filter((i) => i.color).length > 1,
  countdown: (p) => p.offerDate !== null && Date.parse(p.offerDate.endDate) > Date.now(),
};

/** The API's longest id or slug; anything longer cannot be a product. */
const MAX_ID = 200;

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

function Loaded({ idOrSlug, variant }: { idOrSlug: string; variant: ProductVariant }) {
  const { data: product, error, refetch, isPending } = useQuery(catalogQueries.product(idOrSlug));
  usePageHead(product?.title ?? (isPending ? null : "Product"), product?.description);
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
          { label: "Shop", href: "/shop" },
          { label: product.parent, href: `/shop?category=${slugify(product.parent)}` },
          { label: product.title },
        ]}
      />
      <ProductDetails key={product.id} product={product} layout={LAYOUT[variant]} />
      {/* Below the product on every screen: asked for and drawn as the shopper scrolls near it. */}
      <WhenNear minHeight={480}>
        <Related product={product} />
      </WhenNear>
    </>
  );
}

function Featured({ variant }: { variant: ProductVariant }) {
  const { data, error, refetch, isPending } = useQuery(catalogQueries.featured());
  if (isPending) return <ProductDetailsSkeleton />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="this product" />;
  const chosen = data.find(PICK[variant]) ?? data[0];
  if (!chosen) return <Typography>No featured product yet.</Typography>;
  return <Loaded idOrSlug={chosen.id} variant={variant} />;
}

export default function ProductPage({ variant }: { variant: ProductVariant }) {
  const { id } = useParams();
  if (id !== undefined && (id.trim() === "" || id.length > MAX_ID)) return <NotFound />;
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      {id === undefined ? <Featured variant={variant} /> : <Loaded idOrSlug={id} variant={variant} />}
    </Container>
  );
}
