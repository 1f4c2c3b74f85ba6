/** The home page's hero: the first active banner of a position, its picture the page's LCP image. */
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { Banner } from "@shop/domain/schemas";

export function Hero({ banner, priority = true }: { banner: Banner | undefined; priority?: boolean }) {
  if (!banner) {
    return (
      <Skeleton
        variant="rectangular"
        sx={{ width: "100%", height: "auto", aspectRatio: "16 / 6", borderRadius: 2 }}
      />
    );
  }
  return (
    <Box
      component="section"
      aria-label={banner.title}
      sx={{ position: "relative", borderRadius: 2, overflow: "hidden" }}
    >
      <Box
        component="img"
        src={banner.img}
        alt={`${banner.title}: ${banner.subtitle}`}
        width={1600}
        height={600}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        sx={{
          display: "block",
          width: "100%",
          height: "auto",
          aspectRatio: "16 / 6",
          objectFit: "cover",
          bgcolor: "#dfe3ea",
        }}
      />
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          gap: 2,
          p: { xs: 1.5, sm: 2 },
          bgcolor: "background.paper",
        }}
      >
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {banner.title}
        </Typography>
        <Button variant="contained" href={banner.link} sx={{ flexShrink: 0 }}>
          Shop now
        </Button>
      </Box>
    </Box>
  );
}
