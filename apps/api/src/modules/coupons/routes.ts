/** Coupons: shoppers list the live ones and check a code against their basket; admins manage them all. */
import { COUPON_KINDS } from "@shop/domain/constants";
import { couponMessages } from "@shop/domain/messages";
import { fromCents } from "@shop/domain/money";
import { cartSubtotalCents, checkCoupon } from "@shop/domain/pricing";
import { couponInputSchema } from "@shop/domain/schemas/admin";
import {
  couponSchema,
  couponValidateBodySchema,
  couponValidateResponseSchema,
} from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http-errors.ts";
import {
  booleanFilter,
  booleanText,
  filterIds,
  filterValue,
  idParams,
  listQuerySchema,
  parseListQuery,
  searchTextSchema,
  sendList,
} from "../../lists.ts";
import { errorResponseSchema } from "../../plugins/errors.ts";
import { MINUTE } from "../../plugins/rate-limits.ts";
import { recordAudit } from "../audit/record.ts";
import { loadPricedLines } from "../products/priced-lines.ts";
import {
  COUPON_SORT_FIELDS,
  customerCouponUses,
  deleteCoupon,
  findCoupon,
  findCouponByCode,
  insertCoupon,
  listCoupons,
  normalizeCode,
  toCoupon,
  toCouponRule,
  updateCoupon,
} from "./repository.ts";

const kind = z.enum(COUPON_KINDS, "must be percent or fixed");

const listQuery = listQuerySchema.extend({
  q: searchTextSchema.optional(),
  active: booleanText.optional(),
  kind: kind.optional(),
});

export default async function couponsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/coupons",
    {
      schema: {
        tags: ["coupons"],
        summary:
          "Coupons: shoppers see the ones usable now or still to start (switched on, not over, not used up); admins see all, with react-admin's sort/range/filter",
        querystring: listQuery,
        response: { 200: z.array(couponSchema), 400: errorResponseSchema },
      },
      config: { access: "public" },
    },
    async (request, reply) => {
      const list = parseListQuery(request.query, { sortFields: COUPON_SORT_FIELDS, defaultPageSize: 50 });
      const admin = request.caller?.role === "admin";
      const { filter } = list;
      const { items, total } = await listCoupons(app.db, list, {
        q: request.query.q || filterValue(filter, "q", searchTextSchema),
        active: request.query.active ?? filterValue(filter, "active", booleanFilter),
        kind: request.query.kind ?? filterValue(filter, "kind", kind),
        ids: filterIds(filter),
        shownToShoppersAt: admin ? undefined : new Date(),
      });
      return sendList(reply, items, total, list);
    },
  );

  r.post(
    "/coupons/validate",
    {
      schema: {
        tags: ["coupons"],
        summary:
          "Whether a code applies to these items now and what it takes off; a refusal is a 200 with valid=false, a reason and a message",
        description:
          "Optional login: with a bearer token the per-customer limit counts that shopper's orders. Prices come from the database.",
        body: couponValidateBodySchema,
        response: { 200: couponValidateResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
      // A stale token must not silently answer for an anonymous shopper ("optional"): the client refreshes it
      // and asks again. Codes are guessable words; a cap per address keeps them from being enumerated.
      config: {
        access: "optional",
        limits: [{ name: "coupon-check-address", by: "address", max: 60, windowMs: MINUTE }],
      },
    },
    async (request) => {
      const lines = await loadPricedLines(app.db, request.body.items, { variantRequired: false });
      const subtotalCents = cartSubtotalCents(lines);
      const code = normalizeCode(request.body.code);
      const row = await findCouponByCode(app.db, code);
      // An unknown code and one staff switched off answer alike, to the byte: a paused code is not told from a guess.
      const unknown = {
        valid: false,
        code,
        discount: 0,
        reason: "not-found",
        message: couponMessages.notFound(code),
        subtotal: fromCents(subtotalCents),
        minOrderAmount: 0,
      };
      if (!row) return unknown;
      const customerUses = request.caller ? await customerCouponUses(app.db, row.id, request.caller.id) : 0;
      const check = checkCoupon(toCouponRule(row), { lines, now: new Date(), customerUses });
      if (!check.ok && check.reason === "not-found") return unknown;
      if (!check.ok) {
        return {
          valid: false,
          code: row.code,
          discount: 0,
          reason: check.reason,
          message: check.message,
          subtotal: fromCents(subtotalCents),
          minOrderAmount: fromCents(row.minOrderCents),
        };
      }
      return {
        valid: true,
        code: row.code,
        discount: fromCents(check.discountCents),
        reason: null,
        message: couponMessages.applied(row.code, check.discountCents),
        subtotal: fromCents(subtotalCents),
        minOrderAmount: fromCents(row.minOrderCents),
      };
    },
  );

  r.get(
    "/coupons/:id",
    {
      schema: {
        tags: ["coupons"],
        summary: "One coupon (admin)",
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: couponSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const row = await findCoupon(app.db, request.params.id);
      if (!row) throw notFound("Coupon");
      return toCoupon(row);
    },
  );

  r.post(
    "/coupons",
    {
      schema: {
        tags: ["coupons"],
        summary: "Create a coupon (admin); the code is stored upper-case and must be unique",
        security: [{ bearer: [] }],
        body: couponInputSchema,
        response: {
          201: couponSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request, reply) => {
      const coupon = await insertCoupon(app.db, request.body);
      await recordAudit(app.db, request, {
        action: "coupon.create",
        entity: "coupon",
        entityId: coupon.id,
        before: null,
        after: coupon,
      });
      return reply.code(201).send(coupon);
    },
  );

  r.put(
    "/coupons/:id",
    {
      schema: {
        tags: ["coupons"],
        summary: "Replace a coupon (admin); its use count is kept",
        security: [{ bearer: [] }],
        params: idParams,
        body: couponInputSchema,
        response: {
          200: couponSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const before = await findCoupon(app.db, request.params.id);
      const coupon = await updateCoupon(app.db, request.params.id, request.body);
      if (!coupon) throw notFound("Coupon");
      await recordAudit(app.db, request, {
        action: "coupon.update",
        entity: "coupon",
        entityId: coupon.id,
        before: before ? toCoupon(before) : null,
        after: coupon,
      });
      return coupon;
    },
  );

  r.delete(
    "/coupons/:id",
    {
      schema: {
        tags: ["coupons"],
        summary:
          "Delete a coupon no order has used (admin); answers the deleted coupon. A used one must be deactivated",
        security: [{ bearer: [] }],
        params: idParams,
        response: {
          200: couponSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
      config: { access: "admin" },
    },
    async (request) => {
      const coupon = await deleteCoupon(app.db, request.params.id);
      if (!coupon) throw notFound("Coupon");
      await recordAudit(app.db, request, {
        action: "coupon.delete",
        entity: "coupon",
        entityId: coupon.id,
        before: coupon,
        after: null,
      });
      return coupon;
    },
  );
}
