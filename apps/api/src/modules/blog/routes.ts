/** Blog: anyone reads the posts (newest first, filtered by text, category or tag); admins write them. */
import { slugify } from "@shop/domain/catalogue";
import { blogPostInputSchema } from "@shop/domain/schemas/admin";
import { blogPostSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, notFound } from "../../http-errors.ts";
import { filterIds, filterValue, idParams, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { urlSlug } from "../../slug.ts";
import {
  BLOG_SORT_FIELDS,
  type BlogPostValues,
  deleteBlogPost,
  findBlogPost,
  insertBlogPost,
  listBlogPosts,
  updateBlogPost,
} from "./repository.ts";

const text = (max: number) => z.string().trim().max(max);
const listQuery = listQuerySchema.extend({
  q: text(200).optional(),
  category: text(120).optional(),
  tag: text(60).optional(),
});

type BlogInput = z.infer<typeof blogPostInputSchema>;

function valuesOf(input: BlogInput, publishedAt: Date): BlogPostValues {
  const slug = input.slug ?? urlSlug(input.title);
  if (!slug)
    throw badRequest("body.slug: the title has no letters or digits to make a slug from; send a slug");
  return {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    body: input.body,
    // The image route draws a cover for any post's slug.
    img: input.img ?? `/api/images/blog/${slug}.svg`,
    author: input.author,
    category: input.category,
    tags: input.tags,
    publishedAt: input.publishedAt ? new Date(input.publishedAt) : publishedAt,
  };
}

export default async function blogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/blog",
    {
      schema: {
        tags: ["blog"],
        summary: "List blog posts, newest first",
        querystring: listQuery,
        response: { 200: z.array(blogPostSchema) },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: BLOG_SORT_FIELDS, defaultPageSize: 10 });
      const { filter } = list;
      const category = request.query.category || filterValue(filter, "category", text(120));
      const { items, total } = await listBlogPosts(app.db, {
        filters: {
          q: request.query.q || filterValue(filter, "q", text(200)),
          categorySlug: category ? slugify(decodeURIComponentSafe(category)) : undefined,
          tag: request.query.tag || filterValue(filter, "tag", text(60)),
          ids: filterIds(filter),
        },
        sort: list.sort,
        offset: list.offset,
        limit: list.pageSize,
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/blog/:id",
    {
      schema: {
        tags: ["blog"],
        summary: "One blog post, by id or slug",
        params: idParams,
        response: { 200: blogPostSchema },
      },
      config: { access: "public" },
    },
    async (request) => {
      const post = await findBlogPost(app.db, request.params.id);
      if (!post) throw notFound("Blog post");
      return post;
    },
  );

  r.post(
    "/blog",
    {
      schema: {
        tags: ["blog"],
        summary: "Create a blog post (admin)",
        security: [{ bearer: [] }],
        body: blogPostInputSchema,
        response: { 201: blogPostSchema },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const post = await insertBlogPost(app.db, valuesOf(request.body, new Date()));
      return reply.code(201).send(post);
    },
  );

  r.put(
    "/blog/:id",
    {
      schema: {
        tags: ["blog"],
        summary: "Replace a blog post (admin), by id or slug; publishedAt stays unless sent",
        security: [{ bearer: [] }],
        params: idParams,
        body: blogPostInputSchema,
        response: { 200: blogPostSchema },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const existing = await findBlogPost(app.db, request.params.id);
      if (!existing) throw notFound("Blog post");
      const post = await updateBlogPost(
        app.db,
        existing.id,
        valuesOf(request.body, new Date(existing.publishedAt)),
      );
      if (!post) throw notFound("Blog post");
      return post;
    },
  );

  r.delete(
    "/blog/:id",
    {
      schema: {
        tags: ["blog"],
        summary: "Delete a blog post (admin); answers 204 with no body",
        security: [{ bearer: [] }],
        params: idParams,
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      if (!(await deleteBlogPost(app.db, request.params.id))) throw notFound("Blog post");
      return reply.code(204).send();
    },
  );
}

/** Category links may arrive encoded twice ("Style%2520Tips"); a broken escape is taken as typed. */
function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
