/** Who is calling: verifies the bearer token and offers the guards every route uses (user, admin, self-or-admin). */
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import { users } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http-errors.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = "shop-api";
const AUDIENCE = "shop";
const ALGORITHM = "HS256";

export interface Caller {
  id: string;
  role: "admin" | "customer";
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
    /** Set when a token was sent but could not be verified (expired, forged). */
    tokenError: string | null;
  }
  interface FastifyInstance {
    signAccessToken(caller: Caller): Promise<string>;
    requireUser(request: FastifyRequest): Promise<Caller>;
    requireAdmin(request: FastifyRequest): Promise<Caller>;
    requireSelfOrAdmin(request: FastifyRequest, userId: string): Promise<Caller>;
    /** For routes that answer everyone but show admins more: true only for a current admin, never throws. */
    isAdmin(request: FastifyRequest): Promise<boolean>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  const key = new TextEncoder().encode(opts.secret);

  app.decorate("signAccessToken", (caller: Caller) =>
    new SignJWT({ role: caller.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(caller.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key),
  );

  app.decorateRequest("caller", null);
  app.decorateRequest("tokenError", null);

  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) {
      request.tokenError = "The Authorization header must be 'Bearer <token>'";
      return;
    }
    try {
      const { payload } = await jwtVerify(match[1]!, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== "string") throw new Error("no subject");
      request.caller = { id: payload.sub, role: payload.role === "admin" ? "admin" : "customer" };
    } catch (error) {
      request.tokenError =
        (error as { code?: string }).code === "ERR_JWT_EXPIRED"
          ? "Your session has expired; refresh the token or log in again"
          : "The token is not valid; log in again";
    }
  });

  async function requireUser(request: FastifyRequest): Promise<Caller> {
    if (!request.caller) throw unauthorized(request.tokenError ?? "Log in to continue");
    return request.caller;
  }

  app.decorate("requireUser", requireUser);

  // The role is read from the database, not the token, so a demoted admin loses access at once.
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    const caller = await requireUser(request);
    const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, caller.id));
    if (!row) throw unauthorized("This account no longer exists");
    if (row.role !== "admin") throw forbidden("Only an admin can do this");
    return { id: caller.id, role: "admin" as const };
  });

  // The token's role picks the admin view; the database has the last word (a demoted admin gets the shopper's view).
  app.decorate("isAdmin", async (request: FastifyRequest) => {
    if (request.caller?.role !== "admin") return false;
    const [row] = await app.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, request.caller.id));
    return row?.role === "admin";
  });

  app.decorate("requireSelfOrAdmin", async (request: FastifyRequest, userId: string) => {
    const caller = await requireUser(request);
    if (caller.id === userId) return caller;
    return app.requireAdmin(request);
  });
});
