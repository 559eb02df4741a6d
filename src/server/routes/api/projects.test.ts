import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIPELINE_STAGE_LEADS, type Pipeline, type ProjectDetail } from "@shared/schemas/projects";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import {
  aClient,
  aLead,
  anAcceptedProposal,
  aStaffMember,
} from "../../../../tests/support/factories";
import * as schema from "../../db/schema";
import { demoClientEmail, seedDemoData } from "../../demo/seed";
import { milestoneHash } from "../../documents/content-hash";
import { agencyToday } from "../../hours/reading";
import { SESSION_COOKIE } from "../../plugins/session";

const inbox = "desk@harborline.example";
const staffEmail = "avery@harborline.example";
const clientEmail = "jordan@riverabakery.example";
const projectName = "Rivera Bakery website redesign";

describe.each(databaseKinds)("projects on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let client: string;
  let other: string;
  let projectId: string;
  let companyId: string;
  /** The project application the client came from. */
  let clientLead: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail, AGENCY_INBOX: inbox });
    const { db } = t.database;
    await aStaffMember(db, { email: staffEmail, firstName: "Avery", lastName: "Harbor" });
    const given = await aClient(db, {
      name: "Rivera Bakery",
      owner: { email: clientEmail, firstName: "Jordan", lastName: "Rivera" },
    });
    companyId = given.company.id;
    staff = await signInAs(t, staffEmail);
    client = await signInAs(t, clientEmail);
    other = await signInAs(t, "someone.else@example.com");
    // The client sent a project application, was linked to it, and accepted its proposal: a
    // $3,200 build with Starter Hosting at $60 a month.
    clientLead = (
      await aLead(db, {
        kind: "application",
        name: "Jordan Rivera",
        email: clientEmail,
        company: "Rivera Bakery",
      })
    ).id;
    const converted = await callApi(t, staff, "POST", `/api/admin/leads/${clientLead}/convert`, {
      companyId,
    });
    expect(converted.statusCode, converted.body).toBe(200);
    ({ projectId } = await anAcceptedProposal(
      t,
      { staff, client, signedName: "Jordan Rivera" },
      {
        leadId: clientLead,
        title: projectName,
        lines: [
          {
            description: "Small Business Site",
            detail: "About 40 hours of design and build",
            billing: "one-off",
            quantity: 1,
            unitPriceCents: 320_000,
          },
          {
            description: "Starter Hosting",
            billing: "monthly",
            quantity: 1,
            unitPriceCents: 6_000,
          },
        ],
      },
    ));
    // Since then: the discovery call is done, design is under way, and the agency posted twice.
    const steps = [
      ["done", "2026-01-10", "We agreed the pages, the catering orders and the look."],
      ["in-progress", "2026-02-14", "The homepage and menu designs are ready to preview."],
      ["upcoming", "2026-03-07", "We launch, then watch speed and search for a month."],
    ] as const;
    const { milestones } = (
      await callApi(t, staff, "GET", `/api/admin/projects/${projectId}`)
    ).json() as ProjectDetail;
    for (const [i, [status, dueDate, notes]] of steps.entries()) {
      const url = `/api/admin/projects/${projectId}/milestones/${milestones[i]!.id}`;
      const set = await callApi(t, staff, "PUT", url, {
        name: milestones[i]!.name,
        status,
        dueDate,
        notes,
      });
      expect(set.statusCode, set.body).toBe(200);
    }
    for (const update of [
      { body: "Thanks for the discovery call! Design starts this week." },
      {
        body: "The homepage and menu page designs are ready for you to look at.",
        previewUrl: "https://preview.riverabakery.example/",
      },
    ]) {
      const url = `/api/admin/projects/${projectId}/updates`;
      expect((await callApi(t, staff, "POST", url, update)).statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const emailsTo = (to: string, subject: string) =>
    t.database.db
      .select()
      .from(schema.outboxEmails)
      .where(and(eq(schema.outboxEmails.to, to), eq(schema.outboxEmails.subject, subject)));
  const auditCount = async () =>
    (await t.database.db.select({ n: count() }).from(schema.auditEvents))[0]!.n;

  /** The client answers as a browser would: with its user agent. */
  const answer = (projectId: string, milestoneId: string, body: unknown, cookie = client) =>
    t.app.inject({
      method: "POST",
      url: `/api/projects/${projectId}/milestones/${milestoneId}/answer`,
      cookies: { [SESSION_COOKIE]: cookie },
      headers: {
        "content-type": "application/json",
        "user-agent": `TestBrowser/1.0 ${"x".repeat(600)}`,
      },
      payload: JSON.stringify(body),
    });

  async function addMilestone(name: string): Promise<ProjectDetail["milestones"][number]> {
    const added = await callApi(t, staff, "POST", `/api/admin/projects/${projectId}/milestones`, {
      name,
      status: "upcoming",
      notes: "The homepage and menu pages, as in the preview.",
    });
    expect(added.statusCode).toBe(201);
    return (added.json() as ProjectDetail).milestones.find((m) => m.name === name)!;
  }

  it("shows the client their project: three milestones in order, updates newest first", async () => {
    const list = await callApi(t, client, "GET", "/api/projects");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: projectId,
        name: projectName,
        status: "active",
        companyName: "Rivera Bakery",
        currentMilestone: "Design & Development",
        milestonesDone: 1,
        milestonesTotal: 3,
      }),
    ]);
    const detail = await callApi(t, client, "GET", `/api/projects/${projectId}`);
    expect(detail.statusCode).toBe(200);
    const project = detail.json() as ProjectDetail;
    expect(project.milestones.map((m) => [m.name, m.status])).toEqual([
      ["Discovery Call", "done"],
      ["Design & Development", "in-progress"],
      ["Launch & Optimize", "upcoming"],
    ]);
    for (const m of project.milestones) {
      expect(m.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(m.notes).toEqual(expect.any(String));
      expect(m.contentHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(project.updates).toHaveLength(2);
    expect(project.updates[0]!.previewUrl).toBe("https://preview.riverabakery.example/");
    expect(project.updates[0]!.authorName).toBe("Avery Harbor");
    expect(project.updates[0]!.createdAt > project.updates[1]!.createdAt).toBe(true);
  });

  it("answers 404 to another client, on the project and on an answer", async () => {
    expect((await callApi(t, other, "GET", "/api/projects")).json()).toEqual([]);
    const read = await callApi(t, other, "GET", `/api/projects/${projectId}`);
    expect(read.statusCode).toBe(404);
    const project = (await callApi(t, staff, "GET", `/api/admin/projects/${projectId}`)).json();
    const milestone = project.milestones[1];
    const answered = await answer(
      projectId,
      milestone.id,
      { decision: "approved", contentHash: milestone.contentHash },
      other,
    );
    expect(answered.statusCode).toBe(404);
    expect((await callApi(t, undefined, "GET", "/api/projects")).statusCode).toBe(401);
  });

  it("lets staff add a milestone at the end and rename it", async () => {
    const before = await auditCount();
    const added = await addMilestone("Content review");
    const list = (await callApi(t, staff, "GET", `/api/admin/projects?companyId=${companyId}`))
      .json()
      .find((p: { id: string }) => p.id === projectId);
    expect(list.milestonesTotal).toBeGreaterThanOrEqual(4);
    const renamed = await callApi(
      t,
      staff,
      "PUT",
      `/api/admin/projects/${projectId}/milestones/${added.id}`,
      { name: "Content & copy review", status: "in-progress", dueDate: "2027-03-01", notes: "" },
    );
    expect(renamed.statusCode).toBe(200);
    const project = renamed.json() as ProjectDetail;
    expect(project.milestones.at(-1)).toMatchObject({
      id: added.id,
      name: "Content & copy review",
      status: "in-progress",
      dueDate: "2027-03-01",
      notes: null,
    });
    expect(project.milestones.at(-1)!.position).toBeGreaterThan(
      project.milestones.at(-2)!.position,
    );
    expect(await auditCount()).toBe(before + 2);
    const [event] = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(
        and(
          eq(schema.auditEvents.action, "project.milestone-updated"),
          eq(schema.auditEvents.targetId, added.id),
        ),
      );
    expect(event!.changes).toMatchObject({
      before: { name: "Content review" },
      after: { name: "Content & copy review" },
    });
    const elsewhere = await callApi(
      t,
      staff,
      "PUT",
      `/api/admin/projects/${projectId}/milestones/${projectId}`,
      { name: "Nothing", status: "done" },
    );
    expect(elsewhere.statusCode).toBe(404);
  });

  it("asks for approval, and records the client's approval with who, where and what they read", async () => {
    const milestone = await addMilestone("Design sign-off");
    const asked = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/projects/${projectId}/milestones/${milestone.id}/approval-request`,
    );
    expect(asked.statusCode).toBe(200);
    const waiting = (asked.json() as ProjectDetail).milestones.find((m) => m.id === milestone.id)!;
    expect(waiting.status).toBe("waiting-on-client");
    expect(waiting.approvalRequestedAt).toEqual(expect.any(String));
    const mail = await emailsTo(clientEmail, "Your approval is needed: Design sign-off");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("/dashboard?tab=projects");

    const again = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/projects/${projectId}/milestones/${milestone.id}/approval-request`,
    );
    expect(again.statusCode).toBe(409);

    // What the client reads carries the hash they answer with.
    const read = (await callApi(t, client, "GET", `/api/projects/${projectId}`)).json();
    const shown = read.milestones.find((m: { id: string }) => m.id === milestone.id);
    expect(shown.contentHash).toBe(waiting.contentHash);
    const approved = await answer(projectId, milestone.id, {
      decision: "approved",
      contentHash: shown.contentHash,
    });
    expect(approved.statusCode).toBe(200);
    const after = (approved.json() as ProjectDetail).milestones.find((m) => m.id === milestone.id)!;
    expect(after.status).toBe("done");
    expect(after.approvals).toHaveLength(1);
    expect(after.approvals[0]).toMatchObject({
      decision: "approved",
      comment: null,
      userEmail: clientEmail,
      ipAddress: "127.0.0.1",
      contentHash: shown.contentHash,
    });
    expect(after.approvals[0]!.userAgent).toHaveLength(500);
    expect(after.approvals[0]!.userAgent!.startsWith("TestBrowser/1.0")).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(schema.milestoneApprovals)
      .where(eq(schema.milestoneApprovals.milestoneId, milestone.id));
    expect(row!.contentHash).toBe(
      milestoneHash({
        ...milestone,
        status: "waiting-on-client",
        approvalRequestedAt: new Date(waiting.approvalRequestedAt!),
      }),
    );
    const staffMail = await emailsTo(inbox, "Rivera Bakery approved Design sign-off");
    expect(staffMail).toHaveLength(1);
    const [event] = await t.database.db
      .select()
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.action, "project.milestone-answered"));
    expect(event).toMatchObject({ actorEmail: clientEmail, companyId, targetId: milestone.id });

    // Answered: no longer awaited.
    const twice = await answer(projectId, milestone.id, {
      decision: "approved",
      contentHash: after.contentHash,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("No approval is awaited on this milestone");
  });

  it("starts the next upcoming milestone when one is approved", async () => {
    const first = await addMilestone("Logo sign-off");
    const next = await addMilestone("Photo shoot");
    await callApi(
      t,
      staff,
      "POST",
      `/api/admin/projects/${projectId}/milestones/${first.id}/approval-request`,
    );
    const read = (await callApi(t, client, "GET", `/api/projects/${projectId}`)).json();
    const shown = read.milestones.find((m: { id: string }) => m.id === first.id);
    const approved = (
      await answer(projectId, first.id, { decision: "approved", contentHash: shown.contentHash })
    ).json() as ProjectDetail;
    expect(approved.milestones.find((m) => m.id === next.id)!.status).toBe("in-progress");
  });

  it("starts the next upcoming milestone when staff mark one done, so the client reads it in progress", async () => {
    const first = await addMilestone("Copy review");
    const next = await addMilestone("Photo selection");
    const later = await addMilestone("Final check");
    const done = await callApi(
      t,
      staff,
      "PUT",
      `/api/admin/projects/${projectId}/milestones/${first.id}`,
      { name: first.name, status: "done", notes: "" },
    );
    expect(done.statusCode).toBe(200);
    const read = (await callApi(t, client, "GET", `/api/projects/${projectId}`)).json();
    const status = (id: string) =>
      (read as ProjectDetail).milestones.find((m) => m.id === id)!.status;
    expect([status(first.id), status(next.id), status(later.id)]).toEqual([
      "done",
      "in-progress",
      "upcoming",
    ]);
  });

  it("refuses a stale hash, an answer nobody asked for, and changes without a comment", async () => {
    const milestone = await addMilestone("Menu page sign-off");
    const notAsked = await answer(projectId, milestone.id, {
      decision: "approved",
      contentHash: milestone.contentHash,
    });
    expect(notAsked.statusCode).toBe(409);

    await callApi(
      t,
      staff,
      "POST",
      `/api/admin/projects/${projectId}/milestones/${milestone.id}/approval-request`,
    );
    const read = (await callApi(t, client, "GET", `/api/projects/${projectId}`)).json();
    const shown = read.milestones.find((m: { id: string }) => m.id === milestone.id);
    // Staff change the notes after the client read it.
    await callApi(t, staff, "PUT", `/api/admin/projects/${projectId}/milestones/${milestone.id}`, {
      name: "Menu page sign-off",
      status: "waiting-on-client",
      notes: "Now with the seasonal menu.",
    });
    const before = await auditCount();
    const stale = await answer(projectId, milestone.id, {
      decision: "approved",
      contentHash: shown.contentHash,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      "This milestone changed since you read it: read it again before answering",
    );

    const noComment = await answer(projectId, milestone.id, {
      decision: "changes-requested",
      contentHash: shown.contentHash,
    });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().errors.comment).toBe("Say what you would like changed");
    expect(await auditCount()).toBe(before);
    const stored = await t.database.db
      .select()
      .from(schema.milestoneApprovals)
      .where(eq(schema.milestoneApprovals.milestoneId, milestone.id));
    expect(stored).toHaveLength(0);

    const fresh = (await callApi(t, client, "GET", `/api/projects/${projectId}`)).json();
    const current = fresh.milestones.find((m: { id: string }) => m.id === milestone.id);
    const changes = await answer(projectId, milestone.id, {
      decision: "changes-requested",
      contentHash: current.contentHash,
      comment: "Please add the gluten-free range.",
    });
    expect(changes.statusCode).toBe(200);
    const after = (changes.json() as ProjectDetail).milestones.find((m) => m.id === milestone.id)!;
    expect(after.status).toBe("in-progress");
    expect(after.approvals[0]).toMatchObject({
      decision: "changes-requested",
      comment: "Please add the gluten-free range.",
    });
    expect(
      await emailsTo(inbox, "Rivera Bakery asks for changes to Menu page sign-off"),
    ).toHaveLength(1);
    // Staff may ask again once answered.
    const askAgain = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/projects/${projectId}/milestones/${milestone.id}/approval-request`,
    );
    expect(askAgain.statusCode).toBe(200);
  });

  it("posts an update the client reads and is emailed about", async () => {
    const posted = await callApi(t, staff, "POST", `/api/admin/projects/${projectId}/updates`, {
      body: "The catering form is live on the preview site.",
      previewUrl: "https://preview.riverabakery.example/catering",
    });
    expect(posted.statusCode).toBe(201);
    const read = (await callApi(t, client, "GET", `/api/projects/${projectId}`)).json();
    expect(read.updates[0]).toMatchObject({
      body: "The catering form is live on the preview site.",
      previewUrl: "https://preview.riverabakery.example/catering",
      authorName: "Avery Harbor",
    });
    const mail = (await emailsTo(clientEmail, `Project update: ${projectName}`)).filter((email) =>
      email.text.includes("The catering form is live on the preview site."),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("The catering form is live on the preview site.");
    expect(mail[0]!.text).toContain("https://preview.riverabakery.example/catering");
  });

  it("refuses bad input with 400 and a message, storing nothing", async () => {
    const before = await auditCount();
    const updates = (await t.database.db.select({ n: count() }).from(schema.projectUpdates))[0]!.n;
    const badUpdate = await callApi(t, staff, "POST", `/api/admin/projects/${projectId}/updates`, {
      body: "Looks good",
      previewUrl: "not a link",
    });
    expect(badUpdate.statusCode).toBe(400);
    expect(badUpdate.json().errors.previewUrl).toBe("Use an http or https address");
    const badMilestone = await callApi(
      t,
      staff,
      "POST",
      `/api/admin/projects/${projectId}/milestones`,
      { name: "x", status: "finished" },
    );
    expect(badMilestone.statusCode).toBe(400);
    expect(badMilestone.json().errors).toMatchObject({
      name: "Name must be at least 2 characters",
      status: "Choose a milestone status",
    });
    const badSite = await callApi(t, staff, "POST", `/api/admin/projects/${projectId}/website`, {
      domain: "not a domain",
      plan: "",
    });
    expect(badSite.statusCode).toBe(400);
    expect(badSite.json().message).toEqual(expect.any(String));
    expect(await auditCount()).toBe(before);
    const after = (await t.database.db.select({ n: count() }).from(schema.projectUpdates))[0]!.n;
    expect(after).toBe(updates);
    expect((await callApi(t, staff, "GET", "/api/admin/projects?companyId=nope")).statusCode).toBe(
      400,
    );
  });

  it("creates the website at launch, which the client then sees; a second time is 409", async () => {
    const launched = await callApi(t, staff, "POST", `/api/admin/projects/${projectId}/website`, {
      domain: "new.riverabakery.example",
      plan: "Starter Hosting",
    });
    expect(launched.statusCode).toBe(200);
    const project = launched.json() as ProjectDetail;
    expect(project.status).toBe("launched");
    expect(project.websiteId).toEqual(expect.any(String));
    const sites = (await callApi(t, client, "GET", "/api/websites")).json();
    expect(sites).toContainEqual(
      expect.objectContaining({
        id: project.websiteId,
        domain: "new.riverabakery.example",
        plan: "Starter Hosting",
        status: "active",
      }),
    );
    const again = await callApi(t, staff, "POST", `/api/admin/projects/${projectId}/website`, {
      domain: "other.riverabakery.example",
      plan: "Starter Hosting",
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await callApi(t, client, "GET", "/api/websites"))
        .json()
        .filter((s: { domain: string }) => s.domain === "other.riverabakery.example"),
    ).toEqual([]);
  });

  it("shows the pipeline: leads by stage with proposal values in cents, and projects", async () => {
    const apply = (company: string) =>
      callApi(t, undefined, "POST", "/api/apply", {
        name: "Rowan Ellis",
        email: "rowan@tidewater.example",
        phone: "253-555-0199",
        company,
        projectType: "website",
        budget: "5k-15k",
        timeline: "1-3months",
        description: "A new website for our kayak rentals with online booking.",
        website: "",
      });
    const fresh = (await apply("Fresh Kayaks")).json().id as string;
    const talking = (await apply("Talking Kayaks")).json().id as string;
    const quoted = (await apply("Quoted Kayaks")).json().id as string;
    const lost = (await apply("Lost Kayaks")).json().id as string;
    const won = (await apply("Won Kayaks")).json().id as string;
    for (const [id, status] of [
      [talking, "qualified"],
      [lost, "lost"],
      [won, "won"],
    ] as const) {
      const changed = await callApi(t, staff, "PATCH", `/api/admin/leads/application/${id}`, {
        status,
      });
      expect(changed.statusCode).toBe(200);
    }
    // A proposal sent to the quoted lead (version 2 is the latest), and one won.
    const propose = async (
      leadId: string,
      status: string,
      versions: { oneOffCents: number; monthlyCents: number }[],
    ) => {
      const [proposal] = await t.database.db
        .insert(schema.proposals)
        .values({ leadId, status })
        .returning();
      await t.database.db.insert(schema.proposalVersions).values(
        versions.map((v, i) => ({
          proposalId: proposal!.id,
          version: i + 1,
          title: "Kayak website",
          scope: "A website.",
          lines: [],
          ...v,
          depositCents: v.oneOffCents,
          midpointCents: 0,
          completionCents: 0,
          validUntil: "2027-01-31",
          sentAt: new Date(),
        })),
      );
    };
    await propose(quoted, "sent", [
      { oneOffCents: 100_000, monthlyCents: 0 },
      { oneOffCents: 250_001, monthlyCents: 4_999 },
    ]);
    await propose(won, "accepted", [{ oneOffCents: 300_000, monthlyCents: 1_000 }]);

    const response = await callApi(t, staff, "GET", "/api/admin/pipeline");
    expect(response.statusCode).toBe(200);
    const pipeline = response.json() as Pipeline;
    expect(pipeline.stages.map((s) => s.stage)).toEqual([
      "new",
      "contacted",
      "proposal-sent",
      "won",
      "lost",
    ]);
    const stage = (name: string) => pipeline.stages.find((s) => s.stage === name)!;
    const idsIn = (name: string) => stage(name).leads.map((lead) => lead.id);
    expect(idsIn("new")).toContain(fresh);
    expect(idsIn("contacted")).toContain(talking);
    expect(idsIn("proposal-sent")).toEqual([quoted]);
    // Won: this lead, and the client's own application with its accepted proposal.
    const clientsLead = stage("won").leads.find((lead) => lead.id === clientLead);
    expect(idsIn("won")).toEqual(expect.arrayContaining([won, clientLead]));
    expect(idsIn("won")).toHaveLength(2);
    expect(idsIn("lost")).toEqual([lost]);
    const quotedLead = stage("proposal-sent").leads[0]!;
    expect(quotedLead.proposalValueCents).toBe(250_001 + 12 * 4_999);
    expect(stage("proposal-sent").proposalValueCents).toBe(250_001 + 12 * 4_999);
    expect(clientsLead?.proposalValueCents).toBe(320_000 + 12 * 6_000);
    expect(stage("won").proposalValueCents).toBe(300_000 + 12 * 1_000 + 320_000 + 12 * 6_000);
    expect(stage("new").proposalValueCents).toBe(0);
    expect(pipeline.projects).toContainEqual(
      expect.objectContaining({ id: projectId, companyName: "Rivera Bakery" }),
    );
  });

  it("lists a stage's newest leads only, and counts and values all of them", async () => {
    const lostStage = async () =>
      ((await callApi(t, staff, "GET", "/api/admin/pipeline")).json() as Pipeline).stages.find(
        (stage) => stage.stage === "lost",
      )!;
    const before = await lostStage();
    // A year of lost leads, one a day; the oldest had a proposal worth $1,234.56.
    const added = PIPELINE_STAGE_LEADS + 5;
    const rows = await t.database.db
      .insert(schema.leads)
      .values(
        Array.from({ length: added }, (_, i) => ({
          kind: "contact" as const,
          reference: `HL-LOST${String(i).padStart(3, "0")}`,
          name: `Lost lead ${i}`,
          email: `lost${i}@example.com`,
          status: "lost",
          subject: "A question",
          message: "What would a site cost?",
          createdAt: new Date(Date.now() - (i + 1) * 86_400_000),
        })),
      )
      .returning({ id: schema.leads.id, reference: schema.leads.reference });
    const oldest = rows.at(-1)!;
    const [proposal] = await t.database.db
      .insert(schema.proposals)
      .values({ leadId: oldest.id, status: "declined" })
      .returning();
    await t.database.db.insert(schema.proposalVersions).values({
      proposalId: proposal!.id,
      version: 1,
      title: "A website",
      scope: "A website.",
      lines: [],
      oneOffCents: 123_456,
      monthlyCents: 0,
      depositCents: 123_456,
      midpointCents: 0,
      completionCents: 0,
      validUntil: "2027-01-31",
      sentAt: new Date(),
    });

    const after = await lostStage();
    expect(after.leadCount).toBe(before.leadCount + added);
    expect(after.leads).toHaveLength(PIPELINE_STAGE_LEADS);
    // The newest first: the lead lost earlier in this file, then a day ago, two days ago...
    const shown = after.leads.map((lead) => lead.createdAt);
    expect(shown).toEqual([...shown].sort().reverse());
    expect(after.leads.map((lead) => lead.reference)).not.toContain(oldest.reference);
    expect(after.proposalValueCents).toBe(before.proposalValueCents + 123_456);
    await t.database.db.delete(schema.proposals).where(eq(schema.proposals.id, proposal!.id));
    await t.database.db.delete(schema.leads).where(
      inArray(
        schema.leads.id,
        rows.map((row) => row.id),
      ),
    );
  });

  it("shows the time logged on a project against its proposal's estimate, and so does the pipeline", async () => {
    const logged = await callApi(t, staff, "POST", `/api/admin/clients/${companyId}/time-entries`, {
      workDate: agencyToday(new Date()),
      minutes: 90,
      note: "Built the menu page.",
      projectId,
    });
    expect(logged.statusCode, logged.body).toBe(201);
    // The accepted proposal's one-off line says "About 40 hours" (server/hours/estimates.ts).
    const project = (await callApi(t, staff, "GET", `/api/admin/projects/${projectId}`)).json();
    expect(project).toMatchObject({ loggedMinutes: 90, estimatedMinutes: 40 * 60 });
    const pipeline = (await callApi(t, staff, "GET", "/api/admin/pipeline")).json() as Pipeline;
    expect(pipeline.projects.find((each) => each.id === projectId)).toMatchObject({
      loggedMinutes: 90,
      estimatedMinutes: 40 * 60,
    });
  });
});

/** The demo an evaluation install starts with: its project came from a proposal truly accepted. */
describe.each(databaseKinds)("the demo's project on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemoData(t.database.db);
  });
  afterAll(() => t.close());

  it("seeds the accepted proposal the project came from, with its acceptance record", async () => {
    const [project] = await t.database.db.select().from(schema.projects);
    const [proposal] = await t.database.db
      .select()
      .from(schema.proposals)
      .where(eq(schema.proposals.id, project!.proposalId!));
    expect(proposal!.status).toBe("accepted");
    const [version] = await t.database.db
      .select()
      .from(schema.proposalVersions)
      .where(eq(schema.proposalVersions.proposalId, proposal!.id));
    expect(version!.depositCents + version!.midpointCents + version!.completionCents).toBe(
      version!.oneOffCents,
    );
    expect(version!.lines.map((line) => line.billing)).toEqual(["one-off", "monthly"]);
    const [response] = await t.database.db
      .select()
      .from(schema.proposalResponses)
      .where(eq(schema.proposalResponses.versionId, version!.id));
    expect(response).toMatchObject({ decision: "accepted", userEmail: demoClientEmail });
    expect(response!.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
