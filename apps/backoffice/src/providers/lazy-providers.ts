/**
 * The data and auth providers react-admin is given: each call loads the real ones (client.ts) once. Until a
 * session exists nothing is loaded, so the sign-in page needs only react-admin's core.
 */
import type { AuthProvider } from "react-admin";
import type { ShopDataProvider } from "./data-provider.ts";
import { hasStoredSession } from "./session.ts";

let loading: Promise<typeof import("./client.ts")> | null = null;
const load = () => {
  loading ??= import("./client.ts");
  return loading;
};

/** Every method, looked up on the real provider when called. */
function forward<T extends object>(pick: (module: typeof import("./client.ts")) => T): T {
  return new Proxy({} as T, {
    get: (_target, method) => {
      if (method === "then") return undefined;
      return async (...args: unknown[]) => {
        const provider = pick(await load()) as Record<PropertyKey, (...a: unknown[]) => unknown>;
        return provider[method]!(...args);
      };
    },
  });
}

export const dataProvider: ShopDataProvider = forward((m) => m.dataProvider);

const realAuth = forward<Required<AuthProvider>>((m) => m.authProvider as Required<AuthProvider>);

export const authProvider: AuthProvider = {
  login: (params) => realAuth.login(params),
  logout: async (params) => {
    if (hasStoredSession()) await realAuth.logout(params);
  },
  checkAuth: async (params) => {
    if (!hasStoredSession()) throw { message: false };
    return realAuth.checkAuth(params);
  },
  checkError: (error) => realAuth.checkError(error),
  getIdentity: () => realAuth.getIdentity(),
  getPermissions: (params) =>
    hasStoredSession() ? realAuth.getPermissions(params) : Promise.resolve("guest"),
  canAccess: async (params) => hasStoredSession() && realAuth.canAccess(params),
};
