/**
 * What a product's buttons do (add to cart, wishlist, compare, quick view, video): the app provides them from
 * the cart, wishlist and compare features, so catalogue components never import those features.
 */
import type { Product } from "@shop/domain/schemas/public";
import { createContext, useContext } from "react";

export interface ProductActions {
  addToCart(product: Product, quantity?: number): void;
  /** Adds the product and opens the cart. */
  buyNow(product: Product, quantity?: number): void;
  toggleWishlist(product: Product): void;
  toggleCompare(product: Product): void;
  inWishlist(id: string): boolean;
  inCompare(id: string): boolean;
}

const noActions: ProductActions = {
  addToCart: () => {},
  buyNow: () => {},
  toggleWishlist: () => {},
  toggleCompare: () => {},
  inWishlist: () => false,
  inCompare: () => false,
};

export const ProductActionsContext = createContext<ProductActions>(noActions);

export function useProductActions(): ProductActions {
  return useContext(ProductActionsContext);
}
