import { and, count, eq } from "drizzle-orm";
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
import { pdfText } from "../../../../tests/support/pdf";
import {
  auditEvents,
  outboxEmails,
  projectMilestones,
  projects,
  proposalResponses,
  proposals,
  proposalVersions,
} from "../../db/schema";
import { contentHash, proposalVersionHash } from "../../documents/content-hash";
import { proposalTerms } from "@content/terms";
import { SESSION_COOKIE } from "../../plugins/session";

type Version = {
  id: string;
  version: number;
  title: string;
  scope: string;
  scopeHtml: string;
  lines: unknown[];
  oneOffCents: number;
  monthlyCents: number;
  depositCents: number;
  midpointCents: number;
  completionCents: number;
  validUntil: string;
  terms: { heading: string; paragraphs: string[] }[];
  sentAt: string | null;
  contentHash: string;
};

const staffEmail = "avery@harborline.example";

const draft = {
  title: "A new website for Rivera Bakery",
  scope: "## Pages\n\nHome, menu and **locations**.\n\n<script>alert(1)</script>",
  lines: [
    {
      description: "Small Business Site",
      detail: "5-10 pages",
      planId: "website",
      billing: "one-off",
      quantity: 1,
      unitPriceCents: 500_001,
    },
    { description: "Hosting", billing: "monthly", quantity: 2, unitPriceCents: 2_450 },
  ],
  validUntil: "2099-12-31",
};

