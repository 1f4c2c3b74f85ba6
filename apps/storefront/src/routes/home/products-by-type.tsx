/**
 * The home page's "Shop by type": four products of the chosen type under tabs. Its own chunk, loaded when the
 * shopper scrolls near it: MUI's tabs (and their roving focus) are 8 KiB of gzip the first screen does not need.
 */
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { useState } from "react";
import { Section } from "#components/section.tsx";
import { Listed } from "#features/catalog/components/sections.tsx";
import { productTypeHref, productTypeLabels } from "#features/layout/nav.ts";

export default function ProductsByType() {
  const [type, setType] = useState<ProductType>("electronics");
  return (
    <Section
      title="Shop by type"
      action={{ label: `All ${productTypeLabels[type].toLowerCase()}`, href: productTypeHref(type) }}
    >
      <Tabs
        value={type}
        onChange={(_, value: ProductType) => setType(value)}
        variant="scrollable"
        aria-label="Product types"
        sx={{ mb: 2 }}
      >
        {PRODUCT_TYPES.map((t) => (
          <Tab key={t} value={t} label={productTypeLabels[t]} />
        ))}
      </Tabs>
      <Listed filters={{ productType: type, pageSize: 4 }} />
    </Section>
  );
}
