import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  auditLabel,
  securityActions,
  type AuditAction,
  type AuditPage,
  type AuditQuery,
} from "@shared/schemas/audit";
import type { Db, DbExecutor } from "../db/client";
import { auditEvents, type AuditEvent, type User } from "../db/schema";
import { findMembership } from "../team/team";
import type {} from "../api-tokens/tokens";

export const AUDIT_PAGE_SIZE = 50;

type Changes = { before?: Record<string, unknown>; after?: Record<string, unknown> };

export type AuditEntry = {
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  companyId?: string | null;
  changes?: Changes;
};

/**
 * Who did it and from where: a request's signed-in user (or the given one) and address, and the
 * API token the request was made with, if it was (its requests act as the staff who made it).
 */
export type AuditContext = {
  actor: Pick<User, "id" | "email" | "isAdmin"> | null;
  ipAddress: string | null;
  apiTokenId?: string | null;
};

export function auditContext(
  request: FastifyRequest,
  actor: AuditContext["actor"] = request.user,
): AuditContext {
  return { actor, ipAddress: request.ip ?? null, apiTokenId: request.apiToken?.id ?? null };
}

/**
 * Only the fields that changed, before and after; undefined when nothing did. Secrets never get
 * here: callers pass the fields a person may see.
 */
export function changedFields(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
): Changes | undefined {
  if (!before) return { after };
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (keys.length === 0) return undefined;
  const pick = (row: Record<string, unknown>) =>
    Object.fromEntries(keys.map((key) => [key, row[key] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/** Appends one event. Pass the write's transaction when there is one, so both land or neither. */
export async function recordAudit(
  db: DbExecutor,
  context: AuditContext,
  entry: AuditEntry,
): Promise<void> {
  // A client's own events belong to their company, so the whole team sees them.
  const companyId =
    entry.companyId !== undefined || !context.actor || context.actor.isAdmin
      ? entry.companyId
      : (await findMembership(db, context.actor.id))?.companyId;
  await db.insert(auditEvents).values({
    action: entry.action,
    actorId: context.actor?.id ?? null,
    actorEmail: context.actor?.email ?? null,
    actorIsStaff: context.actor?.isAdmin ?? false,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    companyId: companyId ?? null,
    ipAddress: context.ipAddress,
    apiTokenId: context.apiTokenId ?? null,
    changes: entry.changes ?? null,
  });
}

/**
 * Runs a write and its audit row in one transaction, so neither lands without the other
 * (decision 018): `audit` appends the row, once the write knows what it changed.
 */
export function withAudit<T>(
  db: Db,
  context: AuditContext,
  write: (tx: DbExecutor, audit: (entry: AuditEntry) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => write(tx, (entry) => recordAudit(tx, context, entry)));
}

function toView(row: AuditEvent) {
  return {
    id: row.id,
    action: row.action,
    label: auditLabel(row.action, row.changes),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    actorIsStaff: row.actorIsStaff,
    targetType: row.targetType,
    targetId: row.targetId,
    companyId: row.companyId,
    ipAddress: row.ipAddress,
    apiTokenId: row.apiTokenId,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The log, newest first, filtered by client company and by who acted. */
export async function listAuditEvents(db: Db, query: AuditQuery): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.companyId) conditions.push(eq(auditEvents.companyId, query.companyId));
  if (query.actorId) conditions.push(eq(auditEvents.actorId, query.actorId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [total], staff] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditEvents).where(where),
    db
      .selectDistinct({ id: auditEvents.actorId, email: auditEvents.actorEmail })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorIsStaff, true), isNotNull(auditEvents.actorId)))
      .orderBy(asc(auditEvents.actorEmail)),
  ]);
  return {
    items: rows.map(toView),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    staff: staff.map((actor) => ({ id: actor.id!, email: actor.email ?? "" })),
  };
}

/**
 * Recent security events (sign-ins, factors, sessions, team changes), newest first: the user's
 * own and, for a client, those of everyone in their company.
 */
export async function listSecurityEvents(
  db: Db,
  actorId: string,
  companyId: string | undefined,
  limit = 20,
) {
  const whose = companyId
    ? or(eq(auditEvents.actorId, actorId), eq(auditEvents.companyId, companyId))
    : eq(auditEvents.actorId, actorId);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(whose, inArray(auditEvents.action, [...securityActions])))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    label: auditLabel(row.action, row.changes),
    actorEmail: row.actorEmail,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  }));
}
