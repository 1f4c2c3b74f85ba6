/** /product-details/{id}, and /product-details and its variants (a featured product, shown in the variant's way). */
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { slugify } from "@shop/domain/catalogue";
import type { Product } from "@shop/domain/schemas";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { LoadError } from "#components/load-error.tsx";
import { Section } from "#components/section.tsx";
import type { GalleryStyle } from "#features/catalog/components/gallery.tsx";
import { ProductDetails } from "#features/catalog/components/product-details.tsx";
import { ProductGrid, ProductGridSkeleton } from "#features/catalog/components/product-grid.tsx";
import { catalogQueries } from "#features/catalog/queries.ts";
import { NotFound } from "#features/content/not-found.tsx";
import { isNotFound } from "#lib/errors.ts";
import { usePageHead } from "#lib/head.ts";

export type ProductVariant = "default" | "list" | "video" | "slider" | "gallery" | "swatches" | "countdown";

const GALLERY: Record<ProductVariant, GalleryStyle> = {
  default: "thumbnails",
  list: "side",
  video: "thumbnails",
  slider: "slider",
  gallery: "grid",
  swatches: "thumbnails",
  countdown: "thumbnails",
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
  if (isPending) return <DetailsSkeleton />;
  if (error)
    return isNotFound(error) ? (
      <NotFound />
    ) : (
      <LoadError error={error} onRetry={() => refetch()} what="this product" />
    );
  return (
    <>
      <Box component="nav" aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Typography variant="body2">
          <Link href="/">Home</Link> / <Link href="/shop">Shop</Link> /{" "}
          <Link href={`/shop?category=${slugify(product.parent)}`}>{product.parent}</Link> /{" "}
          <span aria-current="page">{product.title}</span>
        </Typography>
      </Box>
      <ProductDetails key={product.id} product={product} gallery={GALLERY[variant]} />
      <Related product={product} />
    </>
  );
}

function Featured({ variant }: { variant: ProductVariant }) {
  const { data, error, refetch, isPending } = useQuery(catalogQueries.featured());
  if (isPending) return <DetailsSkeleton />;
  if (error) return <LoadError error={error} onRetry={() => refetch()} what="this product" />;
  const chosen = data.find(PICK[variant]) ?? data[0];
  if (!chosen) return <Typography>No featured product yet.</Typography>;
  return <Loaded idOrSlug={chosen.id} variant={variant} />;
}

function DetailsSkeleton() {
  return (
    <Box
      role="status"
      aria-label="Loading the product"
      sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}
    >
      <Skeleton
        variant="rectangular"
        sx={{ width: "100%", height: "auto", aspectRatio: "1 / 1", borderRadius: 2 }}
      />
      <Box>
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" sx={{ fontSize: "2rem" }} />
        <Skeleton variant="text" width="80%" />
        <Skeleton variant="rectangular" height={48} sx={{ mt: 2 }} />
      </Box>
    </Box>
  );
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
