/** The wishlist's products, each with move-to-cart and remove. */
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { EmptyState } from "@shop/ui/empty-state";
import { useAtomValue, useSetAtom } from "jotai";
import { ShopPrice } from "#components/shop-price.tsx";
import { shopHref, shopRoutes } from "#routes.ts";
import { removeFromWishlistAtom, type WishlistProduct, wishlistItemsAtom } from "../atoms.ts";

export function WishlistList({ onMoveToCart }: { onMoveToCart(product: WishlistProduct): void }) {
  const items = useAtomValue(wishlistItemsAtom);
  const remove = useSetAtom(removeFromWishlistAtom);
  if (items.length === 0) {
    return (
      <EmptyState
        title="Your wishlist is empty"
        message="Tap the heart on a product to keep it here for later."
        action={{ label: "Go to the shop", href: shopRoutes.shop.path }}
        icon={<FavoriteBorderIcon />}
      />
    );
  }
  return (
    <Box component="ul" aria-label="Wishlist" sx={{ listStyle: "none", p: 0, m: 0 }}>
      {items.map((product) => (
        <Box
          component="li"
          key={product.id}
          sx={{
            display: "flex",
            gap: 2,
            py: 2,
            borderBottom: 1,
            borderColor: "divider",
            alignItems: "center",
          }}
        >
          <Box
            component="img"
            src={product.img}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            sx={{
              width: 96,
              height: 96,
              objectFit: "cover",
              borderRadius: 1,
              bgcolor: "#eef0f4",
              flexShrink: 0,
            }}
          />
          <Box sx={{ flex: 1, minWidth: 0, display: "grid", gap: 0.5 }}>
            <Link href={shopHref.product(product.id)} sx={{ fontWeight: 600, color: "text.primary" }}>
              {product.title}
            </Link>
            <ShopPrice price={product.price} discount={product.discount} size="small" />
            <Typography
              variant="body2"
              sx={{ color: product.status === "out-of-stock" ? "error.main" : "success.main" }}
            >
              {product.status === "out-of-stock" ? "Out of stock" : "In stock"}
            </Typography>
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              <Button variant="contained" size="small" onClick={() => onMoveToCart(product)}>
                Move to cart
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => remove(product.id)}
                aria-label={`Remove ${product.title} from wishlist`}
              >
                Remove
              </Button>
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
