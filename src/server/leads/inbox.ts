import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type {
  LeadDetail,
  LeadFilter,
  LeadKind,
  LeadList,
  LeadListQuery,
  LeadNote,
  LeadStatus,
  LeadSummary,
} from "@shared/schemas/admin";
import { budgetOptions, projectTypeOptions, timelineOptions } from "@shared/schemas/apply";
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

/** Both kinds of lead as one list: what the inbox filters, searches and pages through. */
const allLeads = sql`(
  select 'contact' as kind, id, reference, name, email, null::varchar as company,
         subject as topic, message as body, status, created_at
    from ${contactMessages}
  union all
  select 'application' as kind, id, reference, name, email, company,
         project_type as topic, description as body, status, created_at
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

/** Every lead matching the filter (no paging), with every field: what the CSV export holds. */
export async function exportLeads(db: Db, filter: LeadFilter): Promise<LeadDetail[]> {
  const rows = await queryRows<LeadRow>(
    db,
    sql`select kind, id, reference, name, email, company, topic, status, created_at
          from ${allLeads} where ${whereOf(filter)} order by created_at desc, id`,
  );
  const details = await Promise.all(rows.map((row) => findLead(db, row.kind, row.id)));
  return details.filter((lead): lead is LeadDetail => lead !== undefined);
}

export async function findLead(
  db: Db,
  kind: LeadKind,
  id: string,
): Promise<LeadDetail | undefined> {
  let summary: LeadSummary;
  let fields: { label: string; value: string }[];
  if (kind === "contact") {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) return undefined;
    summary = toSummary({
      ...row,
      kind,
      company: null,
      topic: row.subject,
      created_at: row.createdAt,
    });
    fields = [
      { label: "Name", value: row.name },
      { label: "Email", value: row.email },
      { label: "Subject", value: row.subject },
      { label: "Message", value: row.message },
    ];
  } else {
    const [row] = await db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    if (!row) return undefined;
    summary = toSummary({ ...row, kind, topic: row.projectType, created_at: row.createdAt });
    fields = [
      { label: "Full Name", value: row.name },
      { label: "Email Address", value: row.email },
      { label: "Phone Number", value: row.phone ?? "" },
      { label: "Company Name", value: row.company ?? "" },
      { label: "Project Type", value: labelOf(projectTypeOptions, row.projectType) ?? "" },
      { label: "Estimated Budget", value: labelOf(budgetOptions, row.budget) ?? "" },
      { label: "Desired Timeline", value: labelOf(timelineOptions, row.timeline) ?? "" },
      { label: "Project Description", value: row.description },
    ];
  }
  return { ...summary, fields, notes: await listNotes(db, kind, id) };
}

async function listNotes(db: Db, kind: LeadKind, id: string): Promise<LeadNote[]> {
  const rows = await db
    .select({ note: leadNotes, author: users })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(and(eq(leadNotes.leadKind, kind), eq(leadNotes.leadId, id)))
    .orderBy(asc(leadNotes.createdAt));
  return rows.map(({ note, author }) => ({
    id: note.id,
    body: note.body,
    authorName: author
      ? [author.firstName, author.lastName].filter(Boolean).join(" ") || author.email
      : "Former staff member",
    createdAt: note.createdAt.toISOString(),
  }));
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
