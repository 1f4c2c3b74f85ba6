/**
 * What the page server asks of the storefront's server build (src/entry-server.tsx, built into dist-ssr/): a page's
 * status, head and first-screen data on the main thread (`page`, which runs the route module's loader and meta),
 * then its markup on this thread or a render worker (`render`). One type for both sides.
 */
import type { ShopClient } from "@shop/api-client";
import type { FirstScreenEntry } from "@shop/domain/first-screen";
import type { ShopRouteName } from "#routes.ts";
import type { PageHead } from "./head.ts";

export interface ServerPageRequest {
  /** The route of the table the path matched; null for a path it does not know (the 404 page). */
  route: ShopRouteName | null;
  /** The path's parameters (":id"), decoded. */
  params: Record<string, string>;
  /** The URL's query. */
  query: URLSearchParams;
  /** The shop's API client, answered in process. */
  client: ShopClient;
  /** The address pages are known by (PUBLIC_ORIGIN). */
  origin: string;
}

export interface ServerPage {
  /** 404 for a path the table does not know, its own 404 route, and a product or post the shop does not have. */
  status: 200 | 404;
  /** The whole head: a page not for an index carries robots "noindex" and no canonical link. */
  head: PageHead & { title: string };
  /** The answers its first render needs, which the page carries for the app (none for a shopper's own pages). */
  firstScreen: FirstScreenEntry[];
}

export type PageOf = (request: ServerPageRequest) => Promise<ServerPage>;

export interface ServerRenderRequest {
  /** The page's path and query, as asked ("/shop?sort=high-to-low"). */
  url: string;
  /** The shop's address as the shopper sees it ("https://shop.example"). */
  origin: string;
  /** The answers the page's first screen needs, which the server also writes into the page. */
  firstScreen: readonly FirstScreenEntry[];
  /** The preferred-currency cookie's value, if any (anything but USD or DOP means DOP). */
  currency: string | null;
}

export interface ServerRender {
  /** The app's markup, for inside <div id="root">. */
  html: string;
  /** <style> elements for the head: the styles that markup uses, which the app's own styles then adopt. */
  styles: string;
}

export type RenderPage = (request: ServerRenderRequest) => Promise<ServerRender>;

/** The server build's exports. Without `render` (a stand-in for tests), the app renders every page in the browser. */
export interface ServerBuild {
  page: PageOf;
  render?: RenderPage;
}
