/** Provides the catalogue's product buttons with the cart, wishlist and compare action atoms. */

import { useAtomValue, useSetAtom } from "jotai";
import { type ReactNode, useMemo } from "react";
import { useNavigate } from "react-router";
import { sessionUserAtom } from "#features/auth/session.ts";
import { addToCartAtom, buyNowAtom } from "#features/cart/atoms.ts";
import { openQuickViewAtom } from "#features/catalog/atoms.ts";
import { type ProductActions, ProductActionsContext } from "#features/catalog/use-product-actions.ts";
import { compareIdsAtom, toggleCompareAtom } from "#features/compare/atoms.ts";
import { toggleWishlistAtom, wishlistIdsAtom } from "#features/wishlist/atoms.ts";
import { api } from "#lib/api.ts";
import { shopRoutes } from "#routes.ts";

export function ProductActionsProvider({ children }: { children: ReactNode }) {
  const addToCart = useSetAtom(addToCartAtom);
  const buyNow = useSetAtom(buyNowAtom);
  const toggleWishlist = useSetAtom(toggleWishlistAtom);
  const toggleCompare = useSetAtom(toggleCompareAtom);
  const wishlist = useAtomValue(wishlistIdsAtom);
  const compare = useAtomValue(compareIdsAtom);
  const openQuickView = useSetAtom(openQuickViewAtom);
  const shopperEmail = useAtomValue(sessionUserAtom)?.email ?? null;
  const navigate = useNavigate();
  const actions = useMemo<ProductActions>(
    () => ({
      // A product with options is bought in the variant chosen, else in the one its page opens on (a colour);
      // when a size must still be chosen, the quick view asks for it.
      addToCart: async (product, quantity, variant) => {
        const result = await addToCart({ product, quantity, variant, ask: "quiet" });
        if (result && "choose" in result) openQuickView(product);
      },
      // To the cart once the line is in it (added now, or already there: never added a second time).
      buyNow: async (product, quantity, variant) => {
        const result = await buyNow({ product, quantity, variant, ask: "quiet" });
        if (!result) return;
        if ("choose" in result) return openQuickView(product);
        if (
          result.items.some((item) => item.id === product.id && (!variant || item.variantId === variant.id))
        ) {
          navigate(shopRoutes.cart.path);
        }
      },
      notifyWhenBack: async (variantId, email) => {
        await api((client) => client.variants.notifyWhenBack(variantId, email));
      },
      shopperEmail,
      toggleWishlist: (product) => toggleWishlist(product),
      toggleCompare: (product) => toggleCompare(product),
      inWishlist: (id) => wishlist.has(id),
      inCompare: (id) => compare.has(id),
    }),
    [
      addToCart,
      buyNow,
      toggleWishlist,
      toggleCompare,
      wishlist,
      compare,
      navigate,
      openQuickView,
      shopperEmail,
    ],
  );
  return <ProductActionsContext value={actions}>{children}</ProductActionsContext>;
}
