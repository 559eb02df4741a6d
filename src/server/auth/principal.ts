import { and, eq, gte, sql } from "drizzle-orm";
import type { Membership } from "@shared/schemas/team";
import type { Db } from "../db/client";
import { prepared } from "../db/prepared";
import { companies, companyMembers, passkeys, sessions, users, type User } from "../db/schema";

/**
 * Who a session is signed in as: the user, their company and role in it (null: none, as for
 * staff), and whether they have a passkey (the second factor's state needs it).
 */
export type Principal = { user: User; membership: Membership | null; hasPasskey: boolean };

const principalColumns = {
  user: users,
  companyId: companyMembers.companyId,
  companyName: companies.name,
  role: companyMembers.role,
  hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`,
};

type PrincipalRow = {
  user: User | null;
  companyId: string | null;
  companyName: string | null;
  role: Membership["role"] | null;
  hasPasskey: boolean;
};

function toPrincipal(row: PrincipalRow | undefined): Principal | undefined {
  if (!row?.user) return undefined;
  const { user, companyId, companyName, role, hasPasskey } = row;
  const membership = companyId && companyName && role ? { companyId, companyName, role } : null;
  return { user, membership, hasPasskey };
}

/**
 * A stored session that has not expired, and who it is signed in as, in one round trip: every
 * portal request starts with this. Expiry is compared as the session store compares it, against
 * this process's clock. Undefined: no such session.
 */
export async function loadSession(
  db: Db,
  sid: string,
  now = Date.now(),
): Promise<{ sess: unknown; principal: Principal | undefined } | undefined> {
  const query = prepared(db, "session_with_principal", (db) =>
    db
      .select({ sess: sessions.sess, ...principalColumns })
      .from(sessions)
      .leftJoin(users, eq(users.id, sql`(${sessions.sess}->>'userId')::uuid`))
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(
        and(
          eq(sessions.sid, sql.placeholder("sid")),
          gte(sessions.expire, sql`to_timestamp(${sql.placeholder("now")})`),
        ),
      ),
  );
  const [row] = await query.execute({ sid, now: now / 1000 });
  return row && { sess: row.sess, principal: toPrincipal(row) };
}

/** Who the user is, as loadSession tells it: for a session whose user changed after loading. */
export async function findPrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const query = prepared(db, "principal_by_user", (db) =>
    db
      .select(principalColumns)
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(users.id, sql.placeholder("userId"))),
  );
  const [row] = await query.execute({ userId });
  return toPrincipal(row);
}
