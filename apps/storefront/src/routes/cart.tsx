/** /cart: the cart's lines, coupon and totals, with "save for later" moving a line to the wishlist. */
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { cartLineKey } from "@shop/domain/variant-lines";
import { useSetAtom } from "jotai";
import { type Meta, pageTitle } from "#app/route-module.ts";
import { removeFromCartAtom } from "#features/cart/atoms.ts";
import { CartView } from "#features/cart/components/cart-view.tsx";
import { addToWishlistAtom } from "#features/wishlist/atoms.ts";

export const meta: Meta<"cart"> = () => ({ title: pageTitle("Cart") });

export default function CartPage() {
  const addToWishlist = useSetAtom(addToWishlistAtom);
  const removeFromCart = useSetAtom(removeFromCartAtom);
  return (
    <Container maxWidth="lg" sx={{ py: 3 }}>
      <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
        Cart
      </Typography>
      <CartView
        lineActions={(line) => (
          <Button
            size="small"
            sx={{ justifySelf: "start" }}
            onClick={async () => {
              if (await addToWishlist(line)) await removeFromCart(cartLineKey(line));
            }}
          >
            Save for later
          </Button>
        )}
      />
    </Container>
  );
}
