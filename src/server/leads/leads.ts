import { desc, sql } from "drizzle-orm";
import type { Application, Contact, LeadReceipt } from "@shared/schemas/leads";
import type { DbExecutor } from "../db/client";
import { leads } from "../db/schema";
import { enqueueEmails } from "../mail/outbox";
import { leadEmails, type LeadForEmail } from "../mail/templates/leads";
import { recordWebhookEvent } from "../webhooks/events";
import { findLead } from "./inbox";
import { newLeadReference } from "./reference";

export type LeadNotice = { agencyInbox: string; publicUrl: string };

const UNIQUE_VIOLATION = "23505";
const REFERENCE_ATTEMPTS = 5;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === UNIQUE_VIOLATION || e.cause?.code === UNIQUE_VIOLATION;
}

/**
 * Stores a lead and, unless it is spam, queues its two emails in the same transaction: the
 * lead exists before any email is tried, and no email exists without its lead. A reference
 * that is already taken (30^5 codes: unlikely, never impossible) is drawn again.
 */
async function storeLead(
  db: DbExecutor,
  insert: (tx: DbExecutor, reference: string) => Promise<LeadReceipt[]>,
  email: ((lead: LeadReceipt) => LeadForEmail) | undefined,
  notice: LeadNotice,
): Promise<LeadReceipt> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const [lead] = await insert(tx, newLeadReference());
        if (!lead) throw new Error("insert returned no row");
        if (email) {
          const sent = email(lead);
          await enqueueEmails(tx, leadEmails(sent, notice));
          await recordWebhookEvent(tx, "lead.created", await findLead(tx, sent.kind, lead.id), {
            leadId: lead.id,
          });
        }
        return lead;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}

export function storeContactMessage(
  db: DbExecutor,
  message: Contact,
  { spam, notice }: { spam: boolean; notice: LeadNotice },
): Promise<LeadReceipt> {
  return storeLead(
    db,
    (tx, reference) =>
      tx
        .insert(leads)
        .values({ ...message, kind: "contact", reference, status: spam ? "spam" : "new" })
        .returning({ id: leads.id, reference: leads.reference }),
    spam ? undefined : (lead) => ({ kind: "contact", ...lead, fields: message }),
    notice,
  );
}

export function storeApplication(
  db: DbExecutor,
  request: Application,
  { spam, notice }: { spam: boolean; notice: LeadNotice },
): Promise<LeadReceipt> {
  return storeLead(
    db,
    (tx, reference) =>
      tx
        .insert(leads)
        .values({ ...request, kind: "application", reference, status: spam ? "spam" : "new" })
        .returning({ id: leads.id, reference: leads.reference }),
    spam ? undefined : (lead) => ({ kind: "application", ...lead, fields: request }),
    notice,
  );
}

/**
 * The lead a booked Discovery Call belongs to: the latest one sent from the same email address
 * (any case), or else a new contact lead, "Discovery Call", whose message is the visitor's note.
 * It sends no lead emails: the booking's confirmation is the visitor's receipt.
 */
export async function leadForBooking(
  tx: DbExecutor,
  visitor: { name: string; email: string; note?: string | undefined; when: string },
): Promise<{ id: string; kind: "contact" | "application" }> {
  const [existing] = await tx
    .select({ id: leads.id, kind: leads.kind })
    .from(leads)
    .where(sql`lower(${leads.email}) = lower(${visitor.email}) and ${leads.status} <> 'spam'`)
    .orderBy(desc(leads.createdAt))
    .limit(1);
  if (existing) return existing;
  for (let attempt = 1; ; attempt++) {
    try {
      // A savepoint: a reference already taken is drawn again without losing the booking.
      return await tx.transaction(async (inner) => {
        const [lead] = await inner
          .insert(leads)
          .values({
            kind: "contact",
            reference: newLeadReference(),
            name: visitor.name,
            email: visitor.email,
            subject: "Discovery Call",
            message: visitor.note ?? `Booked a Discovery Call for ${visitor.when}.`,
          })
          .returning({ id: leads.id, kind: leads.kind });
        return lead!;
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
    }
  }
}
