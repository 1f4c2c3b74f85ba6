/** The shop's name as titles and link previews show it; the app's pages and the page server both read it here. */
export const SHOP_NAME = "The shop";

/** A page's document title: "Cart" -> "Cart | The shop". */
export const pageTitle = (name: string) => `${name} | ${SHOP_NAME}`;
