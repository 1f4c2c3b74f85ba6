/**
 * The sitemap (sitemaps.org): every indexable page, category listing, blog post and product with absolute URLs.
 * One file holds at most 50,000 URLs; past that /sitemap.xml becomes an index of numbered files per section.
 */
import type { ShopClient } from "@shop/api-client";
import type { SitemapEntry, SitemapSection } from "@shop/domain/schemas/public";
import { type ShopRouteName, shopHref, shopRoutes } from "#routes.ts";
import { escapeHtml } from "./head.ts";

/**
 * The pages the sitemap lists besides products, categories and posts: every route with no parameter but a shopper's
 * own pages, pages not for an index, samples of some product or post, and other layouts of a listed page.
 */
export const SITEMAP_PAGES: readonly string[] = (Object.keys(shopRoutes) as ShopRouteName[])
  .map((name) => shopRoutes[name])
  .filter(
    (route) =>
      !route.path.includes(":") && !route.private && !route.noindex && !route.sample && !route.canonical,
  )
  .map((route) => route.path);

/** The protocol's limit per file; tests lower it to exercise the index. */
export const sitemapTuning = { maxUrls: 50_000 };

interface Section {
  name: "pages" | "categories" | "posts" | "products";
  count: number;
  /** Absolute URLs with their last change, `limit` of them from `offset`. */
  urls(offset: number, limit: number): Promise<{ loc: string; lastmod: string | null }[]>;
}

async function sections(client: ShopClient, origin: string): Promise<Section[]> {
  const counts = await client.sitemap.counts();
  const listed =
    (section: SitemapSection, toPath: (key: string) => string) => (offset: number, limit: number) =>
      client.sitemap
        .entries(section, offset, limit)
        .then((rows: SitemapEntry[]) =>
          rows.map((row) => ({ loc: `${origin}${toPath(row.key)}`, lastmod: row.updatedAt })),
        );
  return [
    {
      name: "pages",
      count: SITEMAP_PAGES.length,
      urls: async (offset, limit) =>
        SITEMAP_PAGES.slice(offset, offset + limit).map((path) => ({
          loc: `${origin}${path}`,
          lastmod: null,
        })),
    },
    {
      name: "categories",
      count: counts.categories,
      urls: listed("categories", (slug) => shopHref.listing({ category: slug })),
    },
    {
      name: "posts",
      count: counts.posts,
      urls: listed("posts", shopHref.blogPost),
    },
    {
      name: "products",
      count: counts.products,
      urls: listed("products", shopHref.product),
    },
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function urlset(urls: { loc: string; lastmod: string | null }[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
  );
  return `${XML_HEAD}<urlset ${NS}>\n${entries.join("\n")}\n</urlset>\n`;
}

const fileName = (section: Section["name"], n: number) => `/sitemaps/${section}-${n}.xml`;

/** /sitemap.xml: every URL in one file when they fit, else the index of the numbered files. */
export async function sitemapRoot(client: ShopClient, origin: string): Promise<string> {
  const all = await sections(client, origin);
  const max = sitemapTuning.maxUrls;
  if (all.reduce((sum, s) => sum + s.count, 0) <= max) {
    const urls = await Promise.all(all.map((s) => s.urls(0, s.count)));
    return urlset(urls.flat());
  }
  const files = all.flatMap((s) =>
    Array.from({ length: Math.ceil(s.count / max) }, (_, i) => `${origin}${fileName(s.name, i + 1)}`),
  );
  const entries = files.map((loc) => `<sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

const FILE = /^\/sitemaps\/(pages|categories|posts|products)-([1-9]\d{0,5})\.xml$/;

/** One numbered file of the index, or null when there is no such file. */
export async function sitemapFile(client: ShopClient, origin: string, path: string): Promise<string | null> {
  const [, name, number] = FILE.exec(path) ?? [];
  if (!name || !number) return null;
  const section = (await sections(client, origin)).find((s) => s.name === name)!;
  const max = sitemapTuning.maxUrls;
  const offset = (Number(number) - 1) * max;
  if (offset >= section.count) return null;
  return urlset(await section.urls(offset, max));
}

export function shopRobots(origin: string): string {
  return [
    "User-agent: *",
    // The API's JSON is not for an index; its pictures are.
    "Allow: /api/images/",
    "Allow: /api/uploads/",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export const ADMIN_ROBOTS = "User-agent: *\nDisallow: /\n";
