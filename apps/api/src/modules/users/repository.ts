/** Accounts, sessions and addresses in the database. */
import { randomUUID } from "node:crypto";
import type { AddressInput, User } from "@shop/domain/schemas/public";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { containing, isUuid } from "../../db/match.ts";
import { badRequest, conflict, notFound } from "../../http-errors.ts";
import type { ListRequest } from "../../lists.ts";
import { hasOrders } from "../orders/history.ts";
import { addresses, passwordResets, refreshTokens, users } from "./tables.ts";
import {
  hashToken,
  newToken,
  REFRESH_TOKEN_TTL_MS,
  RESET_TOKEN_TTL_MS,
  SESSION_LIFETIME_MS,
} from "./tokens.ts";

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export const MAX_ADDRESSES = 20;

export function toUser(row: UserRow, addressRows?: AddressRow[]): User {
  return {
    id: row.id,
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role === "admin" ? "admin" : "customer",
    ...(addressRows ? { addresses: addressRows.map(toAddress) } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAddress(row: AddressRow) {
  return {
    addressId: row.id,
    streetAddress: row.streetAddress,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUser(db: Db | Tx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function getUser(db: Db, id: string): Promise<User> {
  const row = await findUser(db, id);
  if (!row) throw notFound("User");
  return toUser(row, await listAddressRows(db, id));
}

export async function createUser(
  db: Db,
  input: { firstName: string; lastName: string; email: string; passwordHash: string },
) {
  const existing = await findUserByEmail(db, input.email);
  if (existing) throw conflict("An account with this email already exists", "EMAIL_TAKEN");
  const [row] = await db
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase(), role: "customer" })
    .returning();
  return row!;
}

const userSortColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
  id: users.id,
} as const;
export const USER_SORT_FIELDS = Object.keys(userSortColumns);

export async function listUsers(
  db: Db,
  list: ListRequest,
  filters: { q?: string; role?: string; ids?: string[] },
) {
  const where: SQL[] = [];
  if (filters.q) {
    const term = containing(filters.q);
    where.push(or(ilike(users.email, term), ilike(users.firstName, term), ilike(users.lastName, term))!);
  }
  if (filters.role) where.push(eq(users.role, filters.role));
  if (filters.ids) where.push(inArray(users.id, filters.ids.filter(isUuid)));
  const condition = where.length ? and(...where) : undefined;
  const sort = list.sort ?? { field: "createdAt", order: "desc" as const };
  const column = userSortColumns[sort.field as keyof typeof userSortColumns];
  const rows = await db
    .select()
    .from(users)
    .where(condition)
    .orderBy(sort.order === "asc" ? asc(column) : desc(column), asc(users.id))
    .limit(list.pageSize)
    .offset(list.offset);
  const [total] = await db.select({ n: count() }).from(users).where(condition);
  return { items: rows.map((r) => toUser(r)), total: total?.n ?? 0 };
}

/** Admins other than `exceptId`, their rows locked so two admins cannot demote each other at once. */
async function otherAdmins(tx: Tx, exceptId: string) {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, exceptId)))
    .for("update");
  return rows.length;
}

/** Changes a user; a role change also ends every session of that user, so their next refresh logs them out. */
export async function updateUser(
  db: Db,
  id: string,
  changes: { firstName?: string; lastName?: string; email?: string; role?: "admin" | "customer" },
) {
  return db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    if (!current) throw notFound("User");
    const roleChanges = changes.role !== undefined && changes.role !== current.role;
    if (current.role === "admin" && changes.role === "customer" && (await otherAdmins(tx, id)) === 0) {
      throw conflict("The shop needs at least one admin; make another user an admin first");
    }
    if (changes.email && changes.email !== current.email) {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email));
      if (taken) throw conflict("An account with this email already exists", "EMAIL_TAKEN");
    }
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (roleChanges) await revokeAllSessions(tx, id);
    return toUser(row!);
  });
}

export async function deleteUser(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const current = await findUser(tx, id);
    if (!current) throw notFound("User");
    if (current.role === "admin" && (await otherAdmins(tx, id)) === 0) {
      throw conflict("The shop needs at least one admin; this is the last one");
    }
    if (await hasOrders(tx, id)) {
      throw conflict("This account has orders and cannot be deleted; the order history must be kept");
    }
    await tx.delete(users).where(eq(users.id, id));
    return toUser(current);
  });
}

/** A new password; every reset link not yet used stops working (whoever holds an old mail takes nothing back). */
export async function setPassword(db: Db | Tx, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  await spendPasswordResets(db, userId);
}

// ---------- Refresh tokens: single use, rotated, reuse revokes the whole login ----------

/** A refresh token of a login; a new login (no `login` given) ends after its role's SESSION_LIFETIME_MS. */
export async function issueRefreshToken(
  db: Db | Tx,
  userId: string,
  login: { familyId: string; endsAt: Date } | { role: "admin" | "customer" },
) {
  const token = newToken();
  const now = Date.now();
  const { familyId, endsAt } =
    "familyId" in login
      ? login
      : { familyId: randomUUID(), endsAt: new Date(now + SESSION_LIFETIME_MS[login.role]) };
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Math.min(now + REFRESH_TOKEN_TTL_MS, endsAt.getTime())),
    sessionExpiresAt: endsAt,
  });
  return { token, familyId, endsAt };
}

