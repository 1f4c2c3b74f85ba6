/** Reviews: anyone reads a product's approved reviews, a logged-in shopper writes one, admins moderate them. */
import { REVIEW_STATUSES } from "@shop/domain/constants";
import { reviewModerationSchema } from "@shop/domain/schemas/admin";
import { reviewInputSchema, reviewSchema } from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError, notFound } from "../../http-errors.ts";
import {
  filterIds,
  filterValue,
  idParams,
  listQuerySchema,
  parseListQuery,
  searchTextSchema,
  sendList,
} from "../../lists.ts";
import { callerOf } from "../../plugins/auth.ts";
import { errorResponseSchema } from "../../plugins/errors.ts";
import { HOUR, type RateLimitRule } from "../../plugins/rate-limits.ts";
import { deliveredTo } from "../orders/history.ts";
import { findProductRef } from "../products/references.ts";
import {
  createReview,
  deleteReview,
  findReview,
  listApprovedReviews,
  listReviews,
  moderateReview,
  REVIEW_SORT_FIELDS,
} from "./repository.ts";

const status = z.enum(REVIEW_STATUSES, "must be pending, approved or rejected");

/** The admin's view adds the reviewer's email and the product's title. */
const adminReviewSchema = reviewSchema.extend({ email: z.string(), productTitle: z.string() });
/**
 * The public view: neither the email nor the reviewer's account id is in the schema, so they could not leak
 * through a later change (an account id would tie a shopper's reviews together).
 */
const publicReviewSchema = reviewSchema.omit({ email: true, userId: true });
const createdReviewSchema = publicReviewSchema.extend({ message: z.string() });

const publicListQuery = listQuerySchema.omit({ sort: true, filter: true });
const adminListQuery = listQuerySchema.extend({
  status: status.optional(),
  productId: searchTextSchema.optional(),
  q: searchTextSchema.optional(),
});

export const PENDING_REVIEW_MESSAGE = "Thank you! Your review will appear once it has been approved.";
export const NOT_DELIVERED_MESSAGE = "You can review a product once an order of it has been delivered to you";

/** Reviews come from what was delivered, and no faster than a shopper writes them. */
const REVIEW_LIMITS: RateLimitRule[] = [
  { name: "review-account", by: "account", max: 10, windowMs: HOUR },
  { name: "review-address", by: "address", max: 30, windowMs: HOUR },
];

export default async function reviewsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/product/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "A product's approved reviews, newest first (no reviewer emails)",
        params: idParams,
        querystring: publicListQuery,
        response: { 200: z.array(publicReviewSchema), 404: errorResponseSchema },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const product = await findProductRef(app.db, request.params.id);
      if (!product) throw notFound("Product");
      const list = parseListQuery(request.query, { sortFields: [], defaultPageSize: 20 });
      const { items, total } = await listApprovedReviews(app.db, product.id, list);
      return sendList(reply, items, total, list);
    },
  );

  r.post(
    "/product/:id/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary:
          "Review a product delivered to the shopper (admins may review any); it shows once an admin approves it. One review per product",
        security: [{ bearer: [] }],
        params: idParams,
        body: reviewInputSchema,
        response: {
          201: createdReviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      config: { access: "user", limits: REVIEW_LIMITS },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const product = await findProductRef(app.db, request.params.id);
      if (!product) throw notFound("Product");
      // A shopper reviews what reached them; the shop's staff may write as the shop.
      if (caller.role !== "admin" && !(await deliveredTo(app.db, caller.id, product.id))) {
        throw new HttpError(403, NOT_DELIVERED_MESSAGE, "REVIEW_NOT_DELIVERED");
      }
      const review = await createReview(app.db, {
        productId: product.id,
        userId: caller.id,
        rating: request.body.rating,
        review: request.body.review,
      });
      return reply.code(201).send({ ...review, message: PENDING_REVIEW_MESSAGE });
    },
  );

  r.get(
    "/reviews",
    {
      schema: {
        tags: ["reviews"],
        summary: "All reviews for moderation (admin), with react-admin's sort/range/filter",
        security: [{ bearer: [] }],
        querystring: adminListQuery,
        response: {
          200: z.array(adminReviewSchema),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: REVIEW_SORT_FIELDS, defaultPageSize: 25 });
      const { filter } = list;
      const { items, total } = await listReviews(app.db, list, {
        status: request.query.status ?? filterValue(filter, "status", status),
        productId: request.query.productId || filterValue(filter, "productId", searchTextSchema),
        q: request.query.q || filterValue(filter, "q", searchTextSchema),
        ids: filterIds(filter),
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/reviews/:id",
    {
      schema: {
        tags: ["reviews"],
        summary: "One review (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: adminReviewSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const review = await findReview(app.db, request.params.id);
      if (!review) throw notFound("Review");
      return review;
    },
  );

  r.put(
    "/reviews/:id",
    {
      schema: {
        tags: ["reviews"],
        summary:
          "Approve, reject or return a review to pending (admin); the product's rating and review count follow",
        security: [{ bearer: [] }],
        params: idParams,
        body: reviewModerationSchema,
        response: {
          200: adminReviewSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const review = await moderateReview(app.db, request.params.id, request.body.status);
      if (!review) throw notFound("Review");
      return review;
    },
  );

  r.delete(
    "/reviews/:id",
    {
      schema: {
        tags: ["reviews"],
        summary: "Delete a review (admin); answers the deleted review, and the product's rating follows",
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: adminReviewSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const review = await deleteReview(app.db, request.params.id);
      if (!review) throw notFound("Review");
      return review;
    },
  );
}
