/** Provides the catalogue's product buttons with the cart, wishlist and compare action atoms. */
import { shopRoutes } from "@shop/domain/routes";
import { useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useMemo } from "react";
import { useNavigate } from "react-router";
import { addToCartAtom, buyNowAtom } from "#features/cart/atoms.ts";
import { type ProductActions, ProductActionsContext } from "#features/catalog/use-product-actions.ts";
import { compareIdsAtom, toggleCompareAtom } from "#features/compare/atoms.ts";
import { toggleWishlistAtom, wishlistIdsAtom } from "#features/wishlist/atoms.ts";

export function ProductActionsProvider({ children }: { children: ReactNode }) {
  const addToCart = useSetAtom(addToCartAtom);
  const buyNow = useSetAtom(buyNowAtom);
  const toggleWishlist = useSetAtom(toggleWishlistAtom);
  const toggleCompare = useSetAtom(toggleCompareAtom);
  const wishlist = useAtomValue(wishlistIdsAtom);
  const compare = useAtomValue(compareIdsAtom);
  const navigate = useNavigate();
  const actions = useMemo<ProductActions>(
    () => ({
      addToCart: (product, quantity) => addToCart({ product, quantity }),
      // To the cart once the product is in it (added now, or already there: never added a second time).
      buyNow: async (product, quantity) => {
        const result = await buyNow({ product, quantity });
        if (result?.items.some((item) => item.id === product.id)) navigate(shopRoutes.cart.path);
      },
      toggleWishlist: (product) => toggleWishlist(product),
      toggleCompare: (product) => toggleCompare(product),
      inWishlist: (id) => wishlist.has(id),
      inCompare: (id) => compare.has(id),
    }),
    [addToCart, buyNow, toggleWishlist, toggleCompare, wishlist, compare, navigate],
  );
  return <ProductActionsContext value={actions}>{children}</ProductActionsContext>;
}