export type RotateResult =
  | { ok: true; userId: string; token: string; familyId: string; endsAt: Date }
  | { ok: false; reused: boolean; userId?: string };

export async function rotateRefreshToken(db: Db, token: string): Promise<RotateResult> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!known) return { ok: false as const, reused: false };
    // The user's row first, as every ending of sessions takes it: a refresh and a revocation never cross.
    await lockUser(tx, known.userId);
    // Spending the token is one conditional update, so two concurrent refreshes cannot both win; a family with
    // any revoked token is over, whatever a refresh racing its revocation may have added.
    const [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
          sql`not exists (select 1 from refresh_tokens ended where ended.family_id = ${refreshTokens.familyId}
            and ended.revoked_at is not null)`,
        ),
      )
      .returning({
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        endsAt: refreshTokens.sessionExpiresAt,
      });
    if (spent) {
      // The new token carries the login's end: refreshing never makes a login last longer.
      const next = await issueRefreshToken(tx, spent.userId, {
        familyId: spent.familyId,
        endsAt: spent.endsAt,
      });
      return { ok: true as const, userId: spent.userId, ...next };
    }
    if (known.usedAt) {
      // A spent token came back: someone else holds this login. End it everywhere.
      await revokeFamily(tx, known.familyId);
      return { ok: false as const, reused: true, userId: known.userId };
    }
    return { ok: false as const, reused: false };
  });
}

async function revokeFamily(db: Db | Tx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** The login a refresh token belongs to, and its user; undefined for an unknown token. */
export async function findRefreshToken(db: Db, token: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  return row;
}

/** A logout: ends one login of a user. */
export async function revokeLogin(db: Db, login: { userId: string; familyId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUser(tx, login.userId);
    await revokeFamily(tx, login.familyId);
  });
}

/**
 * Ends every login of a user, but the one named by `keepFamilyId` (the caller's own, on a password change), under
 * the user's row lock so that no refresh running meanwhile keeps one alive. Call `sessionsEnded` after the commit.
 */
export async function revokeAllSessions(
  db: Db | Tx,
  userId: string,
  keepFamilyId?: string | null,
): Promise<number> {
  await lockUser(db, userId);
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  // Logins, not tokens: a login keeps its spent tokens until it ends.
  return new Set(rows.map((row) => row.familyId)).size;
}

// ---------- Password reset ----------

/** Marks every unused reset link of a user spent. */
async function spendPasswordResets(db: Db | Tx, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** A new reset link; the user's earlier ones stop working, so only the newest mail can reset the password. */
export async function createPasswordReset(db: Db, userId: string) {
  const token = newToken();
  await db.transaction(async (tx) => {
    // Under the user's lock, so two requests at once leave one link, not two.
    await lockUser(tx, userId);
    await spendPasswordResets(tx, userId);
    await tx.insert(passwordResets).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  return token;
}

/** Whose reset token this is, before it is spent; undefined when it is unknown. */
export async function findPasswordReset(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(token)));
  return row?.userId;
}

/** Spends a reset token once; answers the user id, or undefined when it is unknown, spent or expired. */
export async function consumePasswordReset(tx: Tx, token: string): Promise<string | undefined> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

// ---------- Addresses: exactly one default when any exist ----------

export async function listAddressRows(db: Db | Tx, userId: string) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
}

async function lockUser(tx: Db | Tx, userId: string) {
  // Serialises changes per user: two address changes cannot both make a default; a refresh and the ending of
  // that user's sessions never cross.
  await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
}

function addressValues(input: AddressInput) {
  return {
    streetAddress: input.streetAddress,
    city: input.city ?? null,
    province: input.province ?? null,
    postalCode: input.postalCode ?? null,
    country: input.country ?? "DO",
    phone: input.phone ?? null,
  };
}

export async function addAddress(db: Db, userId: string, input: AddressInput) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await listAddressRows(tx, userId);
    if (existing.length >= MAX_ADDRESSES) {
      throw badRequest(`An account can keep at most ${MAX_ADDRESSES} addresses; delete one first`);
    }
    const makeDefault = existing.length === 0 || input.isDefault === true;
    if (makeDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({ ...addressValues(input), userId, isDefault: makeDefault })
      .returning();
    return toAddress(row!);
  });
}

async function ownAddress(tx: Tx, userId: string, addressId: string) {
  if (!isUuid(addressId)) throw notFound("Address");
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!row) throw notFound("Address");
  return row;
}

export async function updateAddress(db: Db, userId: string, addressId: string, input: AddressInput) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await ownAddress(tx, userId, addressId);
    if (input.isDefault === true && !current.isDefault) {
      await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    }
    // Unsetting the only default is refused quietly: exactly one default stays.
    const isDefault = current.isDefault || input.isDefault === true;
    const [row] = await tx
      .update(addresses)
      .set({ ...addressValues(input), isDefault })
      .where(eq(addresses.id, addressId))
      .returning();
    return toAddress(row!);
  });
}

export async function deleteAddress(db: Db, userId: string, addressId: string) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const current = await ownAddress(tx, userId, addressId);
    await tx.delete(addresses).where(eq(addresses.id, addressId));
    if (current.isDefault) {
      const [next] = await listAddressRows(tx, userId);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return toAddress(current);
  });
}

export async function setDefaultAddress(db: Db, userId: string, addressId: string) {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await ownAddress(tx, userId, addressId);
    await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId));
    return (await listAddressRows(tx, userId)).map(toAddress);
  });
}