describe.each(databaseKinds)("proposals on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let billing: string;
  let member: string;
  let other: string;
  let companyId: string;
  let proposalId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_EMAILS: staffEmail,
      AGENCY_INBOX: "desk@harborline.example",
    });
    await aStaffMember(t.database.db, { email: staffEmail });
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, "owner@bakery.example");
    companyId = await companyOf(t, "owner@bakery.example");
    billing = await signInAs(t, "books@bakery.example", { companyId, role: "billing" });
    member = await signInAs(t, "baker@bakery.example", { companyId, role: "member" });
    other = await signInAs(t, "owner@elsewhere.example");
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const db = () => t.database.db;
  /** The answers recorded to one proposal's versions (other proposals hold answers of their own). */
  const responsesTo = async (proposalId: string) =>
    (
      await db()
        .select()
        .from(proposalResponses)
        .innerJoin(proposalVersions, eq(proposalVersions.id, proposalResponses.versionId))
        .where(eq(proposalVersions.proposalId, proposalId))
    ).map((row) => row.proposal_responses);
  const rows = async (table: typeof proposals | typeof proposalVersions | typeof auditEvents) =>
    (await db().select({ n: count() }).from(table))[0]!.n;
  const emailsTo = (to: string, kind: string) =>
    db()
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, to), eq(outboxEmails.kind, kind)));

  it("refuses bad input with 400 and a message, storing nothing", async () => {
    const before = [await rows(proposals), await rows(proposalVersions), await rows(auditEvents)];
    const both = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      companyId,
      leadId: companyId,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe("Choose a lead or a client for the proposal, not both");
    const neither = await call(staff, "POST", "/api/admin/proposals", draft);
    expect(neither.statusCode).toBe(400);
    const noLines = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      companyId,
      lines: [],
    });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().errors.lines).toBe("Add at least one line");
    const huge = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      companyId,
      lines: [{ ...draft.lines[0], quantity: 2, unitPriceCents: 1_000_000_000 }],
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/at most \$10,000,000\.00/);
    const unknown = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      companyId: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.statusCode).toBe(404);
    expect([await rows(proposals), await rows(proposalVersions), await rows(auditEvents)]).toEqual(
      before,
    );
  });

  it("creates a proposal with version 1 as a draft, totals and plan worked out on the server", async () => {
    const created = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      companyId,
      // Totals a client sends are not read.
      oneOffCents: 1,
    });
    expect(created.statusCode).toBe(201);
    const detail = created.json();
    proposalId = detail.id;
    expect(detail).toMatchObject({
      status: "draft",
      companyId,
      leadId: null,
      companyName: "owner@bakery.example",
      version: 1,
      oneOffCents: 500_001,
      monthlyCents: 4_900,
      sentAt: null,
      response: null,
      projectId: null,
    });
    const [v1] = detail.versions as Version[];
    expect(v1).toMatchObject({
      version: 1,
      sentAt: null,
      depositCents: 250_001,
      midpointCents: 125_000,
      completionCents: 125_000,
    });
    expect(v1!.scopeHtml).toContain("<strong>locations</strong>");
    expect(v1!.scopeHtml).not.toContain("<script>");
    expect(v1!.contentHash).toBe(proposalVersionHash({ proposalId, ...v1! }));
    // Listed for the client, newest first.
    const list = await call(staff, "GET", `/api/admin/proposals?companyId=${companyId}`);
    expect(list.json().map((p: { id: string }) => p.id)).toEqual([proposalId]);
  });

  it("shows the client no draft", async () => {
    expect((await call(owner, "GET", `/api/proposals/${proposalId}`)).statusCode).toBe(404);
    expect((await call(owner, "GET", "/api/proposals")).json()).toEqual([]);
  });

  it("edits a draft", async () => {
    const detail = (await call(staff, "GET", `/api/admin/proposals/${proposalId}`)).json();
    const edited = await call(
      staff,
      "PUT",
      `/api/admin/proposals/${proposalId}/versions/${detail.versions[0].id}`,
      { ...draft, title: "A new website for the bakery" },
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().title).toBe("A new website for the bakery");
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "proposal.updated"));
    expect(event?.changes).toMatchObject({
      before: { title: "A new website for Rivera Bakery" },
      after: { title: "A new website for the bakery" },
    });
  });

  it("sends it: frozen, and the owner and billing member get a link that signs them in once and opens it", async () => {
    const sent = await call(staff, "POST", `/api/admin/proposals/${proposalId}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().status).toBe("sent");
    expect(sent.json().versions[0].sentAt).toEqual(expect.any(String));
    expect(await emailsTo("baker@bakery.example", "proposal-sent")).toHaveLength(0);
    expect(await emailsTo("books@bakery.example", "proposal-sent")).toHaveLength(1);
    const [email] = await emailsTo("owner@bakery.example", "proposal-sent");
    expect(email?.subject).toBe("Your proposal from Harborline: A new website for the bakery");
    expect(email?.text).toContain("$5,000.01");
    const link = email!.text.match(/\/api\/login\/email\?token=[\w-]+/)![0];
    const signIn = await t.app.inject({ method: "GET", url: link });
    expect(signIn.statusCode).toBe(302);
    expect(signIn.headers.location).toBe(`/dashboard?tab=projects&proposal=${proposalId}`);
    const cookie = signIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const read = await call(cookie, "GET", `/api/proposals/${proposalId}`);
    expect(read.statusCode).toBe(200);
    // Once only.
    const again = await t.app.inject({ method: "GET", url: link });
    expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    // Nothing left to send.
    const twice = await call(staff, "POST", `/api/admin/proposals/${proposalId}/send`);
    expect(twice.statusCode).toBe(409);
  });

  it("sends the agency's terms with the version, frozen: a later edit of the content changes neither what the client reads nor its hash", async () => {
    const v1 = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json()
      .versions[0] as Version;
    expect(v1.terms).toEqual(proposalTerms);
    const [stored] = await db()
      .select({ terms: proposalVersions.terms })
      .from(proposalVersions)
      .where(eq(proposalVersions.id, v1.id));
    expect(stored!.terms).toEqual(proposalTerms);

    // The hash covers the terms: other terms, another hash.
    const { id: _id, scopeHtml: _html, sentAt: _sent, contentHash: hash, ...content } = v1;
    expect(proposalVersionHash({ proposalId, ...content })).toBe(hash);
    const otherTerms = [{ heading: "Payment", paragraphs: ["Invoices are due on receipt."] }];
    expect(proposalVersionHash({ proposalId, ...content, terms: otherTerms })).not.toBe(hash);

    // The agency edits its terms after sending: the sent version keeps the ones it was sent with.
    const payment = proposalTerms[0]!;
    const before = payment.paragraphs;
    payment.paragraphs = ["Invoices are due on receipt."];
    try {
      const again = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json()
        .versions[0] as Version;
      expect(again.terms[0]!.paragraphs).toEqual(before);
      expect(again.contentHash).toBe(hash);
    } finally {
      payment.paragraphs = before;
    }
  });

  it("lets the client download the PDF of a sent version before answering it, terms included", async () => {
    const pdf = await call(owner, "GET", `/api/proposals/${proposalId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(
      'attachment; filename="proposal-a-new-website-for-the-bakery-v1.pdf"',
    );
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("A new website for the bakery");
    expect(text).toContain("Terms");
    expect(text).toContain(proposalTerms[0]!.paragraphs[0]);
    expect(text).not.toContain("Acceptance record");
  });

  it("refuses to edit a sent version (409), changing nothing", async () => {
    const before = (await call(staff, "GET", `/api/admin/proposals/${proposalId}`)).json();
    const response = await call(
      staff,
      "PUT",
      `/api/admin/proposals/${proposalId}/versions/${before.versions[0].id}`,
      { ...draft, title: "Sneaky change" },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "Version 1 was sent and is frozen: make a new version to change it",
    });
    const after = (await call(staff, "GET", `/api/admin/proposals/${proposalId}`)).json();
    expect(after).toEqual(before);
  });

  it("shows another client 404 on the proposal, its answer and its PDF", async () => {
    const detail = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json();
    const v1 = detail.versions[0];
    expect((await call(other, "GET", `/api/proposals/${proposalId}`)).statusCode).toBe(404);
    expect((await call(other, "GET", `/api/proposals/${proposalId}/pdf`)).statusCode).toBe(404);
    const accept = await call(other, "POST", `/api/proposals/${proposalId}/accept`, {
      versionId: v1.id,
      contentHash: v1.contentHash,
      signedName: "Someone Else",
      agreeToTerms: true,
    });
    expect(accept.statusCode).toBe(404);
    expect((await call(other, "GET", "/api/proposals")).json()).toEqual([]);
  });

  it("lets only owners and billing members answer (403 for a member)", async () => {
    const v1 = (await call(member, "GET", `/api/proposals/${proposalId}`)).json().versions[0];
    const response = await call(member, "POST", `/api/proposals/${proposalId}/accept`, {
      versionId: v1.id,
      contentHash: v1.contentHash,
      signedName: "Baker Person",
      agreeToTerms: true,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      "Only the account owner or a billing member can accept or decline a proposal",
    );
    expect(await responsesTo(proposalId)).toHaveLength(0);
  });

  it("makes a new version after sending; one draft at a time; the client sees sent versions only", async () => {
    const v2 = await call(staff, "POST", `/api/admin/proposals/${proposalId}/versions`, {
      ...draft,
      title: "A new website for the bakery, with a shop",
      lines: [
        ...draft.lines,
        { description: "Online shop", billing: "one-off", quantity: 1, unitPriceCents: 250_000 },
      ],
    });
    expect(v2.statusCode).toBe(201);
    expect(v2.json().versions.map((v: Version) => [v.version, Boolean(v.sentAt)])).toEqual([
      [2, false],
      [1, true],
    ]);
    const third = await call(staff, "POST", `/api/admin/proposals/${proposalId}/versions`, draft);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe("Version 2 is still a draft: edit it");
    const client = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json();
    expect(client.versions.map((v: Version) => v.version)).toEqual([1]);
    expect((await call(staff, "POST", `/api/admin/proposals/${proposalId}/send`)).statusCode).toBe(
      200,
    );
  });

  it("refuses an answer to an older version or another hash (409)", async () => {
    const detail = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json();
    const [v2, v1] = detail.versions as Version[];
    const stale = await call(owner, "POST", `/api/proposals/${proposalId}/accept`, {
      versionId: v1!.id,
      contentHash: v1!.contentHash,
      signedName: "Owner Person",
      agreeToTerms: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "A newer version of this proposal was sent: read it before answering",
    );
    const otherHash = await call(owner, "POST", `/api/proposals/${proposalId}/accept`, {
      versionId: v2!.id,
      contentHash: v1!.contentHash,
      signedName: "Owner Person",
      agreeToTerms: true,
    });
    expect(otherHash.statusCode).toBe(409);
    const unticked = await call(owner, "POST", `/api/proposals/${proposalId}/accept`, {
      versionId: v2!.id,
      contentHash: v2!.contentHash,
      signedName: "Owner Person",
      agreeToTerms: false,
    });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().errors.agreeToTerms).toBe("Tick the box to agree to the terms");
    expect(await responsesTo(proposalId)).toHaveLength(0);
  });

  it("accepts the version shown: the record, the project and the agency's email", async () => {
    const shown = (await call(billing, "GET", `/api/proposals/${proposalId}`)).json();
    const v2 = shown.versions[0] as Version;
    const accepted = await t.app.inject({
      method: "POST",
      url: `/api/proposals/${proposalId}/accept`,
      cookies: { [SESSION_COOKIE]: billing },
      remoteAddress: "203.0.113.7",
      headers: {
        "content-type": "application/json",
        "user-agent": `TestBrowser/1.0 ${"x".repeat(600)}`,
      },
      payload: JSON.stringify({
        versionId: v2.id,
        contentHash: v2.contentHash,
        signedName: "Robin Books",
        agreeToTerms: true,
      }),
    });
    expect(accepted.statusCode).toBe(200);
    const detail = accepted.json();
    expect(detail.status).toBe("accepted");
    expect(detail.response).toMatchObject({
      decision: "accepted",
      versionId: v2.id,
      signedName: "Robin Books",
      userEmail: "books@bakery.example",
      ipAddress: "203.0.113.7",
      contentHash: v2.contentHash,
    });
    expect(detail.response.userAgent).toHaveLength(500);
    expect(detail.projectId).toEqual(expect.any(String));
    // The hash is the SHA-256 of the version exactly as GET showed it, its terms included.
    expect(v2.terms).toEqual(proposalTerms);
    const { id: _id, scopeHtml: _html, sentAt: _sent, contentHash, ...content } = v2;
    expect(contentHash).toBe(proposalVersionHash({ proposalId, ...content }));
    const [stored] = await responsesTo(proposalId);
    expect(stored).toMatchObject({
      signedName: "Robin Books",
      ipAddress: "203.0.113.7",
      contentHash: v2.contentHash,
    });
    expect(stored!.createdAt).toBeInstanceOf(Date);
    const [project] = await db().select().from(projects).where(eq(projects.proposalId, proposalId));
    expect(project).toMatchObject({ id: detail.projectId, companyId, name: v2.title });
    const milestones = await db()
      .select()
      .from(projectMilestones)
      .where(eq(projectMilestones.projectId, project!.id));
    expect(milestones).toHaveLength(3);
    const [email] = await emailsTo("desk@harborline.example", "proposal-answered");
    expect(email?.subject).toBe(`Proposal accepted: ${v2.title}`);
    expect(email?.text).toContain("Robin Books");
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "proposal.accepted"));
    expect(event).toMatchObject({ actorEmail: "books@bakery.example", companyId });
  });

  it("refuses a second answer and any new version once accepted", async () => {
    const v2 = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json().versions[0];
    const again = await call(owner, "POST", `/api/proposals/${proposalId}/decline`, {
      versionId: v2.id,
      contentHash: v2.contentHash,
      reason: "Changed our minds",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This proposal was already accepted");
    const version = await call(staff, "POST", `/api/admin/proposals/${proposalId}/versions`, draft);
    expect(version.statusCode).toBe(409);
    expect(version.json().message).toBe("An accepted proposal cannot change");
  });

  it("gives both sides the accepted version as PDF with its acceptance record", async () => {
    const hash = (await call(owner, "GET", `/api/proposals/${proposalId}`)).json().response
      .contentHash;
    for (const [cookie, url] of [
      [owner, `/api/proposals/${proposalId}/pdf`],
      [staff, `/api/admin/proposals/${proposalId}/pdf`],
    ] as const) {
      const pdf = await call(cookie, "GET", url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.headers["content-disposition"]).toBe(
        'attachment; filename="proposal-a-new-website-for-the-bakery-with-a-shop-v2.pdf"',
      );
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain("A new website for the bakery, with a shop");
      expect(text).toContain("owner@bakery.example");
      expect(text).toContain("Robin Books");
      expect(text).toContain("203.0.113.7");
      expect(text).toContain("$7,500.01");
      expect(text).toContain("50% deposit $3,750.01");
      expect(text.replace(/\s/g, "")).toContain(hash);
    }
    // Staff may ask for an earlier version: no acceptance record on it.
    const detail = (await call(staff, "GET", `/api/admin/proposals/${proposalId}`)).json();
    const v1 = await call(
      staff,
      "GET",
      `/api/admin/proposals/${proposalId}/pdf?version=${detail.versions[1].id}`,
    );
    const text = await pdfText(v1.rawPayload);
    expect(text).toContain("A new website for the bakery");
    expect(text).not.toContain("Acceptance record");
  });

  it("declines with a reason, emailing the agency", async () => {
    const created = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      title: "Maintenance for the bakery",
      companyId,
    });
    const id = created.json().id;
    await call(staff, "POST", `/api/admin/proposals/${id}/send`);
    const v1 = (await call(owner, "GET", `/api/proposals/${id}`)).json().versions[0];
    const short = await call(owner, "POST", `/api/proposals/${id}/decline`, {
      versionId: v1.id,
      contentHash: v1.contentHash,
      reason: "",
    });
    expect(short.statusCode).toBe(400);
    const declined = await call(owner, "POST", `/api/proposals/${id}/decline`, {
      versionId: v1.id,
      contentHash: v1.contentHash,
      reason: "We will keep our current host for now.",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: "declined",
      projectId: null,
      response: { decision: "declined", reason: "We will keep our current host for now." },
    });
    const emails = await emailsTo("desk@harborline.example", "proposal-answered");
    const email = emails.find((e) => e.subject === "Proposal declined: Maintenance for the bakery");
    expect(email?.text).toContain("We will keep our current host for now.");
    // Declined is not final: a new version can be written and sent.
    const next = await call(staff, "POST", `/api/admin/proposals/${id}/versions`, draft);
    expect(next.statusCode).toBe(201);
  });

  it("refuses to send past its valid-until date, and an answer once it expired", async () => {
    const past = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      validUntil: "2020-01-31",
      companyId,
    });
    const refused = await call(staff, "POST", `/api/admin/proposals/${past.json().id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/valid-until date is in the past/);

    const created = await call(staff, "POST", "/api/admin/proposals", { ...draft, companyId });
    const id = created.json().id;
    await call(staff, "POST", `/api/admin/proposals/${id}/send`);
    await db()
      .update(proposalVersions)
      .set({ validUntil: "2021-03-01" })
      .where(eq(proposalVersions.proposalId, id));
    const v1 = (await call(owner, "GET", `/api/proposals/${id}`)).json().versions[0];
    const late = await call(owner, "POST", `/api/proposals/${id}/accept`, {
      versionId: v1.id,
      contentHash: v1.contentHash,
      signedName: "Owner Person",
      agreeToTerms: true,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("This proposal expired on Mar 1, 2021");
  });

  it("keeps the recorded hash of a version sent before proposals carried terms", async () => {
    const created = await call(staff, "POST", "/api/admin/proposals", { ...draft, companyId });
    const id = created.json().id;
    await call(staff, "POST", `/api/admin/proposals/${id}/send`);
    // As the migration leaves a version sent before: no terms stored.
    await db()
      .update(proposalVersions)
      .set({ terms: null })
      .where(eq(proposalVersions.proposalId, id));
    const v1 = (await call(owner, "GET", `/api/proposals/${id}`)).json().versions[0] as Version;
    expect(v1.terms).toEqual([]);
    // The hash as it was worked out before terms existed.
    const {
      id: _id,
      scopeHtml: _html,
      sentAt: _sent,
      contentHash: hash,
      terms: _t,
      ...content
    } = v1;
    expect(hash).toBe(contentHash({ proposalId: id, ...content }));
  });

  it("refuses to send a lead's proposal before the lead is a client", async () => {
    const lead = await call(undefined, "POST", "/api/contact", {
      name: "Pat Lead",
      email: "pat@lead.example",
      subject: "A quote please",
      message: "We would like a quote for a new site.",
    });
    const created = await call(staff, "POST", "/api/admin/proposals", {
      ...draft,
      leadId: lead.json().id,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      leadId: lead.json().id,
      companyId: null,
      leadName: "Pat Lead",
    });
    const send = await call(staff, "POST", `/api/admin/proposals/${created.json().id}/send`);
    expect(send.statusCode).toBe(409);
    expect(send.json().message).toBe("Convert the lead to a client before sending the proposal");
    const list = await call(staff, "GET", `/api/admin/proposals?leadId=${lead.json().id}`);
    expect(list.json()).toHaveLength(1);
  });
});
