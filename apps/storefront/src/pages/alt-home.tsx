/** /home-2, /home-3, /home-4: three more home designs, each with its own header and footer (layout "own"). */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ProductType } from "@shop/domain/constants";
import { AppLayout } from "#app/layout.tsx";
import { Section } from "#components/section.tsx";
import { Categories, Hero, Listed } from "#features/catalog/components/sections.tsx";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";
import type { ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import { usePageHead } from "#lib/head.ts";

type Design = "electronics" | "fashion" | "beauty";

const DESIGNS: Record<Design, { types: ProductType[]; title: string; tone: ShopLayoutProps["tone"] }> = {
  electronics: {
    types: ["electronics"],
    title: "Electronics",
    tone: { background: "#10141f", color: "#ffffff", logo: "The shop · Tech", footerBackground: "#10141f" },
  },
  fashion: {
    types: ["fashion"],
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
    title: "Beauty & Jewelry",
    tone: { background: "#f8f3ea", color: "#4a3512", logo: "The shop · Beauty", footerBackground: "#4a3512" },
  },
};

function Content({ design }: { design: Design }) {
  const { types, title } = DESIGNS[design];
  usePageHead(title, `${title} at the shop, priced in Dominican pesos and US dollars.`);
  return (
    <Container maxWidth="xl" sx={{ pt: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2, fontSize: { xs: "1.75rem", md: "2.25rem" } }}>
        {title}
      </Typography>
      <Hero pick={(link) => types.some((t) => link.includes(`productType=${t}`))} />
      {types.map((type) => (
        <Section
          key={type}
          title={productTypeLabels[type]}
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

export default function AltHomePage({ design }: { design: Design }) {
  return (
    <AppLayout tone={DESIGNS[design].tone}>
      <Content design={design} />
    </AppLayout>
  );
}
