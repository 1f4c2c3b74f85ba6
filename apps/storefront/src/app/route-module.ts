/**
 * What a route module (src/routes/{module}.tsx) exports, after React Router 7's route modules: `default` (the page),
 * `meta` (its head: title, description, canonical, Open Graph, JSON-LD), `loader` (the answers its first screen
 * needs, asked on the server) and `handle` (what the layout around it reads). The server build runs `loader` and
 * `meta` for the page it sends (src/entry-server.tsx); the app runs `meta` again whenever the page's data changes
 * (route-head.tsx), over the same answers, so the title the server wrote is the one the app keeps.
 *
 * Unlike React Router's framework mode, the browser has no loader: a page reads its data with TanStack Query, and the
 * server's answers are seeded into that cache (@shop/domain/first-screen), so the first render asks for nothing.
 */
import type { ShopClient } from "@shop/api-client";
import type { FirstScreenEntry } from "@shop/domain/first-screen";
import { type PicturePreload, type PictureSlot, picturePreload } from "@shop/ui/picture-slots";
import type { ComponentType } from "react";
import type { ShopLayoutProps } from "#features/layout/shop-layout.tsx";
import { pageTitle } from "#lib/shop-name.ts";
import { canonicalPath, type RouteModuleName, type RoutesOf, type ShopRouteName } from "#routes.ts";
import type { PageHead } from "#server/head.ts";

/** The answers a page has: the server's first-screen answers, or in the browser its query cache. */
export interface PageData {
  get<T>(key: readonly unknown[]): T | undefined;
}

interface RouteArgs<M extends RouteModuleName> {
  /** Which of the module's routes: the shop's ten layouts, the account's two sections... */
  route: RoutesOf<M>;
  /** The path's parameters (":id"), decoded. */
  params: Readonly<Record<string, string | undefined>>;
  /** The URL's query. */
  query: URLSearchParams;
}

export interface LoaderArgs<M extends RouteModuleName> extends RouteArgs<M> {
  /** The shop's API client, answered in process on the server. */
  client: ShopClient;
}

export interface MetaArgs<M extends RouteModuleName> extends RouteArgs<M> {
  /** The shop's public address, for canonical links and link previews. */
  origin: string;
  data: PageData;
}

/**
 * The answers the page's first screen needs, each keyed as the page's own query asks for it
 * (`firstScreenKeys`); a thing the URL names that does not exist throws `notFound()`.
 */
export type Loader<M extends RouteModuleName> = (args: LoaderArgs<M>) => Promise<FirstScreenEntry[]>;
export type Meta<M extends RouteModuleName> = (args: MetaArgs<M>) => PageHead;

export interface PageProps<M extends RouteModuleName> {
  route: RoutesOf<M>;
}

/** What the layout around a page reads of it (React Router's `handle`, read with useMatches). */
export interface RouteHandle {
  /** The header's and footer's colours for one of its routes (the alternative homes have their own). */
  tone?: (route: string) => ShopLayoutProps["tone"];
}

export interface RouteModule<M extends RouteModuleName = RouteModuleName> {
  default: ComponentType<PageProps<M>>;
  meta: Meta<M>;
  loader?: Loader<M>;
  handle?: RouteHandle;
}

// ---------- What the heads share ----------

export { pageTitle };

/** An absolute URL for a path on the shop (images are stored as paths such as /api/images/...). */
export function absolute(origin: string, pathOrUrl: string | undefined): string | undefined {
  if (!pathOrUrl) return undefined;
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  if (!pathOrUrl.startsWith("/")) return undefined;
  return `${origin}${pathOrUrl}`;
}

/**
 * The preload of a page's largest picture in the place it is drawn (an upload's widths there, as the picture asks
 * for them: docs/decisions/056-picture-pipeline.md), by absolute URL.
 */
export function picturePreloadOf(
  origin: string,
  picture: string | undefined,
  slot: PictureSlot,
): PicturePreload | undefined {
  if (!picture) return undefined;
  const link = picturePreload(picture, slot);
  const href = absolute(origin, link.href);
  return href ? { ...link, href } : undefined;
}

/** Whitespace folded and cut at a word to about the length search results show. */
export function clip(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** The head of a page that is the same for every visitor: its title, description and canonical link. */
export function pageHead(
  { route, origin }: { route: ShopRouteName; origin: string },
  name: string,
  description: string,
): PageHead {
  return {
    title: pageTitle(name),
    description,
    canonical: `${origin}${canonicalPath(route)}`,
    openGraph: { type: "website" },
  };
}

/** What a loader throws for a thing the URL names that the shop does not have: the page answers 404. */
export const notFound = () => new Response(null, { status: 404 });

/**
 * An API call's answer, or null when the API refused it as a caller's mistake (a 4xx: no such product, a slug it
 * cannot read); any other failure is thrown, and the page is sent for the app to render.
 */
export async function unlessMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    const status = (error as { status?: number }).status ?? 0;
    if (status >= 400 && status < 500) return null;
    throw error;
  }
}

/** A loader's answers, or none when the API refuses what the URL asks (a 400): the page then asks itself, and says why. */
export async function whenAccepted(load: () => Promise<FirstScreenEntry[]>): Promise<FirstScreenEntry[]> {
  try {
    return await load();
  } catch (error) {
    if ((error as { status?: number }).status === 400) return [];
    throw error;
  }
}
