/**
 * What a product's buttons do (add to cart, wishlist, compare, quick view, video): the app provides them from
 * the cart, wishlist and compare features, so catalogue components never import those features.
 */
import type { Product } from "@shop/domain/schemas/public";
import type { Variant } from "@shop/domain/variants";
import { createContext, useContext } from "react";

export interface ProductActions {
  /** Adds the product, in `variant` when it has options (a product with options and no variant opens the quick view). */
  addToCart(product: Product, quantity?: number, variant?: Variant): void;
  /** Adds the product and opens the cart. */
  buyNow(product: Product, quantity?: number, variant?: Variant): void;
  /** Asks for one mail to `email` when the sold-out variant is back. */
  notifyWhenBack(variantId: string, email: string): Promise<void>;
  /** The signed-in shopper's e-mail, or null. */
  shopperEmail: string | null;
  toggleWishlist(product: Product): void;
  toggleCompare(product: Product): void;
  inWishlist(id: string): boolean;
  inCompare(id: string): boolean;
}

const noActions: ProductActions = {
  addToCart: () => {},
  buyNow: () => {},
  notifyWhenBack: async () => {},
  shopperEmail: null,
  toggleWishlist: () => {},
  toggleCompare: () => {},
  inWishlist: () => false,
  inCompare: () => false,
};

export const ProductActionsContext = createContext<ProductActions>(noActions);

export function useProductActions(): ProductActions {
  return useContext(ProductActionsContext);
}
