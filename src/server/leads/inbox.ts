import { eq, sql, type SQL } from "drizzle-orm";
import {
  budgetOptions,
  type LeadDetail,
  type LeadFilter,
  type LeadKind,
  type LeadList,
  type LeadListQuery,
  type LeadNote,
  type LeadStatus,
  type LeadSummary,
  projectTypeOptions,
  timelineOptions,
} from "@shared/schemas/leads";
import { queryRows, type Db } from "../db/client";
import { contactMessages, leadNotes, quoteRequests, users } from "../db/schema";

type LeadRow = {
  kind: LeadKind;
  id: string;
  reference: string;
  name: string;
  email: string;
  company: string | null;
  topic: string;
  status: string;
  created_at: string | Date;
  total?: string | number;
};

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : null;

/**
 * Both kinds of lead as one list, with every field of either form (null where a kind has none):
 * what the inbox filters, searches and pages through, and what the detail view and export read.
 */
const allLeads = sql`(
  select 'contact' as kind, id, reference, name, email, null::varchar as company,
         null::varchar as phone, subject as topic, null::varchar as budget,
         null::varchar as timeline, message as body, status, created_at
    from ${contactMessages}
  union all
  select 'application' as kind, id, reference, name, email, company, phone,
         project_type as topic, budget, timeline, description as body, status, created_at
    from ${quoteRequests}
) as leads`;

function whereOf(filter: LeadFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.kind) conditions.push(sql`kind = ${filter.kind}`);
  // Spam stays out of the inbox unless asked for.
  conditions.push(filter.status ? sql`status = ${filter.status}` : sql`status <> 'spam'`);
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(name ilike ${pattern} or email ilike ${pattern} or company ilike ${pattern}
           or topic ilike ${pattern} or body ilike ${pattern})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

function toSummary(row: LeadRow): LeadSummary {
  return {
    kind: row.kind,
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    company: row.company,
    topic:
      row.kind === "application"
        ? (labelOf(projectTypeOptions, row.topic) ?? row.topic)
        : row.topic,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The inbox: newest first, filtered and searched, one page at a time. */
export async function listLeads(db: Db, query: LeadListQuery): Promise<LeadList> {
  const rows = await queryRows<LeadRow>(
    db,
    sql`select kind, id, reference, name, email, company, topic, status, created_at,
               count(*) over () as total
          from ${allLeads}
         where ${whereOf(query)}
         order by created_at desc, id
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  return {
    items: rows.map(toSummary),
    total: Number(rows[0]?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

type NoteJson = {
  id: string;
  body: string;
  createdAt: string;
  authorEmail: string | null;
  authorFirstName: string | null;
  authorLastName: string | null;
};

type LeadDetailRow = LeadRow & {
  phone: string | null;
  budget: string | null;
  timeline: string | null;
  body: string;
  notes: NoteJson[] | null;
  /** created_at as PostgreSQL writes it, to the microsecond: where the next export batch starts. */
  position: string;
};

/**
 * Leads with every field and their notes, newest first, at most `limit`: one query, the notes
 * gathered per lead in SQL (oldest first), only for the leads on this page.
 */
function selectLeadDetails(where: SQL, limit: number): SQL {
  return sql`
    select page.*, notes.notes
      from (select kind, id, reference, name, email, company, phone, topic, budget, timeline,
                   body, status, created_at, created_at::text as position
              from ${allLeads}
             where ${where}
             order by created_at desc, id
             limit ${limit}) as page
      left join lateral (
        select json_agg(json_build_object(
                 'id', note.id, 'body', note.body, 'createdAt', note.created_at,
                 'authorEmail', author.email, 'authorFirstName', author.first_name,
                 'authorLastName', author.last_name)
                 order by note.created_at, note.id) as notes
          from ${leadNotes} as note
          left join ${users} as author on author.id = note.author_id
         where note.lead_kind = page.kind and note.lead_id = page.id
      ) as notes on true
     order by page.created_at desc, page.id`;
}

function toNote(note: NoteJson): LeadNote {
  const fullName = [note.authorFirstName, note.authorLastName].filter(Boolean).join(" ");
  return {
    id: note.id,
    body: note.body,
    authorName: note.authorEmail === null ? "Former staff member" : fullName || note.authorEmail,
    createdAt: new Date(note.createdAt).toISOString(),
  };
}

/** A lead as the detail view and the export show it: every field, labelled as on its form. */
function toDetail(row: LeadDetailRow): LeadDetail {
  const fields =
    row.kind === "contact"
      ? [
          { label: "Name", value: row.name },
          { label: "Email", value: row.email },
          { label: "Subject", value: row.topic },
          { label: "Message", value: row.body },
        ]
      : [
          { label: "Full Name", value: row.name },
          { label: "Email Address", value: row.email },
          { label: "Phone Number", value: row.phone ?? "" },
          { label: "Company Name", value: row.company ?? "" },
          { label: "Project Type", value: labelOf(projectTypeOptions, row.topic) ?? "" },
          { label: "Estimated Budget", value: labelOf(budgetOptions, row.budget) ?? "" },
          { label: "Desired Timeline", value: labelOf(timelineOptions, row.timeline) ?? "" },
          { label: "Project Description", value: row.body },
        ];
  return { ...toSummary(row), fields, notes: (row.notes ?? []).map(toNote) };
}

/** How many leads one export query reads: small enough to hold the connection only briefly. */
const EXPORT_BATCH_SIZE = 1_000;

/**
 * Every lead matching the filter (no paging), newest first, with every field: what the CSV export
 * holds. Read in batches of one query each, each starting where the last ended (by created_at and
 * id, not an offset), so a long export holds one connection for a moment at a time and never
 * crowds out other requests. Works alike on PGlite, which has no server-side cursors to stream.
 * Yields at least one batch (empty when nothing matches).
 */
export async function* exportLeads(db: Db, filter: LeadFilter): AsyncGenerator<LeadDetail[]> {
  let after = sql`true`;
  for (;;) {
    const rows = await queryRows<LeadDetailRow>(
      db,
      selectLeadDetails(sql`${whereOf(filter)} and ${after}`, EXPORT_BATCH_SIZE),
    );
    yield rows.map(toDetail);
    // Requests that arrived meanwhile go first: on PGlite every query waits its turn on the
    // one connection, and runs on this thread.
    await new Promise((resolve) => setImmediate(resolve));
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = sql`(created_at < ${last.position}::timestamptz
                 or (created_at = ${last.position}::timestamptz and id > ${last.id}))`;
  }
}

export async function findLead(
  db: Db,
  kind: LeadKind,
  id: string,
): Promise<LeadDetail | undefined> {
  const [row] = await queryRows<LeadDetailRow>(
    db,
    selectLeadDetails(sql`kind = ${kind} and id = ${id}`, 1),
  );
  return row && toDetail(row);
}

export async function setLeadStatus(
  db: Db,
  kind: LeadKind,
  id: string,
  status: LeadStatus,
): Promise<boolean> {
  const table = kind === "contact" ? contactMessages : quoteRequests;
  const rows = await db
    .update(table)
    .set({ status })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  return rows.length > 0;
}

export async function addLeadNote(
  db: Db,
  kind: LeadKind,
  id: string,
  authorId: string,
  body: string,
): Promise<LeadDetail | undefined> {
  const lead = await findLead(db, kind, id);
  if (!lead) return undefined;
  await db.insert(leadNotes).values({ leadKind: kind, leadId: id, authorId, body });
  return findLead(db, kind, id);
}
