/**
 * Records a test needs, made exactly as the app makes them: through the module function that
 * creates each noun where there is one (so its rules hold: a ticket's first-response target, a
 * lead's reference, an invoice's number), with sensible defaults a test overrides. A test names
 * what it relies on; everything else is a default it does not read.
 */
import { eq } from "drizzle-orm";
import { recurringPlanInputSchema } from "@shared/schemas/billing";
import { domainInputSchema } from "@shared/schemas/domains";
import { applicationSchema, contactSchema, type LeadStatus } from "@shared/schemas/leads";
import type { MemberRole } from "@shared/schemas/team";
import { newTicketSchema, type TicketUpdate } from "@shared/schemas/tickets";
import { websiteInputSchema } from "@shared/schemas/websites";
import { addPlan } from "../../src/server/billing/billing";
import { createInvoice } from "../../src/server/billing/invoice-issuing";
import { recordPayment } from "../../src/server/billing/invoice-payments";
import type { Db } from "../../src/server/db/client";
import { billingAccounts, invoices, leads, users, type User } from "../../src/server/db/schema";
import { addDomain } from "../../src/server/domains/domains";
import { storeApplication, storeContactMessage } from "../../src/server/leads/leads";
import { openProject } from "../../src/server/projects/projects";
import { addMember, createCompany } from "../../src/server/team/team";
import { createSavedReply } from "../../src/server/tickets/saved-replies";
import { openTicket, updateTicket } from "../../src/server/tickets/tickets";
import { createWebsite } from "../../src/server/websites/websites";
import { callApi, type TestApp } from "./app";

/**
 * Where the emails and notices that making a record queues would point: no test reads them, and
 * invoices made here carry no tax.
 */
const settings = {
  agencyInbox: "records@harborline.example",
  publicUrl: "http://localhost:5000",
  supportEmail: "support@harborline.example",
  taxRatePpm: 0,
  cardsAccepted: false,
};

let made = 0;
/** A number no other record of this test file has, for names and addresses that must differ. */
const unique = () => ++made;

type Person = { email?: string; firstName?: string | null; lastName?: string | null };

/**
 * A member of staff. They sign in as staff only when the test app lists their address in
 * ADMIN_EMAILS, as every sign-in re-reads it.
 */
export async function aStaffMember(db: Db, person: Person = {}): Promise<User> {
  const n = unique();
  const [user] = await db
    .insert(users)
    .values({
      email: person.email ?? `staff-${n}@harborline.example`,
      firstName: person.firstName === undefined ? "Staff" : person.firstName,
      lastName: person.lastName === undefined ? `Member ${n}` : person.lastName,
      isAdmin: true,
    })
    .returning();
  return user!;
}

/** A client company with nobody in it yet. */
export function aCompany(db: Db, company: { name?: string } = {}) {
  return createCompany(db, company.name ?? `Client Company ${unique()}`);
}

/** A person in a client company (its owner unless `role` says otherwise), not sent an invitation. */
export async function aClientUser(
  db: Db,
  companyId: string,
  person: Person & { role?: MemberRole } = {},
): Promise<User> {
  const n = unique();
  const email = person.email ?? `client-${n}@example.com`;
  const added = await addMember(
    db,
    companyId,
    {
      email,
      // null: no name, as someone invited by their address alone.
      firstName: person.firstName === undefined ? "Client" : (person.firstName ?? undefined),
      lastName: person.lastName === undefined ? `Person ${n}` : (person.lastName ?? undefined),
      role: person.role ?? "owner",
    },
    settings,
    undefined,
    false,
  );
  if (!added.ok) throw new Error(`${email} was not added: ${added.message}`);
  const [user] = await db.select().from(users).where(eq(users.id, added.value.member.id));
  return user!;
}

/** A client company and its owner. */
export async function aClient(db: Db, client: { name?: string; owner?: Person } = {}) {
  const company = await aCompany(db, client);
  const owner = await aClientUser(db, company.id, client.owner);
  return { company, owner };
}

/** A client's website, as staff add it (active, not checked by the monitor, unless told). */
export async function aWebsite(
  db: Db,
  companyId: string,
  site: { domain?: string; plan?: string; status?: string; checkUrl?: string | null } = {},
) {
  const input = websiteInputSchema.parse({
    domain: `site-${unique()}.example`,
    plan: "Starter Hosting",
    status: "active",
    checkUrl: null,
    ...site,
  });
  return (await createWebsite(db, companyId, input))!;
}

