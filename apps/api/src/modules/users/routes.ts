/** Accounts: register, login, token refresh and logout, password reset and change, profiles, admin user management, addresses. */
import { adminUserUpdateBodySchema } from "@shop/domain/schemas/admin";
import {
  addressInputSchema,
  addressSchema,
  authSessionSchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  roleSchema,
  sessionsEndedSchema,
  userSchema,
  userUpdateBodySchema,
} from "@shop/domain/schemas/public";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest, forbidden, HttpError, notFound, unauthorized } from "../../http-errors.ts";
import { filterIds, filterValue, listQuerySchema, parseListQuery, sendList } from "../../lists.ts";
import { callerOf } from "../../plugins/auth.ts";
import { HOUR, MINUTE, type RateLimitRule, waitText } from "../../plugins/rate-limits.ts";
import { recordAudit } from "../audit/record.ts";
import { GUEST_PASSWORD } from "./customers.ts";
import { accountKey, deviceKey } from "./login-limits.ts";
import { dummyHash, hashPassword, passwordRefusal, verifyPassword } from "./passwords.ts";
import * as repo from "./repository.ts";
import { endingSessions, sessionsEnded } from "./sessions.ts";

const userParams = z.object({ userId: z.string().max(64) });
const addressParams = userParams.extend({ addressId: z.string().max(64) });
const bearer = [{ bearer: [] }];
const INVALID_LOGIN = "Invalid email or password";
const RESET_SENT =
  "If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.";

/** A few tries a minute for one email from one address, and a ceiling for the address whatever the email. */
const LIMITS = {
  login: [
    { name: "login-email", by: "address+email", max: 10, windowMs: MINUTE },
    { name: "login-address", by: "address", max: 30, windowMs: 15 * MINUTE },
  ],
  register: [
    { name: "register-email", by: "address+email", max: 10, windowMs: MINUTE },
    { name: "register-address", by: "address", max: 20, windowMs: HOUR },
    // One email from any number of addresses: it also caps the mails its owner gets about tries on it.
    { name: "register-email-any-address", by: "email", max: 5, windowMs: HOUR },
  ],
  forgotPassword: [
    { name: "forgot-email", by: "address+email", max: 5, windowMs: MINUTE },
    { name: "forgot-address", by: "address", max: 20, windowMs: 15 * MINUTE },
  ],
  resetPassword: [{ name: "reset-address", by: "address", max: 10, windowMs: MINUTE }],
  changePassword: [{ name: "change-password-account", by: "account", max: 10, windowMs: MINUTE }],
  deleteAccount: [{ name: "delete-account", by: "account", max: 10, windowMs: MINUTE }],
} satisfies Record<string, RateLimitRule[]>;

/** A new password the shop refuses (common or breached, the email, one character repeated): 400 with the reason. */
function checkNewPassword(password: string, email?: string) {
  const refusal = passwordRefusal(password, email);
  if (refusal) throw badRequest(refusal, "PASSWORD_REFUSED");
}

