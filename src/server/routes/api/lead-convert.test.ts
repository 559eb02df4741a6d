import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { aStaffMember } from "../../../../tests/support/factories";
import {
  auditEvents,
  companies,
  companyMembers,
  leads,
  outboxEmails,
  proposals,
  users,
} from "../../db/schema";

const staffEmail = "avery@harborline.example";

const draft = {
  title: "A new website for Harbor Coffee",
  scope: "Home, menu, locations and a contact form.",
  lines: [
    {
      description: "Small Business Site",
      billing: "one-off",
      quantity: 1,
      unitPriceCents: 500_000,
    },
  ],
  validUntil: "2099-12-31",
};

describe.each(databaseKinds)("converting a lead into a client on %s", (kind) => {
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const db = () => t.database.db;

  const apply = async (email: string, company?: string) =>
    (
      await call(undefined, "POST", "/api/apply", {
        name: "Maria de la Cruz",
        email,
        phone: "+1 555 0100",
        ...(company ? { company } : {}),
        projectType: "website",
        description: "A new website for our three coffee shops.",
      })
    ).json().id as string;
  const invitations = (to: string) =>
    db()
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, "client-invitation")));

  it("makes a new client from the lead's fields, with the person as owner, and invites them", async () => {
    const leadId = await apply("Maria@HarborCoffee.example", "Harbor Coffee");
    const proposal = await call(staff, "POST", "/api/admin/proposals", { ...draft, leadId });
    expect(proposal.json().companyId).toBeNull();

    const converted = await call(staff, "POST", `/api/admin/leads/${leadId}/convert`, {
      invite: true,
    });
    expect(converted.statusCode).toBe(200);
    const body = converted.json();
    expect(body).toMatchObject({
      leadId,
      email: "maria@harborcoffee.example",
      created: true,
      invited: true,
    });
    const [company] = await db().select().from(companies).where(eq(companies.id, body.companyId));
    expect(company).toMatchObject({ name: "Harbor Coffee", phone: "+1 555 0100", leadId });
    const [user] = await db().select().from(users).where(eq(users.id, body.userId));
    expect(user).toMatchObject({ firstName: "Maria", lastName: "de la Cruz" });
    const [membership] = await db()
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, body.userId));
    expect(membership).toMatchObject({ companyId: body.companyId, role: "owner" });
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    // Converting is not winning: the lead keeps its stage until a proposal is signed.
    expect(lead).toMatchObject({ status: "new", companyId: body.companyId });
    const [stored] = await db()
      .select()
      .from(proposals)
      .where(eq(proposals.id, proposal.json().id));
    expect(stored!.companyId).toBe(body.companyId);
    // The same invitation "Invite client" sends.
    const [email] = await invitations("maria@harborcoffee.example");
    expect(email?.subject).toBe("Your Harborline client portal is ready");
    // The lead's page names its client.
    const detail = await call(staff, "GET", `/api/admin/leads/application/${leadId}`);
    expect(detail.json()).toMatchObject({
      companyId: body.companyId,
      companyName: "Harbor Coffee",
    });
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "lead.converted"));
    expect(event).toMatchObject({
      targetId: leadId,
      companyId: body.companyId,
      actorIsStaff: true,
    });
    // A new proposal for the converted lead is its client's too.
    const later = await call(staff, "POST", "/api/admin/proposals", { ...draft, leadId });
    expect(later.json().companyId).toBe(body.companyId);

    const again = await call(staff, "POST", `/api/admin/leads/${leadId}/convert`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This lead is already the client Harbor Coffee");
  });

  it("counts a converted lead as won only once its client accepts the proposal", async () => {
    const leadId = await apply("owner@harborsails.example", "Harbor Sails");
    const proposal = (
      await call(staff, "POST", "/api/admin/proposals", { ...draft, leadId })
    ).json();
    const converted = await call(staff, "POST", `/api/admin/leads/${leadId}/convert`, {});
    expect(converted.statusCode).toBe(200);
    const stageOf = async () => {
      const pipeline = (await call(staff, "GET", "/api/admin/pipeline")).json() as {
        stages: { stage: string; leads: { id: string }[] }[];
      };
      return pipeline.stages.find((stage) => stage.leads.some((lead) => lead.id === leadId))?.stage;
    };
    expect(await stageOf()).toBe("new");

    expect((await call(staff, "POST", `/api/admin/proposals/${proposal.id}/send`)).statusCode).toBe(
      200,
    );
    expect(await stageOf()).toBe("proposal-sent");
    const owner = await signInAs(t, "owner@harborsails.example");
    const [version] = (await call(owner, "GET", `/api/proposals/${proposal.id}`)).json().versions;
    const accepted = await call(owner, "POST", `/api/proposals/${proposal.id}/accept`, {
      versionId: version.id,
      contentHash: version.contentHash,
      signedName: "Maria de la Cruz",
      agreeToTerms: true,
    });
    expect(accepted.statusCode).toBe(200);
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId));
    expect(lead!.status).toBe("won");
    expect(await stageOf()).toBe("won");
  });

  it("names the company after the person when the lead has none, and invites no one unless asked", async () => {
    const leadId = await apply("solo@example.com");
    const converted = await call(staff, "POST", `/api/admin/leads/${leadId}/convert`, {});
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toMatchObject({ created: true, invited: false });
    const [company] = await db()
      .select()
      .from(companies)
      .where(eq(companies.id, converted.json().companyId));
    expect(company!.name).toBe("Maria de la Cruz");
    expect(await invitations("solo@example.com")).toHaveLength(0);
  });

  it("links a lead to an existing client, adding the person as a member", async () => {
    await signInAs(t, "owner@bakery.example");
    const companyId = await companyOf(t, "owner@bakery.example");
    const leadId = await apply("new.person@bakery.example");
    const converted = await call(staff, "POST", `/api/admin/leads/${leadId}/convert`, {
      companyId,
    });
    expect(converted.statusCode).toBe(200);
    expect(converted.json()).toMatchObject({ companyId, created: false, invited: false });
    const [membership] = await db()
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, converted.json().userId));
    expect(membership).toMatchObject({ companyId, role: "member" });
    const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
    expect(company!.leadId).toBe(leadId);
    expect(company!.phone).toBe("+1 555 0100");
    // A second lead of the same client's existing member links without a new account.
    const second = await apply("owner@bakery.example");
    const linked = await call(staff, "POST", `/api/admin/leads/${second}/convert`, { companyId });
    expect(linked.statusCode).toBe(200);
    const [after] = await db().select().from(companies).where(eq(companies.id, companyId));
    // The client keeps the lead it first came from.
    expect(after!.leadId).toBe(leadId);
  });

  it("refuses staff's and another client's addresses (409), unknown leads and clients (404), and bad input (400)", async () => {
    const staffLead = await apply(staffEmail);
    const asStaff = await call(staff, "POST", `/api/admin/leads/${staffLead}/convert`, {});
    expect(asStaff.statusCode).toBe(409);
    expect(asStaff.json().message).toBe("That email address belongs to agency staff.");

    await signInAs(t, "someone@elsewhere.example");
    const otherLead = await apply("someone@elsewhere.example");
    const elsewhere = await call(staff, "POST", `/api/admin/leads/${otherLead}/convert`, {});
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().message).toBe(
      "That email address belongs to a member of another company.",
    );
    const bakery = await companyOf(t, "owner@bakery.example");
    const wrongClient = await call(staff, "POST", `/api/admin/leads/${otherLead}/convert`, {
      companyId: bakery,
    });
    expect(wrongClient.statusCode).toBe(409);

    const freshLead = await apply("fresh@example.com");
    const unknownClient = await call(staff, "POST", `/api/admin/leads/${freshLead}/convert`, {
      companyId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknownClient.statusCode).toBe(404);
    const unknownLead = await call(
      staff,
      "POST",
      "/api/admin/leads/00000000-0000-4000-8000-000000000000/convert",
      {},
    );
    expect(unknownLead.statusCode).toBe(404);
    const bad = await call(staff, "POST", `/api/admin/leads/${freshLead}/convert`, {
      companyId: "acme",
      invite: "yes",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ companyId: "Choose a client" });

    // Nothing changed for the refused leads, and no account was made.
    for (const id of [staffLead, otherLead, freshLead]) {
      const [lead] = await db().select().from(leads).where(eq(leads.id, id));
      expect(lead).toMatchObject({ status: "new", companyId: null });
    }
    expect(await db().select().from(users).where(eq(users.email, "fresh@example.com"))).toEqual([]);
  });
});
