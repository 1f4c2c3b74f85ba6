/** Provides the catalogue's product buttons with the cart, wishlist and compare action atoms. */
import { useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useMemo } from "react";
import { addToCartAtom } from "#features/cart/atoms.ts";
import { type ProductActions, ProductActionsContext } from "#features/catalog/product-actions.tsx";
import { compareIdsAtom, toggleCompareAtom } from "#features/compare/atoms.ts";
import { toggleWishlistAtom, wishlistIdsAtom } from "#features/wishlist/atoms.ts";

export function ProductActionsProvider({ children }: { children: ReactNode }) {
  const addToCart = useSetAtom(addToCartAtom);
  const toggleWishlist = useSetAtom(toggleWishlistAtom);
  const toggleCompare = useSetAtom(toggleCompareAtom);
  const wishlist = useAtomValue(wishlistIdsAtom);
  const compare = useAtomValue(compareIdsAtom);
  const actions = useMemo<ProductActions>(
    () => ({
      addToCart: (product, quantity) => addToCart({ product, quantity }),
      toggleWishlist: (product) => toggleWishlist(product),
      toggleCompare: (product) => toggleCompare(product),
      inWishlist: (id) => wishlist.has(id),
      inCompare: (id) => compare.has(id),
    }),
    [addToCart, toggleWishlist, toggleCompare, wishlist, compare],
  );
  return <ProductActionsContext value={actions}>{children}</ProductActionsContext>;
}