/** A client's domain, as staff add it: the company's members are told, as they are then. */
export async function aDomain(
  db: Db,
  companyId: string,
  domain: { domain?: string; autoRenew?: boolean; expiresAt?: string | null } = {},
) {
  const input = domainInputSchema.parse({ domain: `domain-${unique()}.example`, ...domain });
  return (await addDomain(db, companyId, input, settings))!;
}

/** A monthly plan of a client, billed from `startsOn` (by default the 1st of next year). */
export function aPlan(
  db: Db,
  companyId: string,
  plan: { name?: string; amountCents?: number; billingDay?: number; startsOn?: string } = {},
) {
  const input = recurringPlanInputSchema.parse({
    name: "Starter Hosting",
    amountCents: 4_900,
    billingDay: 1,
    startsOn: `${new Date().getUTCFullYear() + 1}-01-01`,
    ...plan,
  });
  return addPlan(db, companyId, input);
}

/**
 * A card a client saved through Stripe: only its display details and Stripe's ids are kept, as
 * the webhook would have left them (there is no way to save one without Stripe).
 */
export async function aCardOnFile(
  db: Db,
  companyId: string,
  card: {
    stripeCustomerId?: string;
    stripePaymentMethodId?: string;
    cardBrand?: string;
    cardLast4?: string;
  } = {},
) {
  const n = unique();
  const [account] = await db
    .insert(billingAccounts)
    .values({
      companyId,
      stripeCustomerId: `cus_Test${n}`,
      stripePaymentMethodId: `pm_Test${n}`,
      cardBrand: "Visa",
      cardLast4: "4242",
      cardExpMonth: 8,
      cardExpYear: new Date().getUTCFullYear() + 2,
      ...card,
    })
    .returning();
  return account!;
}

/**
 * A ticket a member of the company opened in the portal, with its first message (the agency is
 * emailed, as then). A status or an assignee is set afterwards, as staff would change them.
 */
export async function aTicket(
  db: Db,
  openedBy: User,
  companyId: string,
  ticket: {
    subject?: string;
    message?: string;
    priority?: "low" | "medium" | "high";
    websiteId?: string;
  } & Pick<TicketUpdate, "status" | "assigneeId"> = {},
) {
  const { status, assigneeId, ...opened } = ticket;
  const input = newTicketSchema.parse({
    subject: `Ticket number ${unique()}`,
    message: "Something on the site needs a look.",
    ...opened,
  });
  const created = await openTicket(db, openedBy, companyId, input, settings);
  if (status !== undefined || assigneeId !== undefined) {
    await updateTicket(
      db,
      created.id,
      {
        ...(status === undefined ? {} : { status }),
        ...(assigneeId === undefined ? {} : { assigneeId }),
      },
      settings,
    );
  }
  return created;
}

type LeadFields = { name?: string; email?: string; status?: LeadStatus };

/**
 * A lead as the public forms store it (with its reference and its emails): a contact message, or
 * a project application. A status other than new is set afterwards, as staff would.
 */
export async function aLead(
  db: Db,
  lead:
    | ({ kind: "contact"; subject?: string; message?: string } & LeadFields)
    | ({
        kind: "application";
        phone?: string;
        company?: string;
        projectType?: string;
        budget?: string;
        timeline?: string;
        description?: string;
      } & LeadFields),
) {
  const { kind, status, ...fields } = lead;
  const person = { name: "Maria Lopez", email: `lead-${unique()}@example.com` };
  const stored =
    kind === "contact"
      ? await storeContactMessage(
          db,
          contactSchema.parse({
            ...person,
            subject: "A new website",
            message: "We would like a new website for our shop.",
            ...fields,
          }),
          { spam: false, notice: settings },
        )
      : await storeApplication(
          db,
          applicationSchema.parse({
            ...person,
            projectType: "website",
            description: "A new website for our shop, with a menu and a map.",
            ...fields,
          }),
          { spam: false, notice: settings },
        );
  if (status && status !== "new") {
    await db.update(leads).set({ status }).where(eq(leads.id, stored.id));
  }
  return stored;
}

