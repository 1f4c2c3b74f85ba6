/** Generated SVG artwork behind the seeded image URLs: products per kind and colour, banners, blog covers, categories. */
import { createHash } from "node:crypto";
import { slugify } from "@shop/domain/catalogue";
import type { ProductType } from "@shop/domain/constants";
import { seedBanners, seedBlogPosts, seedCategories, seedProducts } from "@shop/domain/sample-catalogue";
import {
  bannerSvg,
  blogSvg,
  ILLUSTRATION_KINDS,
  type IllustrationKind,
  productSvg,
} from "@shop/domain/sample-catalogue/illustrations";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http-errors.ts";
import { blogPosts } from "../blog/tables.ts";
import { categories } from "../categories/tables.ts";

// The seed's pictures never change for a URL; pictures drawn from a row the admin may rename are kept an hour.
const IMMUTABLE = "public, max-age=31536000, immutable";
const EDITABLE = "public, max-age=3600";
// An SVG opened on its own must not run scripts or load anything.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const PRODUCT_FILE = /^([0-9a-f]{6})\.svg$/i;
const BANNER_FILE = /^(\d{1,4})\.svg$/;
const SLUG_FILE = /^([^/\\]{1,160})\.svg$/;

/** The picture a category shows when none of its products' kinds is known. */
const KIND_BY_TYPE: Record<ProductType, IllustrationKind> = {
  electronics: "headphones",
  fashion: "dress",
  beauty: "perfume",
  jewelry: "ring",
};
/** Colours for art drawn from rows the seed does not know (posts and categories an admin added). */
const PALETTE = ["#2f6fed", "#e4572e", "#17a398", "#8e44ad", "#f3a712", "#d63384", "#3d5a80", "#5c946e"];
const colorFor = (slug: string) => PALETTE[createHash("sha1").update(slug).digest()[0]! % PALETTE.length]!;

const fileParams = z.object({ file: z.string().max(200) });

function sendSvg(reply: FastifyReply, svg: string, cacheControl: string) {
  return reply
    .header("Content-Type", "image/svg+xml")
    .header("Cache-Control", cacheControl)
    .header("Content-Security-Policy", SVG_CSP)
    .header("X-Content-Type-Options", "nosniff")
    .send(svg);
}

function isKind(kind: string): kind is IllustrationKind {
  return (ILLUSTRATION_KINDS as readonly string[]).includes(kind);
}

/** A category's tile shows what its first seeded product is, in the category's colour. */
export function categoryKind(name: string, productType: string): IllustrationKind {
  const product = seedProducts.find((p) => p.parent === name);
  if (product && isKind(product.kind)) return product.kind;
  return KIND_BY_TYPE[productType as ProductType] ?? "headphones";
}

export default async function imageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svgResponse = { tags: ["images"], produces: ["image/svg+xml"] };

  r.get(
    "/images/products/:kind/:file",
    {
      schema: {
        ...svgResponse,
        summary: "A product picture: /images/products/{kind}/{rrggbb}.svg",
        params: z.object({ kind: z.string().max(40), file: z.string().max(200) }),
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const kind = request.params.kind.toLowerCase();
      const match = PRODUCT_FILE.exec(request.params.file);
      if (!isKind(kind) || !match) throw notFound("Image");
      return sendSvg(reply, productSvg(kind, `#${match[1]!.toLowerCase()}`), IMMUTABLE);
    },
  );

  r.get(
    "/images/banners/:file",
    {
      schema: {
        ...svgResponse,
        summary: "A seeded banner's picture: /images/banners/{index}.svg",
        params: fileParams,
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const match = BANNER_FILE.exec(request.params.file);
      const banner = match ? seedBanners[Number(match[1])] : undefined;
      if (!banner) throw notFound("Image");
      return sendSvg(reply, bannerSvg(banner.color, banner.title), IMMUTABLE);
    },
  );

  r.get(
    "/images/blog/:file",
    {
      schema: { ...svgResponse, summary: "A blog post's cover: /images/blog/{slug}.svg", params: fileParams },
      config: { access: "public" },
    },
    async (request, reply) => {
      const slug = SLUG_FILE.exec(request.params.file)?.[1]?.toLowerCase();
      if (!slug) throw notFound("Image");
      const seeded = seedBlogPosts.find((p) => p.slug === slug);
      if (seeded) return sendSvg(reply, blogSvg(seeded.title, seeded.color), IMMUTABLE);
      const [post] = await app.db
        .select({ title: blogPosts.title })
        .from(blogPosts)
        .where(eq(blogPosts.slug, slug))
        .limit(1);
      if (!post) throw notFound("Image");
      return sendSvg(reply, blogSvg(post.title, colorFor(slug)), EDITABLE);
    },
  );

  r.get(
    "/images/categories/:file",
    {
      schema: {
        ...svgResponse,
        summary: "A category's tile: /images/categories/{slug}.svg",
        params: fileParams,
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const slug = SLUG_FILE.exec(request.params.file)?.[1]?.toLowerCase();
      if (!slug) throw notFound("Image");
      const seeded = seedCategories.find((c) => slugify(c.name) === slug);
      if (seeded) {
        const kind = categoryKind(seeded.name, seeded.productType);
        return sendSvg(reply, productSvg(kind, seeded.color, seeded.name), IMMUTABLE);
      }
      const [category] = await app.db
        .select({ name: categories.name, productType: categories.productType })
        .from(categories)
        .where(eq(categories.slug, slug))
        .limit(1);
      if (!category) throw notFound("Image");
      const kind = categoryKind(category.name, category.productType);
      return sendSvg(reply, productSvg(kind, colorFor(slug), category.name), EDITABLE);
    },
  );
}
