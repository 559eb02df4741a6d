import {
  bigint,
  boolean,
  char,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

/** Who signs in, and how: users, their sessions, second factors, passkeys and sign-in links. */

/** Server-side sessions, in the shape connect-pg-simple reads and writes. */
export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid").primaryKey(),
    sess: json("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (table) => [index("sessions_expire_idx").on(table.expire)],
);

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: varchar("email", { length: 254 }).notNull().unique(),
  firstName: varchar("first_name", { length: 100 }),
  lastName: varchar("last_name", { length: 100 }),
  profileImageUrl: varchar("profile_image_url", { length: 2048 }),
  isAdmin: boolean("is_admin").notNull().default(false),
  /**
   * The TOTP second factor's secret, encrypted with a key derived from SESSION_SECRET
   * (AES-256-GCM); null when TOTP is off. Never stored or sent in plain text.
   */
  totpSecretEncrypted: text("totp_secret_encrypted"),
  /** When TOTP was turned on (null: off). */
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** The time step of the last TOTP code accepted, so a code works once. */
  totpLastStep: integer("totp_last_step"),
  /** Email notices the user turned off or on, by kind (a kind not listed is on). */
  emailNotices: jsonb("email_notices").$type<Record<string, boolean>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One-time recovery codes of a user's second factor; only a SHA-256 hash of each is kept. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: char("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("recovery_codes_user_id_idx").on(table.userId)],
);

/** A user's passkeys (WebAuthn credentials): the public key only, never a secret. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: varchar("credential_id", { length: 1400 }).notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: varchar("name", { length: 100 }).notNull(),
    deviceType: varchar("device_type", { length: 20 }).notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("passkeys_user_id_idx").on(table.userId)],
);

/** Single-use email sign-in links; only a hash of the token is kept. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: char("token_hash", { length: 64 }).notNull().unique(),
    email: varchar("email", { length: 254 }).notNull(),
    /** The page of this site to open after signing in (a path, never another origin). */
    returnTo: varchar("return_to", { length: 500 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("login_tokens_expires_at_idx").on(table.expiresAt)],
);

export type Session = typeof sessions.$inferSelect;

export type User = typeof users.$inferSelect;

export type Passkey = typeof passkeys.$inferSelect;
