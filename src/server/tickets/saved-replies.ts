import { asc, eq } from "drizzle-orm";
import type { SavedReply, SavedReplyValues } from "@shared/schemas/saved-replies";
import { changedFields, recordAudit, type AuditContext } from "../audit/audit";
import { displayName } from "../auth/display-name";
import type { Db } from "../db/client";
import { savedReplies, users, type SavedReply as SavedReplyRow, type User } from "../db/schema";

/*
 * Saved replies: answers staff write often, shared by all of staff. Each write and its audit
 * row land in one transaction, or neither does.
 */

const toView = (row: SavedReplyRow, editor: User | null): SavedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedBy: editor && displayName(editor),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every saved reply, by title. */
export async function listSavedReplies(db: Db): Promise<SavedReply[]> {
  const rows = await db
    .select({ reply: savedReplies, editor: users })
    .from(savedReplies)
    .leftJoin(users, eq(users.id, savedReplies.updatedBy))
    .orderBy(asc(savedReplies.title), asc(savedReplies.createdAt));
  return rows.map(({ reply, editor }) => toView(reply, editor));
}

/** A member of staff saves a reply for everyone on staff. */
export function createSavedReply(
  db: Db,
  author: User,
  input: SavedReplyValues,
  audit: AuditContext,
): Promise<SavedReply> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(savedReplies)
      .values({ ...input, updatedBy: author.id })
      .returning();
    await recordAudit(tx, audit, {
      action: "saved-reply.created",
      targetType: "saved-reply",
      targetId: row!.id,
      companyId: null,
      changes: { after: { title: input.title, body: input.body } },
    });
    return toView(row!, author);
  });
}

/** Rewrites a saved reply's title and text; undefined when it is not there. */
export function updateSavedReply(
  db: Db,
  id: string,
  editor: User,
  input: SavedReplyValues,
  audit: AuditContext,
): Promise<SavedReply | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(savedReplies)
      .where(eq(savedReplies.id, id))
      .for("update");
    if (!before) return undefined;
    const [row] = await tx
      .update(savedReplies)
      .set({ ...input, updatedBy: editor.id, updatedAt: new Date() })
      .where(eq(savedReplies.id, id))
      .returning();
    const shown = (reply: SavedReplyValues) => ({ title: reply.title, body: reply.body });
    await recordAudit(tx, audit, {
      action: "saved-reply.changed",
      targetType: "saved-reply",
      targetId: id,
      companyId: null,
      changes: changedFields(shown(before), shown(input)),
    });
    return toView(row!, editor);
  });
}

/** Deletes a saved reply; false when it is not there. */
export function deleteSavedReply(db: Db, id: string, audit: AuditContext): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(savedReplies).where(eq(savedReplies.id, id)).returning();
    if (!gone) return false;
    await recordAudit(tx, audit, {
      action: "saved-reply.deleted",
      targetType: "saved-reply",
      targetId: id,
      companyId: null,
      changes: { before: { title: gone.title, body: gone.body } },
    });
    return true;
  });
}