export default async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Tells an account's owner that someone tried to sign up with its email, after the answer. */
  function mailOwnerOfTakenEmail(email: string) {
    app.mailer.later("the sign-up attempt mail", async () => {
      const owner = await repo.findUserByEmail(app.db, email);
      if (!owner) return null;
      const origin = app.env.SHOP_ORIGIN[0];
      if (owner.passwordHash === GUEST_PASSWORD) {
        // Orders placed as a guest: the owner of the mailbox chooses a password, and the account shows them.
        const token = await repo.createPasswordReset(app.db, owner.id);
        return {
          to: owner.email,
          subject: "Choose a password to see your orders",
          text: `Hello ${owner.firstName},\n\nYou ordered at the shop as a guest with this email address. To see those orders in your account, choose a password here (the link works for an hour):\n${origin}/reset-password?token=${encodeURIComponent(token)}\n\nIf you did not try to sign up, you need do nothing.`,
        };
      }
      return {
        to: owner.email,
        subject: "Someone tried to sign up with your email",
        text: `Hello ${owner.firstName},\n\nSomeone just tried to create an account at the shop with this email address, which already has yours. Your account has not changed.\n\nIf it was you, sign in at ${origin}/login, or choose a new password at ${origin}/forgot.\nIf it was not you, you need do nothing.`,
      };
    });
  }

  /** A new login: its refresh token starts a family whose id the access token carries as its session. */
  async function session(userId: string) {
    const user = await repo.getUser(app.db, userId);
    const login = await repo.issueRefreshToken(app.db, user.id, { role: user.role });
    const token = await app.signAccessToken(
      { id: user.id, role: user.role, sessionId: login.familyId },
      login.endsAt,
    );
    const refreshToken = login.token;
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
      config: { access: "public", limits: LIMITS.register },
    },
    async (request, reply) => {
      const { firstName, lastName, email, password } = request.body;
      checkNewPassword(password, email);
      const passwordHash = await hashPassword(password);
      const row = await repo
        .createUser(app.db, { firstName, lastName, email, passwordHash })
        .catch((error) => {
          // The spec signs a new shopper in at once, so a taken email cannot answer as a new one does (decision
          // 047): the answer says it is taken, and its owner hears that someone tried.
          if (error instanceof HttpError && error.code === "EMAIL_TAKEN") mailOwnerOfTakenEmail(email);
          throw error;
        });
      reply.status(201);
      return session(row.id);
    },
  );

  r.post(
    "/users/login",
    {
      schema: { tags: ["users"], body: loginBodySchema, response: { 200: authSessionSchema } },
      config: { access: "public", limits: LIMITS.login },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const row = await repo.findUserByEmail(app.db, email);
      // The owner's usual browser (its signed device cookie names this account) has a count of its own, so a
      // stranger guessing from anywhere else slows down only the browsers the account does not know.
      const device = app.deviceCookies.read(request);
      const known = device !== null && row !== undefined && device.userId === row.id;
      const key = known ? deviceKey(device.nonce) : accountKey(email);
      // Addresses in RATE_LIMIT_EXEMPT (monitoring, load tests) are counted by no limit, this one included.
      const counted = !app.isRateLimitExempt(request);
      const verdict = counted ? await app.loginLimits.attempt(key) : { allowed: true, retryAfterMs: 0 };
      if (!verdict.allowed) {
        throw new HttpError(
          429,
          `Too many attempts on this account; try again in ${waitText(verdict.retryAfterMs)}, or reset the password by mail`,
          "LOGIN_DELAYED",
          { "retry-after": String(Math.ceil(verdict.retryAfterMs / 1000)) },
        );
      }
      // Verify against a dummy hash for unknown emails, so the answer and its timing are the same.
      const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), password);
      if (!row || !ok) throw unauthorized(INVALID_LOGIN);
      if (counted) await app.loginLimits.clear(key);
      app.deviceCookies.issue(reply, row.id);
      return session(row.id);
    },
  );

  r.post(
    "/users/refresh-token",
    {
      schema: { tags: ["users"], body: refreshBodySchema, response: { 200: refreshResponseSchema } },
      config: { access: "public" },
    },
    async (request) => {
      const result = await repo.rotateRefreshToken(app.db, request.body.refreshToken);
      if (!result.ok && result.userId) sessionsEnded(app.db, result.userId);
      if (!result.ok) {
        throw unauthorized(
          result.reused
            ? "This refresh token was already used; the session has been ended. Log in again"
            : "The refresh token is not valid or has expired; log in again",
        );
      }
      const user = await repo.findUser(app.db, result.userId);
      if (!user) throw unauthorized("This account no longer exists");
      const token = await app.signAccessToken(
        { id: user.id, role: user.role === "admin" ? "admin" : "customer", sessionId: result.familyId },
        result.endsAt,
      );
      return { token, newRefreshToken: result.token };
    },
  );

  r.post(
    "/users/logout",
    {
      schema: { tags: ["users"], body: refreshBodySchema, response: { 200: messageResponseSchema } },
      config: { access: "public" },
    },
    async (request) => {
      const login = await repo.findRefreshToken(app.db, request.body.refreshToken);
      if (login) {
        const ended = endingSessions(app.db, login.userId);
        await repo.revokeLogin(app.db, login);
        await ended();
      }
      return { success: true, message: "Logged out" };
    },
  );

  r.post(
    "/users/forgot-password",
    {
      schema: { tags: ["users"], body: forgotPasswordBodySchema, response: { 200: messageResponseSchema } },
      config: { access: "public", limits: LIMITS.forgotPassword },
    },
    async (request) => {
      const { email } = request.body;
      // Everything that depends on the account happens after the answer (decision 047): looking it up, making the
      // link, mailing it. Known or not, the caller gets the same answer in the same time, whatever the mail server.
      app.mailer.later("the password-reset mail", async () => {
        const row = await repo.findUserByEmail(app.db, email);
        if (!row) return null;
        const token = await repo.createPasswordReset(app.db, row.id);
        const link = `${app.env.SHOP_ORIGIN[0]}/reset-password?token=${encodeURIComponent(token)}`;
        return {
          to: row.email,
          subject: "Reset your password",
          text: `Hello ${row.firstName},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nA newer link, or a new password, makes this one stop working.\n\nIf you did not ask for this, ignore this email.`,
        };
      });
      return { success: true, message: RESET_SENT };
    },
  );

  r.post(
    "/users/reset-password",
    {
      schema: { tags: ["users"], body: resetPasswordBodySchema, response: { 200: messageResponseSchema } },
      config: { access: "public", limits: LIMITS.resetPassword },
    },
    async (request) => {
      const pending = await repo.findPasswordReset(app.db, request.body.token);
      const owner = pending ? await repo.findUser(app.db, pending) : undefined;
      checkNewPassword(request.body.newPassword, owner?.email);
      const passwordHash = await hashPassword(request.body.newPassword);
      const ended = pending ? endingSessions(app.db, pending) : null;
      const userId = await app.db.transaction(async (tx) => {
        const userId = await repo.consumePasswordReset(tx, request.body.token);
        if (!userId)
          throw badRequest("This reset link is invalid, already used or expired; ask for a new one");
        await repo.setPassword(tx, userId, passwordHash);
        // Whoever had the old password loses every session.
        await repo.revokeAllSessions(tx, userId);
        return userId;
      });
      if (ended && userId === pending) await ended();
      else sessionsEnded(app.db, userId);
      // The owner proved they hold the mailbox: a stranger's guesses no longer stand between them and a login.
      const user = await repo.findUser(app.db, userId);
      if (user) await app.loginLimits.clear(accountKey(user.email));
      return { success: true, message: "Your password has been changed; log in with the new one" };
    },
  );

  r.get(
    "/users/profile",
    {
      schema: { tags: ["users"], security: bearer, response: { 200: userSchema } },
      config: { access: "user" },
    },
    async (request) => repo.getUser(app.db, callerOf(request).id),
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
      config: { access: "user", limits: LIMITS.changePassword },
    },
    async (request) => {
      const caller = callerOf(request);
      const row = await repo.findUser(app.db, caller.id);
      if (!row) throw unauthorized("This account no longer exists");
      if (!(await verifyPassword(row.passwordHash, request.body.currentPassword))) {
        throw badRequest("The current password is not correct");
      }
      if (request.body.currentPassword === request.body.newPassword) {
        throw badRequest("The new password must differ from the current one");
      }
      checkNewPassword(request.body.newPassword, row.email);
      const passwordHash = await hashPassword(request.body.newPassword);
      const ended = endingSessions(app.db, caller.id);
      await app.db.transaction(async (tx) => {
        await repo.setPassword(tx, caller.id, passwordHash);
        // Every other login of this account ends; the one that changed the password goes on.
        await repo.revokeAllSessions(tx, caller.id, caller.sessionId);
      });
      await ended();
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
      config: { access: "admin" },
    },
    async (request, reply) => {
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
    {
      schema: { tags: ["users"], security: bearer, params: userParams, response: { 200: userSchema } },
      config: { access: "self-or-admin" },
    },
    async (request) => repo.getUser(app.db, request.params.userId),
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
      config: { access: "self-or-admin" },
    },
    async (request) => {
      const caller = callerOf(request);
      const current = await repo.findUser(app.db, request.params.userId);
      if (!current) throw notFound("User");
      const { role, email } = request.body;
      // Roles are given by another admin, never taken: not even an admin changes their own.
      if (current.id === caller.id && role !== undefined && role !== current.role) {
        throw forbidden("You cannot change your own role; another admin can");
      }
      if (caller.role !== "admin" && email !== undefined && email !== current.email) {
        throw forbidden("Only an admin can change an email address");
      }
      const changes = caller.role === "admin" ? request.body : userUpdateBodySchema.parse(request.body);
      // A role change ends every session of that user, here and in every process.
      const ended = role !== undefined && role !== current.role ? endingSessions(app.db, current.id) : null;
      const updated = await repo.updateUser(app.db, current.id, changes);
      const roleChanged = updated.role !== current.role;
      if (ended) await ended();
      if (caller.role === "admin" && current.id !== caller.id) {
        await recordAudit(app.db, request, {
          action: roleChanged ? "user.role" : "user.update",
          entity: "user",
          entityId: current.id,
          before: repo.toUser(current),
          after: updated,
        });
      }
      return updated;
    },
  );

  r.delete(
    "/users/:userId",
    {
      schema: {
        tags: ["users"],
        summary:
          "Delete an account: one's own with its password (the body { password }), or another's as an admin",
        security: bearer,
        params: userParams,
        // No body at all (an admin deleting another) comes as null.
        body: deleteAccountBodySchema.nullish(),
        response: { 200: userSchema },
      },
      config: { access: "self-or-admin", limits: LIMITS.deleteAccount },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.id === request.params.userId.toLowerCase()) {
        // A stolen access token must not be enough to delete the account: its owner proves the password.
        const password = request.body?.password;
        if (!password) throw badRequest("Enter your password to delete your account", "PASSWORD_REQUIRED");
        const row = await repo.findUser(app.db, caller.id);
        if (!row || !(await verifyPassword(row.passwordHash, password))) {
          throw badRequest("The password is not correct", "PASSWORD_WRONG");
        }
      }
      const ended = endingSessions(app.db, request.params.userId);
      const deleted = await repo.deleteUser(app.db, request.params.userId);
      await ended();
      if (callerOf(request).id !== deleted.id) {
        await recordAudit(app.db, request, {
          action: "user.delete",
          entity: "user",
          entityId: deleted.id,
          before: deleted,
          after: null,
        });
      }
      return deleted;
    },
  );

  r.delete(
    "/users/:userId/sessions",
    {
      schema: {
        tags: ["users"],
        summary:
          "End every session of a user at once, this one included: the user signing out of all devices, or an admin",
        security: bearer,
        params: userParams,
        response: { 200: sessionsEndedSchema },
      },
      config: { access: "self-or-admin" },
    },
    async (request) => {
      const caller = callerOf(request);
      const user = await repo.findUser(app.db, request.params.userId);
      if (!user) throw notFound("User");
      const heard = endingSessions(app.db, user.id);
      const ended = await app.db.transaction((tx) => repo.revokeAllSessions(tx, user.id));
      await heard();
      const self = user.id === caller.id;
      if (!self) {
        await recordAudit(app.db, request, {
          action: "user.sessions-end",
          entity: "user",
          entityId: user.id,
          before: { email: user.email, sessions: ended },
          after: { email: user.email, sessions: 0 },
        });
      }
      return {
        success: true,
        message: self
          ? "You have been signed out of all devices"
          : `Every session of ${user.email} has ended`,
        ended,
      };
    },
  );

  // ---------- Addresses: the user's own; admins may read them ----------

  r.get(
    "/users/:userId/addresses",
    {
      schema: {
        tags: ["addresses"],
        security: bearer,
        params: userParams,
        response: { 200: z.array(addressSchema) },
      },
      config: { access: "self-or-admin" },
    },
    async (request) => {
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
      config: { access: "self" },
    },
    async (request, reply) => {
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
      config: { access: "self" },
    },
    async (request) => {
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
      config: { access: "self" },
    },
    async (request) => {
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
      config: { access: "self" },
    },
    async (request) => {
      return repo.setDefaultAddress(app.db, request.params.userId, request.params.addressId);
    },
  );
}
