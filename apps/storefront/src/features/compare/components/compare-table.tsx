/** The compare list side by side: one column per product, one row per property. */
import CompareArrowsIcon from "@mui/icons-material/CompareArrows";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Rating from "@mui/material/Rating";
import { productTypeNames } from "@shop/domain/messages";
import { EmptyState } from "@shop/ui/empty-state";
import { useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { ShopPrice } from "#components/shop-price.tsx";
import { shopHref, shopRoutes } from "#routes.ts";
import { type CompareProduct, compareItemsAtom, toggleCompareAtom } from "../atoms.ts";

export function CompareTable({ onAddToCart }: { onAddToCart(product: CompareProduct): void }) {
  const items = useAtomValue(compareItemsAtom);
  const toggle = useSetAtom(toggleCompareAtom);
  if (items.length === 0) {
    return (
      <EmptyState
        title="Nothing to compare yet"
        message="Use the compare button on products to see them side by side here."
        action={{ label: "Go to the shop", href: shopRoutes.shop.path }}
        icon={<CompareArrowsIcon />}
      />
    );
  }
  const rows: { label: string; cell(product: CompareProduct): ReactNode }[] = [
    {
      label: "Image",
      cell: (p) => (
        <Box
          component="img"
          src={p.img}
          alt={p.title}
          width={160}
          height={160}
          loading="lazy"
          sx={{ width: 160, height: 160, objectFit: "cover", borderRadius: 1 }}
        />
      ),
    },
    {
      label: "Title",
      cell: (p) => (
        <Link href={shopHref.product(p.id)} sx={{ fontWeight: 600 }}>
          {p.title}
        </Link>
      ),
    },
    { label: "Price", cell: (p) => <ShopPrice price={p.price} discount={p.discount} size="small" /> },
    {
      label: "Rating",
      cell: (p) => (
        <Rating
          value={p.rating}
          precision={0.5}
          size="small"
          readOnly
          aria-label={`Rated ${p.rating} out of 5`}
        />
      ),
    },
    { label: "Status", cell: (p) => (p.status === "out-of-stock" ? "Out of stock" : "In stock") },
    { label: "Type", cell: (p) => productTypeNames[p.productType] },
    { label: "Brand", cell: (p) => p.brand.name },
    { label: "Description", cell: (p) => p.description },
    {
      label: "Add to cart",
      cell: (p) => (
        <Button
          variant="contained"
          size="small"
          onClick={() => onAddToCart(p)}
          aria-label={`Add To Cart: ${p.title}`}
        >
          Add To Cart
        </Button>
      ),
    },
    {
      label: "Remove",
      cell: (p) => (
        <Button
          size="small"
          color="error"
          onClick={() => toggle(p)}
          aria-label={`Remove ${p.title} from compare`}
        >
          Remove
        </Button>
      ),
    },
  ];
  return (
    <Box sx={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label="Compared products">
      <Box
        component="table"
        sx={{
          borderCollapse: "collapse",
          minWidth: "100%",
          "& th, & td": {
            p: 1.5,
            borderBottom: 1,
            borderColor: "divider",
            verticalAlign: "top",
            textAlign: "left",
          },
          "& th": { bgcolor: "#f6f7fb", whiteSpace: "nowrap", position: "sticky", left: 0 },
          "& td": { minWidth: 180, maxWidth: 260 },
        }}
      >
        <caption
          style={{ position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)" }}
        >
          Compared products, one per column
        </caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {items.map((product) => (
                <td key={product.id}>{row.cell(product)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
