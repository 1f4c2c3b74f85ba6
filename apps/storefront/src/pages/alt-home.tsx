/** /home-2, /home-3, /home-4: three more home designs, each with its own header and footer (layout "own"). */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { ALT_HOME_HERO } from "@shop/domain/banners";
import type { ProductType } from "@shop/domain/constants";
import type { ComponentType, ReactNode } from "react";
import { Section } from "#components/section.tsx";
import { Banners, Categories, Listed } from "#features/catalog/components/sections.tsx";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";
import type { ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import { usePageHead } from "#lib/use-page-head.ts";

type Design = "electronics" | "fashion" | "beauty";

interface DesignOf {
  types: ProductType[];
  title: string;
  /** The banner position of its own slider: a design never shows another home's banners. */
  banners: (typeof ALT_HOME_HERO)[keyof typeof ALT_HOME_HERO];
  tone: ShopLayoutProps["tone"];
}

const DESIGNS: Record<Design, DesignOf> = {
  electronics: {
    types: ["electronics"],
    banners: ALT_HOME_HERO.home2,
    title: "Electronics",
    tone: { background: "#10141f", color: "#ffffff", logo: "The shop · Tech", footerBackground: "#10141f" },
  },
  fashion: {
    types: ["fashion"],
    banners: ALT_HOME_HERO.home3,
    title: "Fashion",
    tone: {
      background: "#fdf1f4",
      color: "#5c1233",
      logo: "The shop · Fashion",
      footerBackground: "#5c1233",
    },
  },
  beauty: {
    types: ["beauty", "jewelry"],
    banners: ALT_HOME_HERO.home4,
    title: "Beauty & Jewelry",
    tone: { background: "#f8f3ea", color: "#4a3512", logo: "The shop · Beauty", footerBackground: "#4a3512" },
  },
};

function Content({ design }: { design: Design }) {
  const { types, title, banners } = DESIGNS[design];
  usePageHead(title, `${title} at the shop, priced in Dominican pesos and US dollars.`);
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

/** The app's layout, which the route table hands in: a page does not reach up into the app that mounts it. */
type Layout = ComponentType<{ tone?: ShopLayoutProps["tone"]; children: ReactNode }>;

export default function AltHomePage({ design, Layout }: { design: Design; Layout: Layout }) {
  return (
    <Layout tone={DESIGNS[design].tone}>
      <Content design={design} />
    </Layout>
  );
}
