import { and, eq, sql, type SQL } from "drizzle-orm";
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
import { queryRows, type DbExecutor } from "../db/client";
import { companies, leadNotes, leads, users } from "../db/schema";

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
};

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value ? (options.find((option) => option.value === value)?.label ?? value) : null;

/** What the inbox calls a lead's topic: a message's subject, an application's project type. */
const leadTopic = sql`(case ${leads.kind} when 'contact' then ${leads.subject}
                       else ${leads.projectType} end)`;
/** And its body: a message, or an application's project description. */
const leadBody = sql`(case ${leads.kind} when 'contact' then ${leads.message}
                      else ${leads.description} end)`;

function whereOf(filter: LeadFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.kind) conditions.push(sql`${leads.kind} = ${filter.kind}`);
  // Spam stays out of the inbox unless asked for.
  conditions.push(
    filter.status ? sql`${leads.status} = ${filter.status}` : sql`${leads.status} <> 'spam'`,
  );
  if (filter.q) {
    // Migration 0041's column: the five searched texts, lowercased, apart; its trigram index
    // finds the candidates of a search of 3 characters or more.
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`search_text like lower(${pattern})`);
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

/** The inbox's query for one page: exported for the test of its plan. */
export const leadPageQuery = (query: LeadListQuery) =>
  sql`select kind, id, reference, name, email, company, ${leadTopic} as topic, status, created_at
        from ${leads}
       where ${whereOf(query)}
       order by created_at desc, id
       limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;

/**
 * The inbox: newest first, filtered and searched, one page at a time. The page and the count
 * are two queries, each with its own plan: a page of a wide search reads the newest leads until
 * it has its 25, while the count reads the index (a window count over the page's plan would
 * walk the whole table in date order).
 */
export async function listLeads(db: DbExecutor, query: LeadListQuery): Promise<LeadList> {
  const [rows, [counted]] = await Promise.all([
    queryRows<LeadRow>(db, leadPageQuery(query)),
    queryRows<{ total: string | number }>(
      db,
      sql`select count(*) as total from ${leads} where ${whereOf(query)}`,
    ),
  ]);
  return {
    items: rows.map(toSummary),
    total: Number(counted?.total ?? 0),
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
  company_id: string | null;
  company_name: string | null;
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
      from (select kind, id, reference, name, email, company, phone, ${leadTopic} as topic,
                   budget, timeline, ${leadBody} as body, status, created_at,
                   created_at::text as position, company_id,
                   (select client.name from ${companies} as client
                     where client.id = ${leads.companyId}) as company_name
              from ${leads}
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
         where note.lead_id = page.id
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
  return {
    ...toSummary(row),
    fields,
    notes: (row.notes ?? []).map(toNote),
    companyId: row.company_id,
    companyName: row.company_name,
  };
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
export async function* exportLeads(
  db: DbExecutor,
  filter: LeadFilter,
): AsyncGenerator<LeadDetail[]> {
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
    after = sql`(${leads.createdAt} < ${last.position}::timestamptz
                 or (${leads.createdAt} = ${last.position}::timestamptz
                     and ${leads.id} > ${last.id}))`;
  }
}

export async function findLead(
  db: DbExecutor,
  kind: LeadKind,
  id: string,
): Promise<LeadDetail | undefined> {
  const [row] = await queryRows<LeadDetailRow>(
    db,
    selectLeadDetails(sql`${leads.kind} = ${kind} and ${leads.id} = ${id}`, 1),
  );
  return row && toDetail(row);
}

export async function setLeadStatus(
  db: DbExecutor,
  kind: LeadKind,
  id: string,
  status: LeadStatus,
): Promise<boolean> {
  const rows = await db
    .update(leads)
    .set({ status })
    .where(and(eq(leads.kind, kind), eq(leads.id, id)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

export async function addLeadNote(
  db: DbExecutor,
  kind: LeadKind,
  id: string,
  authorId: string,
  body: string,
): Promise<LeadDetail | undefined> {
  const lead = await findLead(db, kind, id);
  if (!lead) return undefined;
  await db.insert(leadNotes).values({ leadId: id, authorId, body });
  return findLead(db, kind, id);
}
