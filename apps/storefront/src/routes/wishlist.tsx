/** /wishlist: the saved products; moving one to the cart takes it off the wishlist once the cart has it. */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useSetAtom } from "jotai";
import { type Meta, pageTitle } from "#app/route-module.ts";
import { addToCartAtom } from "#features/cart/atoms.ts";
import { removeFromWishlistAtom } from "#features/wishlist/atoms.ts";
import { WishlistList } from "#features/wishlist/components/wishlist-list.tsx";

export const meta: Meta<"wishlist"> = () => ({ title: pageTitle("Wishlist") });

export default function WishlistPage() {
  const addToCart = useSetAtom(addToCartAtom);
  const removeFromWishlist = useSetAtom(removeFromWishlistAtom);
  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        Wishlist
      </Typography>
      <WishlistList
        onMoveToCart={async (product) => {
          const result = await addToCart({ product });
          if (result && "changed" in result && result.changed) await removeFromWishlist(product.id);
        }}
      />
    </Container>
  );
}
