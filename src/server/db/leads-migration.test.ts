import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseAt, type OldDatabase } from "../../../tests/support/old-release";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/database";
import { findLead, listLeads } from "../leads/inbox";
import { queryRows } from "./client";
import { leadNotes, leads } from "./schema";

/** The last migration before leads became one table. */
const BEFORE_LEADS = "0005_outbox_priority";

const contact = {
  reference: "HL-CNTCT",
  name: "Maria Lopez",
  email: "maria@lopezflorals.example",
  subject: "New website for our flower shop",
  message: "We need a site with online ordering before Valentine's Day.",
  status: "contacted",
  createdAt: "2026-03-02T09:15:30.123Z",
};
const application = {
  reference: "HL-APPLY",
  name: "Dev Patel",
  email: "dev@harborcoffee.example",
  phone: "(253) 555-0199",
  company: "Harbor Coffee Co.",
  projectType: "app",
  budget: "15k-50k",
  timeline: "3-6months",
  description: "A loyalty app for our three coffee shops with mobile ordering.",
  status: "qualified",
  createdAt: "2026-03-04T16:40:00.456Z",
};

/** Writes a lead of each kind, a staff member and a note on each lead, as the old release did. */
async function seedOldLeads(old: OldDatabase) {
  const [staff] = await old.query<{ id: string }>(
    `insert into users (email, first_name, last_name, is_admin)
     values ('avery@harborline.example', 'Avery', 'Staff', true) returning id`,
  );
  const [message] = await old.query<{ id: string }>(
    `insert into contact_messages (reference, name, email, subject, message, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      contact.reference,
      contact.name,
      contact.email,
      contact.subject,
      contact.message,
      contact.status,
      contact.createdAt,
    ],
  );
  const [request] = await old.query<{ id: string }>(
    `insert into quote_requests (reference, name, email, phone, company, project_type, budget,
                                 timeline, description, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      application.reference,
      application.name,
      application.email,
      application.phone,
      application.company,
      application.projectType,
      application.budget,
      application.timeline,
      application.description,
      application.status,
      application.createdAt,
    ],
  );
  const notes = await old.query<{ id: string }>(
    `insert into lead_notes (lead_kind, lead_id, author_id, body, created_at)
     values ('contact', $1, $3, 'Called her back on Tuesday.', '2026-03-03T10:00:00Z'),
            ('application', $2, $3, 'Budget confirmed on the phone.', '2026-03-05T11:30:00Z'),
            ('application', $2, null, 'Note by someone who has left.', '2026-03-05T12:00:00Z')
     returning id`,
    [message!.id, request!.id, staff!.id],
  );
  return {
    staffId: staff!.id,
    contactId: message!.id,
    applicationId: request!.id,
    noteIds: notes.map((note) => note.id),
  };
}

