/** /wishlist: the kept products; moving one to the cart takes it off the wishlist once the cart has it. */
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { useSetAtom } from "jotai";
import { addToCartAtom } from "#features/cart/atoms.ts";
import { removeFromWishlistAtom } from "#features/wishlist/atoms.ts";
import { WishlistList } from "#features/wishlist/components/wishlist-list.tsx";
import { usePageHead } from "#lib/use-page-head.ts";

export default function WishlistPage() {
  usePageHead("Wishlist");
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
          if (result?.changed) await removeFromWishlist(product.id);
        }}
      />
    </Container>
  );
}