/** A reply staff keep for everyone on staff, saved by `author`. */
export function aSavedReply(db: Db, author: User, reply: { title?: string; body?: string } = {}) {
  return createSavedReply(
    db,
    author,
    {
      title: reply.title ?? `Saved reply ${unique()}`,
      body: reply.body ?? "Thanks for writing: we are looking into it now.",
    },
    { actor: author, ipAddress: null },
  );
}

/**
 * A client's invoice, made by hand: a draft, issued (open, numbered and emailed), or issued and
 * paid in full by check, as staff record it.
 */
export async function anInvoice(
  db: Db,
  companyId: string,
  invoice: {
    lines?: { description: string; quantity: number; unitPriceCents: number }[];
    state?: "draft" | "open" | "paid";
  } = {},
) {
  const state = invoice.state ?? "open";
  const lines = invoice.lines ?? [
    { description: "Content changes", quantity: 1, unitPriceCents: 10_000 },
  ];
  const created = await db.transaction((tx) =>
    createInvoice(
      tx,
      { companyId, source: "manual", lines },
      { issue: state !== "draft", settings },
    ),
  );
  if (!created) throw new Error("the invoice was not created");
  if (state !== "paid") return created;
  await recordPayment(
    db,
    created.id,
    { amountCents: created.totalCents, paidOn: created.issueDate!, method: "check" },
    { settings },
  );
  const [paid] = await db.select().from(invoices).where(eq(invoices.id, created.id));
  if (paid?.status !== "paid") throw new Error("the invoice was not paid");
  return paid;
}

/**
 * A client's project with the agency's three milestones (Discovery Call in progress), opened
 * without a proposal; anAcceptedProposal opens one as a client's acceptance does.
 */
export function aProject(db: Db, companyId: string, project: { name?: string } = {}) {
  return db.transaction((tx) =>
    openProject(tx, {
      companyId,
      proposalId: null,
      name: project.name ?? `Project ${unique()}`,
    }),
  );
}

/* ---------------------------------------------------------------------------------------------
 * Through the API, as staff and clients do it: a proposal's journey sends emails, freezes a
 * version, and on acceptance opens a project and invoices the deposit.
 * ------------------------------------------------------------------------------------------- */

export type ProposalLineInput = {
  description: string;
  detail?: string;
  planId?: string;
  billing: "one-off" | "monthly";
  quantity: number;
  unitPriceCents: number;
};

export type ProposalDraft = {
  title?: string;
  scope?: string;
  lines?: ProposalLineInput[];
  validUntil?: string;
} & ({ companyId: string } | { leadId: string });

/** A proposal staff wrote for a client or a lead: version 1, a draft. The detail staff read. */
export async function aProposal(t: TestApp, staff: string, draft: ProposalDraft) {
  const created = await callApi(t, staff, "POST", "/api/admin/proposals", {
    title: "A new website",
    scope: "Home, about, services and a contact form.",
    lines: [
      {
        description: "Small Business Site",
        billing: "one-off",
        quantity: 1,
        unitPriceCents: 320_000,
      },
    ],
    validUntil: "2099-12-31",
    ...draft,
  });
  if (created.statusCode !== 201) throw new Error(`proposal not created: ${created.body}`);
  return created.json() as { id: string; versions: { id: string }[] };
}

/**
 * A proposal staff sent and the client (an owner or billing member, signed in as `client`)
 * accepted, signing it `signedName`: its project is open and its deposit invoiced.
 */
export async function anAcceptedProposal(
  t: TestApp,
  sides: { staff: string; client: string; signedName?: string },
  draft: ProposalDraft,
) {
  const { id } = await aProposal(t, sides.staff, draft);
  const sent = await callApi(t, sides.staff, "POST", `/api/admin/proposals/${id}/send`);
  if (sent.statusCode !== 200) throw new Error(`proposal not sent: ${sent.body}`);
  const read = await callApi(t, sides.client, "GET", `/api/proposals/${id}`);
  const [version] = (read.json() as { versions: { id: string; contentHash: string }[] }).versions;
  const accepted = await callApi(t, sides.client, "POST", `/api/proposals/${id}/accept`, {
    versionId: version!.id,
    contentHash: version!.contentHash,
    signedName: sides.signedName ?? "Client Person",
    agreeToTerms: true,
  });
  if (accepted.statusCode !== 200) throw new Error(`proposal not accepted: ${accepted.body}`);
  return accepted.json() as { id: string; projectId: string };
}
