/** Account calls: login, registration, logout, passwords, profile and users, and the user's addresses (spec sections 4, 5, 8). */
import { accountMessages } from "@shop/domain/messages";
import type { UserUpdateBody } from "@shop/domain/schemas/admin";
import {
  type Address,
  type AddressInput,
  type AuthSession,
  addressSchema,
  authSessionSchema,
  type ChangePasswordBody,
  type DeleteAccountBody,
  type LoginBody,
  type MessageResponse,
  messageResponseSchema,
  type RegisterBody,
  type SessionsEnded,
  sessionsEndedSchema,
  type User,
  userSchema,
} from "@shop/domain/schemas/public";
import { z } from "zod";
import { ApiContractError, ApiError } from "../errors.ts";
import { segment, type Transport } from "../http.ts";

export function accountCalls(t: Transport) {
  const store = t.store;

  function keep(session: AuthSession) {
    store.setToken(session.token);
    store.setRefreshToken(session.refreshToken);
    store.setUser(session.user);
    store.setUserId(session.user.userId);
  }

  /** Revokes a refresh token on the server; a failure changes nothing for the caller. */
  async function revoke(refreshToken: string) {
    try {
      await t.send({
        call: "auth.logout",
        method: "POST",
        path: "/users/logout",
        body: { refreshToken },
        session: false,
      });
    } catch {}
  }

  async function login(credentials: LoginBody): Promise<AuthSession> {
    const answer = await t.send({
      call: "auth.login",
      method: "POST",
      path: "/users/login",
      body: credentials,
      session: false,
      error: (status, _body, text) => accountMessages.loginError(status, text),
    });
    const parsed = authSessionSchema.safeParse(answer.body);
    if (!parsed.success) {
      throw new ApiContractError(
        "auth.login",
        answer.status,
        answer.body,
        parsed.error.issues,
        accountMessages.invalidServerResponse,
      );
    }
    keep(parsed.data);
    return parsed.data;
  }

  const auth = {
    /** POST /users/login: keeps token, refresh token, user and userId in the store. */
    login,

    /** POST /users/register: the registration answers a session, kept as a login's is (spec section 4's automatic login). */
    async register(body: RegisterBody): Promise<AuthSession> {
      const answer = await t.send({
        call: "auth.register",
        method: "POST",
        path: "/users/register",
        body,
        session: false,
        error: (status, _body, text) => accountMessages.registerError(status, text),
      });
      const registered = authSessionSchema.safeParse(answer.body);
      if (!registered.success) {
        throw new ApiContractError("auth.register", answer.status, answer.body, registered.error.issues);
      }
      keep(registered.data);
      return registered.data;
    },

    /** POST /users/logout with the refresh token (its failure is ignored), then forgets the whole session. */
    async logout(): Promise<void> {
      const refreshToken = store.getRefreshToken();
      try {
        if (refreshToken) await revoke(refreshToken);
      } finally {
        store.clear();
      }
    },

    /**
     * DELETE /users/{userId}/sessions for oneself: every login of the account ends at once, on every device, this
     * one included; then forgets the session here. A refusal leaves this session as it was.
     */
    async logoutEverywhere(): Promise<SessionsEnded> {
      const userId = store.getUserId() ?? store.getUser()?.userId;
      if (!userId || !store.getToken()) {
        throw new ApiError(accountMessages.notAuthorized, 401, null, "auth.logoutEverywhere");
      }
      const answer = await t.json(
        {
          call: "auth.logoutEverywhere",
          method: "DELETE",
          path: `/users/${segment(userId)}/sessions`,
        },
        sessionsEndedSchema,
      );
      store.clear();
      return answer;
    },

    /**
     * DELETE /users/{userId} for oneself, with the account's password: the account and every session end. The
     * caller then forgets the session (`logout`), once it has left the signed-in pages. A refusal (a wrong
     * password, an account with orders) changes nothing.
     */
    async deleteAccount(body: DeleteAccountBody): Promise<User> {
      const userId = store.getUserId() ?? store.getUser()?.userId;
      if (!userId || !store.getToken()) {
        throw new ApiError(accountMessages.notAuthorized, 401, null, "auth.deleteAccount");
      }
      return t.json(
        { call: "auth.deleteAccount", method: "DELETE", path: `/users/${segment(userId)}`, body },
        userSchema,
      );
    },

    /** POST /users/refresh-token by hand; calls that get a 401 do this on their own. False when refused. */
    refresh: (): Promise<boolean> => t.refresh(),

    /** POST /users/forgot-password: the same answer whether or not the account exists. */
    forgotPassword: (email: string): Promise<MessageResponse> =>
      t.json(
        {
          call: "auth.forgotPassword",
          method: "POST",
          path: "/users/forgot-password",
          body: { email },
          session: false,
        },
        messageResponseSchema,
      ),

    /** POST /users/reset-password with the emailed token. */
    resetPassword: (token: string, newPassword: string): Promise<MessageResponse> =>
      t.json(
        {
          call: "auth.resetPassword",
          method: "POST",
          path: "/users/reset-password",
          body: { token, newPassword },
          session: false,
        },
        messageResponseSchema,
      ),

    /** POST /users/change-password: needs a logged-in token, else 'No autorizado' before any request. */
    changePassword(body: ChangePasswordBody): Promise<MessageResponse> {
      if (!store.getToken()) {
        return Promise.reject(new ApiError(accountMessages.notAuthorized, 401, null, "auth.changePassword"));
      }
      return t.json(
        {
          call: "auth.changePassword",
          method: "POST",
          path: "/users/change-password",
          body,
          error: () => accountMessages.changePasswordError,
        },
        messageResponseSchema,
      );
    },

    /** The stored user, or null when logged out. */
    user: (): User | null => store.getUser(),
    isLoggedIn: (): boolean => store.getToken() !== null,
    /** A user is an admin when role equals admin (spec section 6). */
    isAdmin: (): boolean => store.getUser()?.role === "admin",
  };

  const userLoadError = (status: number) => accountMessages.userLoadError(status);

  const users = {
    /** GET /users/profile: the logged-in user, also refreshed in the store. */
    async profile(): Promise<User> {
      const user = await t.json(
        { call: "users.profile", path: "/users/profile", error: userLoadError },
        userSchema,
      );
      store.setUser(user);
      store.setUserId(user.userId);
      return user;
    },
    /** GET /users/{userId}: oneself, or anyone for an admin. */
    get: (userId: string): Promise<User> =>
      t.json({ call: "users.get", path: `/users/${segment(userId)}`, error: userLoadError }, userSchema),
    /** DELETE /users/{userId}/sessions: an admin ends every login of that user at once. */
    endSessions: (userId: string): Promise<SessionsEnded> =>
      t.json(
        { call: "users.endSessions", method: "DELETE", path: `/users/${segment(userId)}/sessions` },
        sessionsEndedSchema,
      ),
    /** PUT /users/{userId}: a shopper changes their names; an admin may also change email and role. */
    async update(userId: string, changes: UserUpdateBody): Promise<User> {
      const user = await t.json(
        { call: "users.update", method: "PUT", path: `/users/${segment(userId)}`, body: changes },
        userSchema,
      );
      if (store.getUserId() === user.userId) store.setUser(user);
      return user;
    },
  };

  /** The stored user's id; address calls without one fail before any request. */
  function ownerPath(call: string, rest = ""): string {
    const userId = store.getUserId() ?? store.getUser()?.userId;
    if (!userId) throw new ApiError(accountMessages.userNotAuthenticated, 401, null, call);
    return `/users/${segment(userId)}/addresses${rest}`;
  }

  const addresses = {
    /** GET /users/{userId}/addresses. */
    list: async (): Promise<Address[]> =>
      t.json(
        {
          call: "addresses.list",
          path: ownerPath("addresses.list"),
          error: (status) => accountMessages.addressFetchError(status),
        },
        z.array(addressSchema),
      ),
    /** POST /users/{userId}/addresses: the first address becomes the default. */
    add: async (input: AddressInput): Promise<Address> =>
      t.json(
        {
          call: "addresses.add",
          method: "POST",
          path: ownerPath("addresses.add"),
          body: input,
          error: (status) => accountMessages.addressAddError(status),
        },
        addressSchema,
      ),
    /** PUT /users/{userId}/addresses/{addressId}. */
    update: async (addressId: string, input: AddressInput): Promise<Address> =>
      t.json(
        {
          call: "addresses.update",
          method: "PUT",
          path: ownerPath("addresses.update", `/${segment(addressId)}`),
          body: input,
          error: (status) => accountMessages.addressUpdateError(status),
        },
        addressSchema,
      ),
    /** DELETE /users/{userId}/addresses/{addressId}: answers the deleted address. */
    remove: async (addressId: string): Promise<Address> =>
      t.json(
        {
          call: "addresses.remove",
          method: "DELETE",
          path: ownerPath("addresses.remove", `/${segment(addressId)}`),
          error: (status) => accountMessages.addressDeleteError(status),
        },
        addressSchema,
      ),
    /** PUT /users/{userId}/addresses/{addressId}/default: answers every address, the new default marked. */
    setDefault: async (addressId: string): Promise<Address[]> =>
      t.json(
        {
          call: "addresses.setDefault",
          method: "PUT",
          path: ownerPath("addresses.setDefault", `/${segment(addressId)}/default`),
          error: (status) => accountMessages.addressDefaultError(status),
        },
        z.array(addressSchema),
      ),
  };

  return { auth, users, addresses };
}