// Each test migrates two databases from scratch: slow on a loaded two-core machine.
describe.each(databaseKinds)("moving leads into one table on %s", { timeout: 120_000 }, (kind) => {
  it("keeps every lead with its id, reference, status, time and notes", async () => {
    const database = await databaseAt(kind, BEFORE_LEADS);
    try {
      const old = await database.connect();
      const seeded = await seedOldLeads(old);
      await old.close();

      const upgraded = await database.upgrade();
      try {
        expect(upgraded.created).toBe(false);
        const { db } = upgraded;
        const rows = await db.select().from(leads).orderBy(asc(leads.createdAt));
        expect(rows).toEqual([
          {
            id: seeded.contactId,
            kind: "contact",
            reference: contact.reference,
            name: contact.name,
            email: contact.email,
            status: "contacted",
            subject: contact.subject,
            message: contact.message,
            phone: null,
            company: null,
            projectType: null,
            budget: null,
            timeline: null,
            description: null,
            companyId: null,
            createdAt: new Date(contact.createdAt),
            updatedAt: new Date(contact.createdAt),
          },
          {
            id: seeded.applicationId,
            kind: "application",
            reference: application.reference,
            name: application.name,
            email: application.email,
            status: "qualified",
            subject: null,
            message: null,
            phone: application.phone,
            company: application.company,
            projectType: application.projectType,
            budget: application.budget,
            timeline: application.timeline,
            description: application.description,
            companyId: null,
            createdAt: new Date(application.createdAt),
            updatedAt: new Date(application.createdAt),
          },
        ]);

        const notes = await db
          .select()
          .from(leadNotes)
          .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
        expect(notes).toEqual([
          {
            id: seeded.noteIds[0],
            leadId: seeded.contactId,
            authorId: seeded.staffId,
            body: "Called her back on Tuesday.",
            createdAt: new Date("2026-03-03T10:00:00Z"),
          },
          {
            id: seeded.noteIds[1],
            leadId: seeded.applicationId,
            authorId: seeded.staffId,
            body: "Budget confirmed on the phone.",
            createdAt: new Date("2026-03-05T11:30:00Z"),
          },
          {
            id: seeded.noteIds[2],
            leadId: seeded.applicationId,
            authorId: null,
            body: "Note by someone who has left.",
            createdAt: new Date("2026-03-05T12:00:00Z"),
          },
        ]);

        // The old tables and the note's kind are gone.
        const [gone] = await queryRows<{ contacts: string | null; requests: string | null }>(
          db,
          sql`select to_regclass('public.contact_messages')::text as contacts,
                     to_regclass('public.quote_requests')::text as requests`,
        );
        expect(gone).toEqual({ contacts: null, requests: null });
        const noteColumns = await queryRows<{ column_name: string }>(
          db,
          sql`select column_name from information_schema.columns
               where table_schema = 'public' and table_name = 'lead_notes' order by column_name`,
        );
        expect(noteColumns.map((column) => column.column_name)).toEqual([
          "author_id",
          "body",
          "created_at",
          "id",
          "lead_id",
        ]);

        // The inbox reads them as before.
        const inbox = await listLeads(db, { page: 1, pageSize: 25 });
        expect(inbox.items.map((lead) => [lead.kind, lead.reference, lead.topic])).toEqual([
          ["application", application.reference, "Web Application Development"],
          ["contact", contact.reference, contact.subject],
        ]);
        const detail = await findLead(db, "application", seeded.applicationId);
        expect(detail?.notes.map((note) => [note.body, note.authorName])).toEqual([
          ["Budget confirmed on the phone.", "Avery Staff"],
          ["Note by someone who has left.", "Former staff member"],
        ]);
        expect(await findLead(db, "contact", seeded.applicationId)).toBeUndefined();

        // A note now belongs to its lead: it goes with it.
        await db.delete(leads).where(eq(leads.id, seeded.applicationId));
        expect(await db.$count(leadNotes)).toBe(1);
        await expect(
          db.insert(leadNotes).values({ leadId: seeded.applicationId, body: "Too late." }),
        ).rejects.toMatchObject({
          cause: { code: "23503", constraint: "lead_notes_lead_id_leads_id_fk" },
        });
      } finally {
        await upgraded.close();
      }
    } finally {
      await database.remove();
    }
  });

  it.each([
    {
      problem: "a note whose lead is gone",
      breakIt: (old: OldDatabase, ids: { staffId: string }) =>
        old.query(
          `insert into lead_notes (lead_kind, lead_id, author_id, body)
           values ('contact', gen_random_uuid(), $1, 'Lost note.')`,
          [ids.staffId],
        ),
      error: /lead notes without their lead/,
    },
    {
      problem: "a note filed under the other kind",
      breakIt: (old: OldDatabase, ids: { contactId: string }) =>
        old.query(
          `insert into lead_notes (lead_kind, lead_id, body) values ('application', $1, 'Odd.')`,
          [ids.contactId],
        ),
      error: /lead notes without their lead/,
    },
    {
      problem: "a reference both tables use",
      breakIt: (old: OldDatabase) =>
        old.query(`update quote_requests set reference = $1`, [contact.reference]),
      error: /share a reference or an id \(contact references: HL-CNTCT\)/,
    },
  ])("stops, changing nothing, on $problem", async ({ breakIt, error }) => {
    const database = await databaseAt(kind, BEFORE_LEADS);
    try {
      const old = await database.connect();
      const seeded = await seedOldLeads(old);
      await breakIt(old, seeded);
      await old.close();

      // The server does not start, and says why.
      const failure: unknown = await database.upgrade().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(Error);
      const message = [failure, (failure as Error).cause]
        .map((e) => (e instanceof Error ? e.message : ""))
        .join("\n");
      expect(message).toMatch(error);

      // All or nothing: the database is as the old release left it.
      const after = await database.connect();
      try {
        const [state] = await after.query<{ leads: string | null; contacts: number }>(
          `select to_regclass('public.leads')::text as leads,
                  (select count(*)::int from contact_messages) as contacts`,
        );
        expect(state).toEqual({ leads: null, contacts: 1 });
        const columns = await after.query<{ column_name: string }>(
          `select column_name from information_schema.columns
            where table_name = 'lead_notes' and column_name = 'lead_kind'`,
        );
        expect(columns).toHaveLength(1);
      } finally {
        await after.close();
      }
    } finally {
      await database.remove();
    }
  });
});

describe.each(databaseKinds)("the leads table on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const base = { reference: "HL-ZZZZZ", name: "Sam Check", email: "sam@example.com" };

  it.each([
    {
      lead: { ...base, kind: "contact" as const, subject: "A subject without a message" },
      constraint: "leads_contact_fields_check",
    },
    {
      lead: { ...base, kind: "contact" as const, message: "A message without a subject." },
      constraint: "leads_contact_fields_check",
    },
    {
      lead: { ...base, kind: "application" as const, projectType: "website" },
      constraint: "leads_application_fields_check",
    },
    {
      lead: { ...base, kind: "application" as const, description: "No project type given." },
      constraint: "leads_application_fields_check",
    },
    {
      lead: { ...base, kind: "quote" as "contact", subject: "Hello there", message: "A message." },
      constraint: "leads_kind_check",
    },
  ])("refuses a $lead.kind lead that breaks $constraint", async ({ lead, constraint }) => {
    await expect(database.db.insert(leads).values(lead)).rejects.toMatchObject({
      cause: { code: "23514", constraint },
    });
    expect(await database.db.$count(leads)).toBe(0);
  });

  it("takes each kind with its own fields", async () => {
    await database.db.insert(leads).values([
      { ...base, kind: "contact", subject: "A subject", message: "A message." },
      {
        ...base,
        reference: "HL-YYYYY",
        kind: "application",
        projectType: "website",
        description: "A website for a bakery.",
      },
    ]);
    expect(await database.db.$count(leads)).toBe(2);
  });
});
