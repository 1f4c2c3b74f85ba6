/** Who is calling and what they may do: every API route declares its access, and one hook checks it before the body is even read. */
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import { users } from "../db/schema.ts";
import { forbidden, unauthorized } from "../http-errors.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** How many verified access tokens a process remembers, so a shopper's next requests skip the signature check. */
const VERIFIED_TOKENS = 10_000;
const ISSUER = "shop-api";
const AUDIENCE = "shop";
const ALGORITHM = "HS256";

/**
 * What a route requires, declared once in its options (`config: { access: "admin" }`):
 * - `public`: anyone; a valid token identifies the caller, a bad one is ignored.
 * - `optional`: anyone, but a token that is sent must be valid (401 otherwise), so a stale session is refreshed
 *   instead of silently answering as a stranger.
 * - `user`: a logged-in user.
 * - `self`: the user named by the route's `:userId`, and nobody else.
 * - `self-or-admin`: that user, or an admin.
 * - `admin`: an admin.
 */
export const ACCESS_LEVELS = ["public", "optional", "user", "self", "self-or-admin", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface Caller {
  id: string;
  /** The database's role whenever it grants anything: a token's "admin" is checked before it is believed. */
  role: "admin" | "customer";
  /** The login (refresh-token family) the access token belongs to; it must still live for the token to work. */
  sessionId: string;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** Set by the access hook; never null on routes that require a user. */
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** An access token for 15 minutes, or until `notAfter` (its login's end) when that comes first. */
    signAccessToken(caller: Caller, notAfter?: Date): Promise<string>;
    /** Every API route with its declared access, for the test that walks them. */
    readonly routeAccess: RouteAccess[];
  }
}

const MESSAGES = {
  login: "Log in to continue",
  expired: "Your session has expired; refresh the token or log in again",
  invalid: "The token is not valid; log in again",
  malformed: "The Authorization header must be 'Bearer <token>'",
  gone: "This account no longer exists",
  ended: "This session has ended; log in again",
  admin: "Only an admin can do this",
  self: "You can only manage your own account",
};

/**
 * Decorations and the access hook. Register it once at the root; call `requireAccessDeclarations` in the scope
 * whose routes must all declare access (the /api prefix), so a route without one stops the start.
 */
export interface AuthOptions {
  secret: string;
  /**
   * Whether the token's session still lives (modules/users/sessions.ts): a logout, a password change, a role
   * change or an admin ends it, and its access tokens are refused from the next request on.
   */
  sessionAlive: (userId: string, sessionId: string) => Promise<boolean>;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const key = new TextEncoder().encode(opts.secret);
  const table: RouteAccess[] = [];
  // Tokens whose signature and claims were checked, by their exact text, until they expire: checking an HMAC
  // through WebCrypto on every request cost more than the health route's query. Only the same bytes find an
  // entry, and the session is still asked about on every request.
  const verified = new LRUCache<string, { claim: Caller; expiresAt: number }>({ max: VERIFIED_TOKENS });

  app.decorate("signAccessToken", (caller: Caller, notAfter?: Date) => {
    const now = Math.floor(Date.now() / 1000);
    const end = notAfter ? Math.floor(notAfter.getTime() / 1000) : Number.POSITIVE_INFINITY;
    return new SignJWT({ role: caller.role, sid: caller.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(caller.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(Math.max(now + 1, Math.min(now + ACCESS_TOKEN_TTL_SECONDS, end)))
      .sign(key);
  });
  app.decorate("routeAccess", table);
  app.decorateRequest("caller", null);

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (access) table.push({ method: String(route.method), url: route.url, access });
  });

  /** A token's signature and claims checked; a good one is remembered until it expires. */
  async function verify(token: string): Promise<{ claim: Caller | null; error: string | null }> {
    try {
      // Every claim the shop signs must be there and hold: a token without an expiry, a time of issue, the issuer
      // or the audience is refused even when its signature is good (one signed with the key by other means).
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ["exp", "iat", "iss", "aud", "sub"],
        maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
      });
      if (typeof payload.sub !== "string") throw new Error("no subject");
      // Every access token belongs to a session; one without (or whose session has ended) opens nothing.
      if (typeof payload.sid !== "string") throw new Error("no session");
      const claim: Caller = {
        id: payload.sub,
        role: payload.role === "admin" ? "admin" : "customer",
        sessionId: payload.sid,
      };
      verified.set(token, {
        claim,
        expiresAt: Math.min(payload.exp! * 1000, (payload.iat! + ACCESS_TOKEN_TTL_SECONDS) * 1000),
      });
      return { claim, error: null };
    } catch (error) {
      const expired = (error as { code?: string }).code === "ERR_JWT_EXPIRED";
      return { claim: null, error: expired ? MESSAGES.expired : MESSAGES.invalid };
    }
  }

  /** The token's claims, or an error message when a token was sent but is not good. */
  async function readToken(request: FastifyRequest): Promise<{ claim: Caller | null; error: string | null }> {
    const header = request.headers.authorization;
    if (!header) return { claim: null, error: null };
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return { claim: null, error: MESSAGES.malformed };
    const token = match[1]!;
    const known = verified.get(token);
    const checked =
      known && known.expiresAt > Date.now() ? { claim: known.claim, error: null } : await verify(token);
    if (!checked.claim) return checked;
    const { claim } = checked;
    if (!(await opts.sessionAlive(claim.id, claim.sessionId))) return { claim: null, error: MESSAGES.ended };
    return { claim, error: null };
  }

  /** The role as the database has it now; undefined when the account is gone. */
  async function storedRole(id: string): Promise<"admin" | "customer" | undefined> {
    const [row] = await app.db.select({ role: users.role }).from(users).where(eq(users.id, id));
    if (!row) return undefined;
    return row.role === "admin" ? "admin" : "customer";
  }

  // The one authorization hook: onRequest runs before the body is parsed or validated, so a stranger learns
  // nothing about what a valid body looks like. Routes without a declaration (the front ends' files) pass.
  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const { claim, error } = await readToken(request);
    const needsUser = access !== "public" && access !== "optional";
    if (error && access !== "public") throw unauthorized(error);
    if (!claim) {
      if (needsUser) throw unauthorized(MESSAGES.login);
      return;
    }

    const userId = (request.params as { userId?: unknown } | undefined)?.userId;
    const isSelf = typeof userId === "string" && userId.toLowerCase() === claim.id.toLowerCase();
    // A token can lower what its holder may do, never raise it: an admin claim, or a route for admins, asks
    // the database. Plain shoppers on shoppers' routes cost no query.
    const mustAsk = claim.role === "admin" || access === "admin" || (access === "self-or-admin" && !isSelf);
    let role: Caller["role"] = "customer";
    if (mustAsk) {
      const stored = await storedRole(claim.id);
      if (!stored) {
        if (needsUser) throw unauthorized(MESSAGES.gone);
        return;
      }
      role = stored;
    }
    request.caller = { ...claim, role };

    if (access === "admin" && role !== "admin") throw forbidden(MESSAGES.admin);
    if (access === "self" && !isSelf) throw forbidden(MESSAGES.self);
    if (access === "self-or-admin" && !isSelf && role !== "admin") throw forbidden(MESSAGES.self);
  });
});

/** Stops the start when a route in this scope has no access declaration: nothing is open by omission. */
export function requireAccessDeclarations(scope: FastifyInstance) {
  scope.addHook("onRoute", (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access || !(ACCESS_LEVELS as readonly string[]).includes(access)) {
      throw new Error(
        `${route.method} ${route.url} must declare config.access (one of: ${ACCESS_LEVELS.join(", ")})`,
      );
    }
  });
}

/** The caller of a route that requires a user; the access hook has already refused anyone else. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized(MESSAGES.login);
  return request.caller;
}
