/** The shop's menus: one per product type, the shop's pages, and the footer's columns. */
import { PRODUCT_TYPES, type ProductType } from "@shop/domain/constants";
import { productTypeNames } from "@shop/domain/messages";
import { shopHref, shopRoutes } from "#routes.ts";

export const productTypeLabels: Record<ProductType, string> = productTypeNames;

export const productTypeHref = (productType: ProductType) => shopHref.listing({ productType });

export interface NavLink {
  label: string;
  href: string;
}

export const productTypeLinks: NavLink[] = PRODUCT_TYPES.map((type) => ({
  label: productTypeLabels[type],
  href: productTypeHref(type),
}));

export const pageLinks: NavLink[] = [
  { label: "Shop", href: shopRoutes.shop.path },
  { label: "Blog", href: shopRoutes.blog.path },
  { label: "Coupons", href: shopRoutes.coupons.path },
  { label: "About", href: shopRoutes.about.path },
  { label: "Contact", href: shopRoutes.contact.path },
];

/** The footer's columns; the account column offers sign-in to a visitor and the account to a signed-in shopper. */
export const footerColumns = (signedIn: boolean): { title: string; links: NavLink[] }[] => [
  { title: "Shop", links: productTypeLinks },
  {
    title: "Browse",
    links: [
      { label: "All products", href: shopRoutes.shop.path },
      { label: "Shop by category", href: shopRoutes.shopCategories.path },
      { label: "On sale", href: shopHref.listing({ status: "on-sale" }) },
      { label: "New arrivals", href: shopHref.listing({ sort: "new-added" }) },
    ],
  },
  {
    title: "The shop",
    links: [
      { label: "About us", href: shopRoutes.about.path },
      { label: "Contact", href: shopRoutes.contact.path },
      { label: "Coupons", href: shopRoutes.coupons.path },
      { label: "Blog", href: shopRoutes.blog.path },
    ],
  },
  {
    title: "Your account",
    links: [
      signedIn
        ? { label: "My account", href: shopRoutes.account.path }
        : { label: "Sign in", href: shopRoutes.login.path },
      { label: "Cart", href: shopRoutes.cart.path },
      { label: "Wishlist", href: shopRoutes.wishlist.path },
      { label: "Compare", href: shopRoutes.compare.path },
    ],
  },
];
