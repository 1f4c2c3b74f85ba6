/**
 * The signed-in shopper, read from the api-client's token store (browser storage, so a reload keeps it) and
 * kept in step with whatever the store reports: sign-ins, sign-outs, other tabs, a session the server ended.
 */
import { SESSION_TOKEN_KEY } from "@shop/api-client/session-keys";
import type { AuthSession, LoginBody, RegisterBody, User } from "@shop/domain/schemas/public";
import { atom } from "jotai";
import { api, apiRequested, loadApi } from "#lib/api.ts";
import { readStorage } from "#lib/storage.ts";

/** undefined until the store has been read; null when signed out. */
const userAtom = atom<User | null | undefined>(undefined);

userAtom.onMount = (setUser) => {
  let stop: (() => void) | undefined;
  let following = false;
  let mounted = true;
  const follow = () => {
    if (following || !mounted) return;
    following = true;
    loadApi().then(({ client, session }) => {
      if (!mounted) return;
      const read = () => setUser(client.auth.isLoggedIn() ? client.auth.user() : null);
      read();
      stop = session.subscribe(read);
    });
  };
  // A stored session: the client reads it (and refreshes it when needed). None: the shopper is signed out, which
  // needs no client; the session is followed once the client loads for anything else (a sign-in among them), or
  // once another tab signs in.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_TOKEN_KEY && event.newValue) follow();
  };
  if (readStorage(SESSION_TOKEN_KEY)) follow();
  else {
    setUser(null);
    apiRequested.then(follow);
    addEventListener("storage", onStorage);
  }
  return () => {
    mounted = false;
    removeEventListener("storage", onStorage);
    stop?.();
  };
};

export const sessionUserAtom = atom((get) => get(userAtom));

export const signInAtom = atom(null, async (_get, set, credentials: LoginBody): Promise<AuthSession> => {
  const session = await api((client) => client.auth.login(credentials));
  set(userAtom, session.user);
  return session;
});

/** Registers, then signs in with the same credentials (spec section 4). */
export const registerAtom = atom(null, async (_get, set, body: RegisterBody): Promise<AuthSession> => {
  const session = await api((client) => client.auth.register(body));
  set(userAtom, session.user);
  return session;
});

/** Revokes the refresh token and forgets token, refresh token, user and userId. */
export const signOutAtom = atom(null, async (_get, set) => {
  await api((client) => client.auth.logout());
  set(userAtom, null);
});

/** Ends every session of the account on the server, on every device, this one included; then forgets it here. */
export const signOutEverywhereAtom = atom(null, async (_get, set) => {
  await api((client) => client.auth.logoutEverywhere());
  set(userAtom, null);
});

/**
 * Deletes the account (its password proves it is the owner), runs `leave` (off the signed-in page, which would
 * otherwise send a shopper without a session to /login), then forgets the session here.
 */
export const deleteAccountAtom = atom(
  null,
  async (_get, set, { password, leave }: { password: string; leave: () => Promise<void> | void }) => {
    await api((client) => client.auth.deleteAccount({ password }));
    await leave();
    await api((client) => client.auth.logout());
    set(userAtom, null);
  },
);

/** The profile changed (names): the stored user follows. */
export const userChangedAtom = atom(null, (_get, set, user: User) => set(userAtom, user));
