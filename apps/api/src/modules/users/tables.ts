/** The users module's tables: accounts, their saved addresses, sign-in tokens, password resets and login limits. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, pk, updatedAt } from "../../db/columns.ts";

export const users = pgTable(
  "users",
  {
    id: pk(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    role: text("role").notNull().default("customer"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    index("users_created_at_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in ('admin', 'customer')`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    streetAddress: text("street_address").notNull(),
    city: text("city"),
    province: text("province"),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("DO"),
    phone: text("phone"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId),
    // At most one default address per user, whatever two requests do at once.
    uniqueIndex("addresses_one_default_per_user").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** This token's own end; never after the login's end. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    /**
     * When the login itself ends, however often it is refreshed: set at sign-in (shorter for admins) and carried
     * to each rotated token (docs/decisions/047-passwords-and-sessions.md).
     */
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    // Ending every session of one user (a password change, a role change, "sign out of all devices").
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: pk(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_hash_key").on(t.tokenHash)],
);

/**
 * Login attempts per account (by email) and per device cookie, whatever the client's address: the growing delay
 * between guesses (docs/decisions/031-login-limits-per-account.md). Kept here unless REDIS_URL is set.
 */
export const loginLimits = pgTable(
  "login_limits",
  {
    key: text("key").primaryKey(),
    /** Attempts since the last success; each one is counted before its password is checked. */
    attempts: integer("attempts").notNull(),
    /** The last attempt let through; equal to the statement's now() when this one was. */
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    /** No attempt before this. */
    nextAt: timestamp("next_at", { withTimezone: true, mode: "date" }).notNull(),
    /** The row is forgotten (and the count starts again) after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("login_limits_expires_at_idx").on(t.expiresAt)],
);
