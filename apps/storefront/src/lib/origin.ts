/** The shop's address (scheme, host and port) for absolute links such as share links: the page's own, or on the server the request's. */
import { createContext, useContext } from "react";

export const ShopOriginContext = createContext("");

export const useShopOrigin = () => useContext(ShopOriginContext);
