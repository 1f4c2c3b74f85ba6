/**
 * A live preview of the banner being edited, as the storefront draws it, at a phone's width and a desk's (drawn at
 * its real width and shown at half size): the banner lays itself out by the width it is given, so both are true.
 */
import Box from "@mui/material/Box";
import { ThemeProvider } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { HeroBanner } from "@shop/ui/hero-banner";
import { shopTheme } from "@shop/ui/theme";
import type { ReactNode } from "react";
import { FormDataConsumer, useTranslate } from "react-admin";

/** The storefront's content width on a 390 px phone and a 1366 px desk (the page's side margins taken off). */
const PHONE_WIDTH = 358;
const DESK_WIDTH = 1318;
const DESK_SCALE = 0.5;

function Frame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, display: "flex", flexDirection: "column", gap: 1 }}>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

interface BannerFormData {
  title?: string;
  subtitle?: string;
  img?: string | { src?: string };
  link?: string;
}

export function BannerPreview() {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      aria-label={translate("shop.banners.preview")}
      sx={{ width: "100%", mt: 2, overflowX: "auto" }}
    >
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {translate("shop.banners.preview")}
      </Typography>
      <FormDataConsumer<BannerFormData>>
        {({ formData }) => {
          const img = typeof formData.img === "string" ? formData.img : (formData.img?.src ?? "");
          const banner = {
            title: formData.title || translate("shop.banners.preview_title"),
            subtitle: formData.subtitle ?? "",
            img,
            link: formData.link || "/shop",
          };
          return (
            <ThemeProvider theme={shopTheme}>
              <Box sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "flex-start" }}>
                <Frame label={translate("shop.banners.preview_phone")}>
                  <Box data-preview="phone" sx={{ width: PHONE_WIDTH }}>
                    <HeroBanner banner={banner} component="h3" />
                  </Box>
                </Frame>
                <Frame label={translate("shop.banners.preview_desk")}>
                  <Box
                    sx={{
                      width: DESK_WIDTH * DESK_SCALE,
                      height: ((DESK_WIDTH * 600) / 1600) * DESK_SCALE,
                      overflow: "hidden",
                    }}
                  >
                    <Box
                      data-preview="desk"
                      sx={{
                        width: DESK_WIDTH,
                        transform: `scale(${DESK_SCALE})`,
                        transformOrigin: "top left",
                      }}
                    >
                      <HeroBanner banner={banner} component="h3" />
                    </Box>
                  </Box>
                </Frame>
              </Box>
            </ThemeProvider>
          );
        }}
      </FormDataConsumer>
    </Box>
  );
}
