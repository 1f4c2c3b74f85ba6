/** The shop's name as titles and link previews show it; the app's pages and the page server both read it here. */
export const SHOP_NAME = "The shop";
