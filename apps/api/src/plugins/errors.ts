/** One error shape for every failure: { statusCode, error, message }, never a stack trace or SQL. */
import { Stream } from "node:stream";
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
  // Characters PostgreSQL keeps out of text (NUL): the hook below answers them first; these are the backstop.
  "22021": [400, "A text holds a character the shop cannot keep (such as NUL)"],
  "22P05": [400, "A text holds a character the shop cannot keep (such as NUL)"],
};

/** How long a caller should wait before trying again while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The shop cannot reach its database for a moment; please try again in a few seconds";

/** PostgreSQL's codes for a connection that is gone or refused, or a server shutting down or full. */
const UNAVAILABLE_CODES = /^(08...|57P0[123]|53300|3D000)$/;
/** The same told by Node's sockets and by the pg client, which give no SQLSTATE. */
const UNAVAILABLE_SYSTEM = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;

/** Whether a failure means the database could not be reached, rather than that a query was wrong. */
export function databaseUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_SYSTEM.has(code)))
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A failure as the log may keep it: a failed query's SQL and parameters (Drizzle writes both into its message, and
 * the parameters are what a shopper typed) never reach the log, nor PostgreSQL's detail, which quotes values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const failedQuery = error instanceof Error && /^Failed query:/.test(error.message);
  const cause = failedQuery ? (error as { cause?: unknown }).cause : error;
  const base = cause instanceof Error ? cause : new Error(String(cause));
  return {
    type: failedQuery ? "DrizzleQueryError" : base.name,
    message: failedQuery ? `a query failed: ${base.message}` : base.message,
    code: pgCode(error) ?? (base as { code?: unknown }).code,
    stack: base.stack,
  };
}

const NUL = "\u0000";

/** Where in a request's parameters, query or body a string holds a NUL, as `body.firstName`; null when none does. */
function nulAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes(NUL) ? path : null;
  if (depth > 20 || value === null || typeof value !== "object") return null;
  // A body left as a stream (a CSV import) or bytes is the route's to read and check; walking a request stream's
  // properties would walk its socket, its server and every connection.
  if (value instanceof Stream || ArrayBuffer.isView(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return path;
    const found = nulAt(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

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
  // PostgreSQL keeps no NUL in text: a request holding one anywhere (a path, a query, a body) is refused here, named,
  // before any route reads it, instead of failing in the database.
  app.addHook("preValidation", async (request) => {
    // The API's routes (each declares its access); the front ends' files answer their own 404s.
    if (!request.routeOptions.config?.access) return;
    const at =
      nulAt(request.params, "params") ?? nulAt(request.query, "querystring") ?? nulAt(request.body, "body");
    if (at) {
      throw new HttpError(400, `${at}: must not contain the NUL character (U+0000)`, "NUL_CHARACTER");
    }
  });

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
    } else if (databaseUnavailable(error)) {
      // A database that dropped or refuses its connections is a moment's outage, not a fault of the request.
      status = 503;
      message = DATABASE_UNAVAILABLE_MESSAGE;
      code = "DATABASE_UNAVAILABLE";
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (pgCode(error) && pgCodes[pgCode(error)!]) {
      [status, message] = pgCodes[pgCode(error)!]!;
      code = `PG_${pgCode(error)}`;
    } else if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) say what is wrong.
      status = error.statusCode;
      message = error.message;
      code = error.code;
    }

    if (status === 503) request.log.warn({ err: loggableError(error) }, "the database cannot be reached");
    else if (status >= 500) request.log.error({ err: loggableError(error) }, "request failed");
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
