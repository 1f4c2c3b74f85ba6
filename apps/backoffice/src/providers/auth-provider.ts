/**
 * The back office's auth provider on @shop/api-client: login, logout, the session check, errors (after the
 * client's shared refresh), identity, and access: only an admin (role === "admin") may use any route or menu.
 */
import { ApiError, NetworkError, type ShopClient } from "@shop/api-client";
import type { User } from "@shop/domain/schemas/public";
import type { AuthProvider, UserIdentity } from "react-admin";

/** Translation keys of the messages the sign-in page shows. */
export const AUTH_MESSAGES = {
  notAdmin: "shop.auth.not_admin",
  invalidCredentials: "shop.auth.invalid_credentials",
  loginDelayed: "shop.auth.login_delayed",
  rateLimited: "shop.auth.rate_limited",
  unreachable: "shop.auth.unreachable",
  signInFailed: "shop.auth.sign_in_failed",
  aMoment: "shop.auth.a_moment",
} as const;

/** The back office's translations as the sign-in page needs them: react-admin's i18nProvider fits. */
export interface SignInTexts {
  translate: (key: string, options?: Record<string, unknown>) => string;
  getLocale: () => string;
}

/** Keys as they are: what the providers' tests compare. */
const KEYS: SignInTexts = { translate: (key) => key, getLocale: () => "en" };

/** The wait the API names ("try again in 15 minutes") in the admin's language: "15 minutos". */
export function waitIn(apiMessage: string, locale: string): string | null {
  const match = /\bin (\d+) (second|minute|hour)s?\b/.exec(apiMessage);
  if (!match) return null;
  return new Intl.NumberFormat(locale, { style: "unit", unit: match[2], unitDisplay: "long" }).format(
    Number(match[1]),
  );
}

/**
 * What a refused sign-in says, in the admin's language: the API's reason (wrong credentials, too many attempts and
 * how long to wait, the server out of reach), never its raw answer.
 */
export function signInMessage(error: unknown, texts: SignInTexts = KEYS): string {
  const { translate } = texts;
  if (error instanceof NetworkError) return translate(AUTH_MESSAGES.unreachable);
  if (!(error instanceof ApiError)) return translate("ra.auth.sign_in_error");
  if (error.status === 400 || error.status === 401) return translate(AUTH_MESSAGES.invalidCredentials);
  const body = (error.body ?? {}) as { code?: unknown; message?: unknown };
  if (error.status === 429) {
    const wait = waitIn(String(body.message ?? ""), texts.getLocale()) ?? translate(AUTH_MESSAGES.aMoment);
    const key = body.code === "LOGIN_DELAYED" ? AUTH_MESSAGES.loginDelayed : AUTH_MESSAGES.rateLimited;
    return translate(key, { wait });
  }
  return translate(AUTH_MESSAGES.signInFailed, { status: error.status });
}

export const isAdmin = (user: User | null) => user?.role === "admin";

/** Initials for the avatar: "Ana Pérez" -> "AP". */
export function initials(user: Pick<User, "firstName" | "lastName" | "email">): string {
  const letters = [user.firstName, user.lastName].map((name) => name.trim().charAt(0)).join("");
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** A round avatar with the initials, as an SVG data URL (react-admin's user menu shows `avatar` as an image). */
export function initialsAvatar(text: string, background = "#1844b5"): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="${background}"/><text x="20" y="25" font-family="system-ui,sans-serif" font-size="15" font-weight="600" fill="#fff" text-anchor="middle">${text.replace(/[<>&"]/g, "")}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export function identityOf(user: User): UserIdentity {
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return { id: user.userId, fullName, avatar: initialsAvatar(initials(user)) };
}

export function createAuthProvider(client: ShopClient, texts: SignInTexts = KEYS): AuthProvider {
  return {
    async login({ username, password }: { username: string; password: string }) {
      try {
        await client.auth.login({ email: String(username ?? "").trim(), password: String(password ?? "") });
      } catch (error) {
        // The client's own message carries the API's raw answer; the sign-in page says why in the admin's words.
        throw new Error(signInMessage(error, texts));
      }
      if (!client.auth.isAdmin()) {
        // A shopper's session is ended at once, before any screen of the back office renders.
        await client.auth.logout();
        throw new Error(AUTH_MESSAGES.notAdmin);
      }
    },

    async logout() {
      if (client.auth.isLoggedIn()) await client.auth.logout();
    },

    async checkAuth() {
      if (!client.auth.isLoggedIn()) throw { message: false };
      if (!client.auth.isAdmin()) {
        await client.auth.logout();
        throw { message: AUTH_MESSAGES.notAdmin };
      }
    },

    async checkError(error: { status?: number }) {
      // The client has already tried the shared refresh: a 401 here means the session is over.
      if (error?.status === 401) throw { message: false };
      // The API reads the role from the database: a 403 means this account is no longer an admin.
      if (error?.status === 403) {
        await client.auth.logout();
        throw { message: AUTH_MESSAGES.notAdmin };
      }
    },

    async getIdentity() {
      const user = client.auth.user();
      if (!user) throw new Error("Not logged in");
      return identityOf(user);
    },

    async getPermissions() {
      return client.auth.user()?.role ?? "guest";
    },

    // Every route and every menu entry is for admins only (docs/decisions/015-admin-guard-on-every-route.md).
    async canAccess() {
      return isAdmin(client.auth.user());
    },
  };
}
