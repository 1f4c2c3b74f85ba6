/** The back office's variants grid: a product's options and variants read, replaced, generated and changed in bulk (admin). */
import { adminVariantsSchema, variantBulkInputSchema, variantsInputSchema } from "@shop/domain/schemas/admin";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { changingCatalogue } from "../../catalogue-cache/catalogue-cache.ts";
import { isUuid } from "../../db/match.ts";
import { notFound } from "../../http-errors.ts";
import { recordAudit } from "../audit/record.ts";
import { afterRestock } from "../inventory/routes.ts";
import { findProductRow, toProduct } from "./repository.ts";
import { adminVariants, bulkVariants, generateVariants, replaceVariants } from "./variants.ts";

const params = z.object({ id: z.string().max(64) });
const bearer = [{ bearer: [] }];

export default async function variantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Runs a write of a product's variants and records it in the audit trail as a change of the product. */
  async function audited<T>(request: FastifyRequest, productId: string, write: () => Promise<T>): Promise<T> {
    if (!isUuid(productId)) throw notFound("Product");
    const before = await findProductRow(app.db, productId);
    if (!before) throw notFound("Product");
    const result = await changingCatalogue(app.db, write);
    const after = await findProductRow(app.db, productId);
    await recordAudit(app.db, request, {
      action: "product.update",
      entity: "product",
      entityId: before.id,
      before: toProduct(before),
      after: after ? toProduct(after) : null,
    });
    return result;
  }

  r.get(
    "/admin/products/:id/variants",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary: "A product's options and variants, as the back office's grid edits them (admin)",
        security: bearer,
        params,
        response: { 200: adminVariantsSchema },
      },
    },
    async (request) => adminVariants(app.db, request.params.id),
  );

  r.put(
    "/admin/products/:id/variants",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary:
          "Replace a product's options and variants (admin): rows with an id are updated, rows without are made, others removed",
        security: bearer,
        params,
        body: variantsInputSchema,
        response: { 200: adminVariantsSchema },
      },
    },
    async (request) => {
      const { variants, restocked } = await audited(request, request.params.id, () =>
        replaceVariants(app.db, request.params.id, request.body),
      );
      if (restocked.length) afterRestock(app);
      return variants;
    },
  );

  r.post(
    "/admin/products/:id/variants/generate",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary:
          "Make a variant (no stock yet) for every combination of the product's option values not yet present (admin)",
        security: bearer,
        params,
        response: { 200: adminVariantsSchema },
      },
    },
    async (request) => audited(request, request.params.id, () => generateVariants(app.db, request.params.id)),
  );

  r.post(
    "/admin/products/:id/variants/bulk",
    {
      config: { access: "admin" },
      schema: {
        tags: ["products"],
        summary: "One action on the selected variants: set stock, add stock, or set the price (admin)",
        security: bearer,
        params,
        body: variantBulkInputSchema,
        response: { 200: adminVariantsSchema },
      },
    },
    async (request) => {
      const { variants, restocked } = await audited(request, request.params.id, () =>
        bulkVariants(app.db, request.params.id, request.body),
      );
      if (restocked.length) afterRestock(app);
      return variants;
    },
  );
}
