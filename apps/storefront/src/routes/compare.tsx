/** /compare: the compare list side by side, each product with add to cart and remove. */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useSetAtom } from "jotai";
import { type Meta, pageTitle } from "#app/route-module.ts";
import { addToCartAtom } from "#features/cart/atoms.ts";
import { CompareTable } from "#features/compare/components/compare-table.tsx";

export const meta: Meta<"compare"> = () => ({ title: pageTitle("Compare") });

export default function ComparePage() {
  const addToCart = useSetAtom(addToCartAtom);
  return (
    <Container maxWidth="xl" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        Compare
      </Typography>
      <CompareTable onAddToCart={(product) => addToCart({ product })} />
    </Container>
  );
}
