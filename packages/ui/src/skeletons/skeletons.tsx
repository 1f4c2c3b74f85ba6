/** Placeholders shaped like what is loading (product cards, a product page, text), announced once as loading. */
import Box from "@mui/material/Box";
import Skeleton from "@mui/material/Skeleton";
import type { ReactNode } from "react";
import { visuallyHidden } from "#internal/visually-hidden.ts";

/** A status region that says what is loading; the grey shapes themselves are hidden from screen readers. */
function Loading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="status" aria-busy="true">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Box aria-hidden="true">{children}</Box>
    </Box>
  );
}

function CardShape({ layout }: { layout: "grid" | "list" }) {
  const list = layout === "list";
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: list ? "minmax(0, 1fr) minmax(0, 2fr)" : "1fr",
        gap: 1.5,
        p: 1.5,
        bgcolor: "background.paper",
        borderRadius: 2,
      }}
    >
      <Skeleton variant="rounded" sx={{ width: "100%", height: "auto", aspectRatio: "1 / 1" }} />
      <Box>
        <Skeleton width="40%" />
        <Skeleton width="90%" height={28} />
        <Skeleton width="60%" />
        <Skeleton width="35%" height={28} />
        {list && <Skeleton variant="rounded" width={140} height={36} sx={{ mt: 1 }} />}
      </Box>
    </Box>
  );
}

export interface ProductCardSkeletonProps {
  layout?: "grid" | "list";
  label?: string;
}

export function ProductCardSkeleton({
  layout = "grid",
  label = "Loading product",
}: ProductCardSkeletonProps) {
  return (
    <Loading label={label}>
      <CardShape layout={layout} />
    </Loading>
  );
}

export interface ProductGridSkeletonProps {
  layout?: "grid" | "list";
  count?: number;
  label?: string;
}

/** As many card shapes as the page will show, in the listing's grid (or one column for the list form). */
export function ProductGridSkeleton({
  layout = "grid",
  count = 12,
  label = "Loading products",
}: ProductGridSkeletonProps) {
  return (
    <Loading label={label}>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns:
            layout === "list"
              ? "1fr"
              : {
                  xs: "repeat(2, minmax(0, 1fr))",
                  md: "repeat(3, minmax(0, 1fr))",
                  lg: "repeat(4, minmax(0, 1fr))",
                },
        }}
      >
        {Array.from({ length: Math.max(0, count) }, (_, index) => (
          <CardShape key={index} layout={layout} />
        ))}
      </Box>
    </Loading>
  );
}

export function ProductDetailsSkeleton({ label = "Loading product" }: { label?: string }) {
  return (
    <Loading label={label}>
      <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <Box>
          <Skeleton variant="rounded" sx={{ width: "100%", height: "auto", aspectRatio: "1 / 1" }} />
          <Box sx={{ display: "flex", gap: 1, mt: 1.5 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" width={72} height={72} />
            ))}
          </Box>
        </Box>
        <Box>
          <Skeleton width="30%" />
          <Skeleton width="85%" height={44} />
          <Skeleton width="40%" />
          <Skeleton width="45%" height={40} sx={{ my: 1 }} />
          <Skeleton />
          <Skeleton />
          <Skeleton width="70%" />
          <Box sx={{ display: "flex", gap: 1, mt: 2 }}>
            <Skeleton variant="rounded" width={132} height={44} />
            <Skeleton variant="rounded" width={160} height={44} />
          </Box>
        </Box>
      </Box>
    </Loading>
  );
}

export interface TextSkeletonProps {
  lines?: number;
  label?: string;
}

export function TextSkeleton({ lines = 3, label = "Loading" }: TextSkeletonProps) {
  return (
    <Loading label={label}>
      {Array.from({ length: Math.max(1, lines) }, (_, index) => (
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? "60%" : "100%"} />
      ))}
    </Loading>
  );
}
