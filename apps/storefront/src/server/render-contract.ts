/**
 * What the page server asks of the storefront's server build (src/entry-server.tsx, built into dist-ssr/), on
 * this thread or on a render worker: one type for both sides.
 */
import type { FirstScreenEntry } from "@shop/domain/first-screen";

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
