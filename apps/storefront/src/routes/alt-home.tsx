/** /home-2, /home-3, /home-4: three more home designs, each with a header and footer in its own colours. */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { ALT_HOME_HERO } from "@shop/domain/banners";
import type { ProductType } from "@shop/domain/constants";
import { firstScreenKeys } from "@shop/domain/first-screen";
import { type Loader, type Meta, type PageProps, pageHead, type RouteHandle } from "#app/route-module.ts";
import { Section } from "#components/section.tsx";
import { Banners } from "#features/catalog/components/banners.tsx";
import { Categories, Listed } from "#features/catalog/components/sections.tsx";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";
import type { ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import type { RoutesOf } from "#routes.ts";

interface DesignOf {
  types: ProductType[];
  title: string;
  description: string;
  /** The banner position of its own slider: a design never shows another home's banners. */
  banners: (typeof ALT_HOME_HERO)[keyof typeof ALT_HOME_HERO];
  tone: ShopLayoutProps["tone"];
}

const DESIGNS: Record<RoutesOf<"alt-home">, DesignOf> = {
  home2: {
    types: ["electronics"],
    banners: ALT_HOME_HERO.home2,
    title: "Electronics",
    description: "Headphones, speakers, phones and the rest of our electronics, with offers that count down.",
    tone: { background: "#10141f", color: "#ffffff", logo: "The shop · Tech", footerBackground: "#10141f" },
  },
  home3: {
    types: ["fashion"],
    banners: ALT_HOME_HERO.home3,
    title: "Fashion",
    description: "Dresses, shoes, bags and the season's fashion, priced in Dominican pesos or US dollars.",
    tone: {
      background: "#fdf1f4",
      color: "#5c1233",
      logo: "The shop · Fashion",
      footerBackground: "#5c1233",
    },
  },
  home4: {
    types: ["beauty", "jewelry"],
    banners: ALT_HOME_HERO.home4,
    title: "Beauty & Jewelry",
    description: "Skincare, perfume, rings and necklaces: beauty and jewelry picked for gifts and for you.",
    tone: { background: "#f8f3ea", color: "#4a3512", logo: "The shop · Beauty", footerBackground: "#4a3512" },
  },
};

/** Its own banners open the page. */
export const loader: Loader<"alt-home"> = async ({ client, route }) => {
  const position = DESIGNS[route].banners;
  const banners = await client.banners.list({ active: true, position });
  return [{ key: firstScreenKeys.banners(position), data: banners }];
};

export const meta: Meta<"alt-home"> = (args) =>
  pageHead(args, DESIGNS[args.route].title, DESIGNS[args.route].description);

/** The layout around the page takes the design's colours. */
export const handle: RouteHandle = { tone: (route) => DESIGNS[route as RoutesOf<"alt-home">].tone };

export default function AltHomePage({ route }: PageProps<"alt-home">) {
  const { types, title, banners } = DESIGNS[route];
  return (
    <Container maxWidth="xl" sx={{ pt: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2, fontSize: { xs: "1.75rem", md: "2.25rem" } }}>
        {title}
      </Typography>
      <Banners position={banners} priority label={`${title} offers`} />
      {types.map((type) => (
        <Section
          key={type}
          // Not the type's bare name: on a one-type design that is the page's own heading.
          title={`${productTypeLabels[type]} picks`}
          action={{ label: "Shop all", href: productTypeHref(type) }}
        >
          <Listed filters={{ productType: type, pageSize: 8 }} count={8} />
        </Section>
      ))}
      <Section title="Categories">
        <Categories productType={types[0]} />
      </Section>
    </Container>
  );
}
