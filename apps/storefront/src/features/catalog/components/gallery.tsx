/** A product's pictures: the active one large, thumbnails (or arrows) to choose; a colour chooses its picture. */
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import type { Product } from "@shop/domain/schemas";

export type GalleryStyle = "thumbnails" | "side" | "slider" | "grid";

export function Gallery({
  product,
  active,
  onSelect,
  style,
}: {
  product: Pick<Product, "title" | "img" | "imageURLs">;
  active: number;
  onSelect(index: number): void;
  style: GalleryStyle;
}) {
  const images = product.imageURLs.length ? product.imageURLs : [{ img: product.img, color: null }];
  const current = images[Math.min(active, images.length - 1)]!;
  const main = (
    <Box
      component="img"
      src={current.img}
      alt={current.color ? `${product.title} in ${current.color.name}` : product.title}
      width={600}
      height={600}
      fetchPriority="high"
      sx={{
        display: "block",
        width: "100%",
        height: "auto",
        aspectRatio: "1 / 1",
        borderRadius: 2,
        bgcolor: "#eef0f4",
      }}
    />
  );
  if (style === "grid") {
    return (
      <Box sx={{ display: "grid", gap: 1, gridTemplateColumns: images.length > 1 ? "1fr 1fr" : "1fr" }}>
        {images.map((image, index) => (
          <Box
            key={image.img}
            component="img"
            src={image.img}
            alt={image.color ? `${product.title} in ${image.color.name}` : product.title}
            width={600}
            height={600}
            fetchPriority={index === 0 ? "high" : "auto"}
            loading={index < 2 ? "eager" : "lazy"}
            sx={{
              width: "100%",
              height: "auto",
              aspectRatio: "1 / 1",
              borderRadius: 2,
              bgcolor: "#eef0f4",
              outline: index === active ? 2 : 0,
              outlineColor: "primary.main",
            }}
          />
        ))}
      </Box>
    );
  }
  const thumbs = images.length > 1 && style !== "slider" && (
    <Box
      role="group"
      aria-label="Pictures"
      sx={{
        display: "flex",
        flexDirection: style === "side" ? { xs: "row", md: "column" } : "row",
        gap: 1,
        flexWrap: "wrap",
      }}
    >
      {images.map((image, index) => (
        <Box
          key={image.img}
          component="button"
          type="button"
          aria-label={`Picture ${index + 1}${image.color ? `: ${image.color.name}` : ""}`}
          aria-pressed={index === active}
          onClick={() => onSelect(index)}
          sx={{
            p: 0,
            border: 2,
            borderColor: index === active ? "primary.main" : "transparent",
            borderRadius: 1.5,
            bgcolor: "transparent",
            cursor: "pointer",
            width: 72,
          }}
        >
          <Box
            component="img"
            src={image.img}
            alt=""
            width={600}
            height={600}
            loading="lazy"
            sx={{ display: "block", width: "100%", height: "auto", borderRadius: 1 }}
          />
        </Box>
      ))}
    </Box>
  );
  if (style === "slider" && images.length > 1) {
    return (
      <Box sx={{ position: "relative" }}>
        {main}
        <IconButton
          aria-label="Previous picture"
          onClick={() => onSelect((active - 1 + images.length) % images.length)}
          sx={{ position: "absolute", top: "50%", left: 8, bgcolor: "background.paper" }}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton
          aria-label="Next picture"
          onClick={() => onSelect((active + 1) % images.length)}
          sx={{ position: "absolute", top: "50%", right: 8, bgcolor: "background.paper" }}
        >
          <ChevronRightIcon />
        </IconButton>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: "flex",
        gap: 1.5,
        flexDirection: style === "side" ? { xs: "column-reverse", md: "row" } : "column",
      }}
    >
      {style === "side" && thumbs}
      <Box sx={{ flex: 1 }}>{main}</Box>
      {style !== "side" && thumbs}
    </Box>
  );
}
