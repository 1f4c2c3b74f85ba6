/** Accounts: register, login, token refresh and logout, password reset and change, profiles, admin user management, addresses. */
import {
  addressInputSchema,
  addressSchema,
  adminUserUpdateBodySchema,
  authSessionSchema,
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  roleSchema,
  userSchema,
  userUpdateBodySchema,
} from "@shop/domain/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, conflict, HttpError, unauthorized } from "../../http-errors.ts";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.ts";
import * as repo from "./repository.ts";

const userParams = z.object({ userId: z.string().max(64) });
const addressParams = userParams.extend({ addressId: z.string().max(64) });
const bearer = [{ bearer: [] }];
const INVALID_LOGIN = "Invalid email or password";
const RESET_SENT =
  "If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.";

/** A few tries a minute for one email from one address; then a 429 saying when to retry. */
function perEmailLimit(max: number) {
  return {
    max,
    timeWindow: "1 minute",
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.ip}|${typeof email === "string" ? email.toLowerCase() : ""}`;
    },
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new HttpError(429, `Too many attempts; try again in ${context.after}`),
  };
}

export default async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function session(userId: string) {
    const user = await repo.getUser(app.db, userId);
    const token = await app.signAccessToken({ id: user.id, role: user.role });
    const refreshToken = await repo.issueRefreshToken(app.db, user.id);
    return { token, refreshToken, user };
  }

  r.post(
    "/users/register",
    {
      schema: {
        tags: ["users"],
        summary: "Create a shopper account and log it in",
        body: registerBodySchema,
        response: { 201: authSessionSchema },
      },
      config: { rateLimit: perEmailLimit(10) },
    },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      const row = await repo.createUser(app.db, {
        firstName,
        lastName,
        email,
        passwordHash: await hashPassword(password),
      });
      reply.status(201);
      return session(row.id);
    },
  );

  r.post(
    "/users/login",
    {
      schema: { tags: ["users"], body: loginBodySchema, response: { 200: authSessionSchema } },
      config: { rateLimit: perEmailLimit(10) },
    },
    async (request) => {
      const { email, password } = request.body;
      const row = await repo.findUserByEmail(app.db, email);
      // Verify against a dummy hash for unknown emails, so the answer and its timing are the same.
      const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
      if (!row || !ok) throw unauthorized(INVALID_LOGIN);
      return session(row.id);
    },
  );

  r.post(
    "/users/refresh-token",
    { schema: { tags: ["users"], body: refreshBodySchema, response: { 200: refreshResponseSchema } } },
    async (request) => {
      const result = await repo.rotateRefreshToken(app.db, request.body.refreshToken);
      if (!result.ok) {
        throw unauthorized(
          result.reused
            ? "This refresh token was already used; the session has been ended. Log in again"
            : "The refresh token is not valid or has expired; log in again",
        );
      }
      const user = await repo.findUser(app.db, result.userId);
      if (!user) throw unauthorized("This account no longer exists");
      const token = await app.signAccessToken({
        id: user.id,
        role: user.role === "admin" ? "admin" : "customer",
      });
      return { token, newRefreshToken: result.token };
    },
  );

  r.post(
    "/users/logout",
    { schema: { tags: ["users"], body: refreshBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await repo.revokeRefreshToken(app.db, request.body.refreshToken);
      return { success: true, message: "Logged out" };
    },
  );

  r.post(
    "/users/forgot-password",
    {
      schema: { tags: ["users"], body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: perEmailLimit(5) },
    },
    async (request) => {
      const row = await repo.findUserByEmail(app.db, request.body.email);
      if (row) {
        const token = await repo.createPasswordReset(app.db, row.id);
        const link = `${app.env.SHOP_ORIGIN[0]}/reset-password?token=${encodeURIComponent(token)}`;
        await app.mailer.send({
          to: row.email,
          subject: "Reset your password",
          text: `Hello ${row.firstName},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this email.`,
        });
      }
      return { success: true, message: RESET_SENT };
    },
  );

  r.post(
    "/users/reset-password",
    {
      schema: { tags: ["users"], body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request) => {
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db.transaction(async (tx) => {
        const userId = await repo.consumePasswordReset(tx, request.body.token);
        if (!userId)
          throw badRequest("This reset link is invalid, already used or expired; ask for a new one");
        await repo.setPassword(tx, userId, passwordHash);
        // Whoever had the old password loses every session.
        await repo.revokeAllSessions(tx, userId);
      });
      return { success: true, message: "Your password has been changed; log in with the new one" };
    },
  );

  r.get(
    "/users/profile",
    { schema: { tags: ["users"], security: bearer, response: { 200: userSchema } } },
    async (request) => {
      const caller = await app.requireUser(request);
      return repo.getUser(app.db, caller.id);
    },
  );

  r.post(
    "/users/change-password",
    {
      schema: {
        tags: ["users"],
        security: bearer,
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
    },
    async (request) => {
      const caller = await app.requireUser(request);
      const row = await repo.findUser(app.db, caller.id);
      if (!row) throw unauthorized("This account no longer exists");
      if (!(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
        throw badRequest("The current password is not correct");
      }
      if (request.body.currentPassword === request.body.newPassword) {
        throw badRequest("The new password must differ from the current one");
      }
      await repo.setPassword(app.db, caller.id, await hashPassword(request.body.newPassword));
      return { success: true, message: "Password changed" };
    },
  );

  // ---------- Users: admins manage all; a user reads and renames themself ----------

  r.get(
    "/users",
    {
      schema: {
        tags: ["users"],
        security: bearer,
        querystring: listQuerySchema.extend({
          q: z.string().max(200).optional(),
          role: roleSchema.optional(),
        }),
        response: { 200: z.array(userSchema) },
      },
    },
    async (request, reply) => {
      await app.requireAdmin(request);
      const list = parseListQuery(request.query, { sortFields: repo.USER_SORT_FIELDS, defaultPageSize: 25 });
      const { items, total } = await repo.listUsers(app.db, list, {
        q: filterValue(list.filter, "q", z.string().max(200)) ?? request.query.q,
        role: filterValue(list.filter, "role", roleSchema) ?? request.query.role,
        ids: filterIds(list.filter),
      });
      return sendList(reply, items, total, list);
    },
  );

  r.get(
    "/users/:userId",
    { schema: { tags: ["users"], security: bearer, params: userParams, response: { 200: userSchema } } },
    async (request) => {
      await app.requireSelfOrAdmin(request, request.params.userId);
      return repo.getUser(app.db, request.params.userId);
    },
  );

  r.put(
    "/users/:userId",
    {
      schema: {
        tags: ["users"],
        security: bearer,
        params: userParams,
        body: adminUserUpdateBodySchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const caller = await app.requireSelfOrAdmin(request, request.params.userId);
      // An admin demoting themself would lock themself out of the back office mid-session.
      if (
        caller.role === "admin" &&
        caller.id === request.params.userId &&
        request.body.role === "customer"
      ) {
        throw conflict(
          "An admin cannot remove their own admin role; the shop needs at least one admin, so another admin must do it",
          "OWN_ADMIN_ROLE",
        );
      }
      // A shopper may change only their own names; email and role are for admins.
      const changes = caller.role === "admin" ? request.body : userUpdateBodySchema.parse(request.body);
      return repo.updateUser(app.db, request.params.userId, changes);
    },
  );

  r.delete(
    "/users/:userId",
    { schema: { tags: ["users"], security: bearer, params: userParams, response: { 200: userSchema } } },
    async (request) => {
      await app.requireSelfOrAdmin(request, request.params.userId);
      return repo.deleteUser(app.db, request.params.userId);
    },
  );

  // ---------- Addresses: the user's own ----------

  async function ownUser(request: FastifyRequest, userId: string) {
    const caller = await app.requireUser(request);
    if (caller.id !== userId) {
      throw new HttpError(403, "You can only manage your own addresses");
    }
    return caller;
  }

  r.get(
    "/users/:userId/addresses",
    {
      schema: {
        tags: ["addresses"],
        security: bearer,
        params: userParams,
        response: { 200: z.array(addressSchema) },
      },
    },
    async (request) => {
      await app.requireSelfOrAdmin(request, request.params.userId);
      return (await repo.listAddressRows(app.db, request.params.userId)).map(repo.toAddress);
    },
  );

  r.post(
    "/users/:userId/addresses",
    {
      schema: {
        tags: ["addresses"],
        security: bearer,
        params: userParams,
        body: addressInputSchema,
        response: { 201: addressSchema },
      },
    },
    async (request, reply) => {
      await ownUser(request, request.params.userId);
      reply.status(201);
      return repo.addAddress(app.db, request.params.userId, request.body);
    },
  );

  r.put(
    "/users/:userId/addresses/:addressId",
    {
      schema: {
        tags: ["addresses"],
        security: bearer,
        params: addressParams,
        body: addressInputSchema,
        response: { 200: addressSchema },
      },
    },
    async (request) => {
      await ownUser(request, request.params.userId);
      return repo.updateAddress(app.db, request.params.userId, request.params.addressId, request.body);
    },
  );

  r.delete(
    "/users/:userId/addresses/:addressId",
    {
      schema: {
        tags: ["addresses"],
        security: bearer,
        params: addressParams,
        response: { 200: addressSchema },
      },
    },
    async (request) => {
      await ownUser(request, request.params.userId);
      return repo.deleteAddress(app.db, request.params.userId, request.params.addressId);
    },
  );

  r.put(
    "/users/:userId/addresses/:addressId/default",
    {
      schema: {
        tags: ["addresses"],
        security: bearer,
        params: addressParams,
        response: { 200: z.array(addressSchema) },
      },
    },
    async (request) => {
      await ownUser(request, request.params.userId);
      return repo.setDefaultAddress(app.db, request.params.userId, request.params.addressId);
    },
  );
}
