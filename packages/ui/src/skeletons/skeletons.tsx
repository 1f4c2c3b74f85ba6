/**
 * Placeholders shaped like what is loading (product cards, a product page, text, a picture), announced once as
 * loading. Their grey shapes are MUI's Skeleton as one style rule of plain spans (`Bone`): pages show them on their
 * first screen (home's featured products before their data), and MUI's Skeleton brought its own component and
 * motion helpers there.
 */
import { keyframes } from "@emotion/react";
import Box from "@mui/material/Box";
import { alpha, styled } from "@mui/material/styles";
import type { CSSProperties, ReactNode } from "react";
import { visuallyHidden } from "#internal/visually-hidden.ts";

const pulse = keyframes({ "0%": { opacity: 1 }, "50%": { opacity: 0.4 }, "100%": { opacity: 1 } });

/** The class of every grey shape, for a test or a journey that waits for them to go. */
export const SKELETON_CLASS = "shop-skeleton";

/** MUI's Skeleton's look and pulse: a line of text (scaled to 60% of its line), a rounded block or a square one. */
const Shape = styled("span")(({ theme }) => {
  const radius = Number(theme.shape.borderRadius);
  return {
    display: "block",
    height: "1.2em",
    backgroundColor: alpha(theme.palette.text.primary, 0.11),
    animation: `${pulse} 2s ease-in-out 0.5s infinite`,
    "@media (prefers-reduced-motion: reduce)": { animation: "none" },
    "&[data-variant='text']": {
      marginTop: 0,
      marginBottom: 0,
      height: "auto",
      transformOrigin: "0 55%",
      transform: "scale(1, 0.60)",
      borderRadius: `${radius}px/${Math.round((radius / 0.6) * 10) / 10}px`,
      "&:empty:before": { content: '"\\00a0"' },
    },
    "&[data-variant='rounded']": { borderRadius: radius },
  };
});

interface BoneProps {
  variant?: "text" | "rounded" | "rectangular";
  width?: number | string;
  height?: number | string;
  style?: CSSProperties;
}

/** One grey shape; a number is pixels, as MUI's Skeleton takes them. */
function Bone({ variant = "text", width, height, style }: BoneProps) {
  return <Shape className={SKELETON_CLASS} data-variant={variant} style={{ width, height, ...style }} />;
}

/** A square picture's place: as wide as its box. */
const squareSx = { width: "100%", height: "auto", aspectRatio: "1 / 1" } as const;

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
      <Bone variant="rounded" style={squareSx} />
      <Box>
        <Bone width="40%" />
        <Bone width="90%" height={28} />
        <Bone width="60%" />
        <Bone width="35%" height={28} />
        {list && <Bone variant="rounded" width={140} height={36} style={{ marginTop: 8 }} />}
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
          <Bone variant="rounded" style={squareSx} />
          <Box sx={{ display: "flex", gap: 1, mt: 1.5 }}>
            {[0, 1, 2].map((i) => (
              <Bone key={i} variant="rounded" width={72} height={72} />
            ))}
          </Box>
        </Box>
        <Box>
          <Bone width="30%" />
          <Bone width="85%" height={44} />
          <Bone width="40%" />
          <Bone width="45%" height={40} style={{ marginTop: 8, marginBottom: 8 }} />
          <Bone />
          <Bone />
          <Bone width="70%" />
          <Box sx={{ display: "flex", gap: 1, mt: 2 }}>
            <Bone variant="rounded" width={132} height={44} />
            <Bone variant="rounded" width={160} height={44} />
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
        <Bone key={index} width={index === lines - 1 && lines > 1 ? "60%" : "100%"} />
      ))}
    </Loading>
  );
}

export interface PictureSkeletonProps {
  /** The picture's proportions, as CSS's `aspect-ratio` ("1600 / 600"). */
  ratio: string;
  label?: string;
}

/** A picture's place while it loads (a banner), as wide as its box and of its proportions. */
export function PictureSkeleton({ ratio, label = "Loading" }: PictureSkeletonProps) {
  return (
    <Loading label={label}>
      <Bone
        variant="rectangular"
        style={{ width: "100%", height: "auto", aspectRatio: ratio, borderRadius: 16 }}
      />
    </Loading>
  );
}
