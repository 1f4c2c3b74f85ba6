/** One error shape for every failure: { statusCode, error, message }, never a stack trace or SQL. */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
import { HttpError } from "../http-errors.ts";

/** The body of every error answer, for the OpenAPI document. */
export const errorResponseSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  /** Stock refusals (OUT_OF_STOCK, INSUFFICIENT_STOCK): the product and how many are left. */
  productId: z.string().optional(),
  available: z.number().int().optional(),
});

const reasons: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** PostgreSQL error codes that are the caller's doing. */
const pgCodes: Record<string, [number, string]> = {
  "23505": [409, "A record with the same unique value already exists"],
  "23503": [409, "This record is referenced by others or refers to one that does not exist"],
  "23514": [409, "The change would break a rule of the shop"],
  "22P02": [400, "A value has the wrong format"],
  "22003": [400, "A number is out of range"],
};

export function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let message = "Something went wrong on our side. Please try again.";
    let code: string | undefined;
    let details: object | undefined;

    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const where = error.validationContext ?? "request";
      message = error.validation
        .map((v) => {
          const path = v.instancePath.replace(/^\//, "").replaceAll("/", ".");
          return `${where}${path ? `.${path}` : ""}: ${v.message}`;
        })
        .join("; ");
      code = "VALIDATION";
    } else if (error instanceof HttpError) {
      status = error.statusCode;
      message = error.message;
      code = error.code;
      details = error.details;
      if (error.headers) reply.headers(error.headers);
    } else if (pgCode(error) && pgCodes[pgCode(error)!]) {
      [status, message] = pgCodes[pgCode(error)!]!;
      code = `PG_${pgCode(error)}`;
    } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) say what is wrong.
      status = error.statusCode;
      message = error.message;
      code = error.code;
    }

    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ status, message }, "request refused");
    reply
      .status(status)
      .send({ statusCode: status, error: reasons[status] ?? "Error", message, code, ...details });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      error: "Not Found",
      message: `No route for ${request.method} ${request.url.split("?")[0]}`,
    });
  });
});
