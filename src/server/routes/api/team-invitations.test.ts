import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberRoleAllows, teamMessages } from "@shared/schemas/team";
import {
  callApi,
  companyOf,
  createTestApp,
  signInAs,
  type TestApp,
  type CallArgs,
} from "../../../../tests/support/app";
import { databaseKinds } from "../../../../tests/support/database";
import { auditEvents, outboxEmails } from "../../db/schema";
import { tooManyLinksMessage } from "../../team/team";

type MemberRow = { id: string; email: string; invited: boolean };

const ownerEmail = "owner@harbourcafe.example";
const staffEmail = "staff@harborline.example";

describe.each(databaseKinds)("invited members and their invitations on %s", (kind) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let company: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    owner = await signInAs(t, ownerEmail);
    company = await companyOf(t, ownerEmail);
    staff = await signInAs(t, staffEmail);
  });
  afterAll(() => t.close());

  const call = (...args: CallArgs) => callApi(t, ...args);
  const invitationsTo = (email: string) =>
    t.database.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, email), eq(outboxEmails.kind, "client-invitation")));
  const resentEvents = (targetId: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "member.invitation-resent"), eq(auditEvents.targetId, targetId)),
      );
  const members = async () => (await call(owner, "GET", "/api/team/members")).json() as MemberRow[];

  it("names the role and what it allows in the invitation", async () => {
    for (const [email, role] of [
      ["books@harbourcafe.example", "billing"],
      ["counter@harbourcafe.example", "member"],
    ] as const) {
      const invited = await call(owner, "POST", "/api/team/members", { email, role });
      expect(invited.statusCode).toBe(201);
      expect(invited.json()).toMatchObject({ email, invited: true });
      const [email1] = await invitationsTo(email);
      const label = role === "billing" ? "Billing" : "Member";
      expect(email1!.text).toContain(
        `Your role is ${label}, so you can use ${memberRoleAllows[role]}.`,
      );
      expect(email1!.html).toContain(`Your role is ${label}`);
    }
    expect(memberRoleAllows.member).not.toContain("billing (");
    expect(memberRoleAllows.billing).toContain("invoices");
  });

  it("shows who has not signed in yet, until they do", async () => {
    const list = await members();
    expect(list.find((m) => m.email === ownerEmail)?.invited).toBe(false);
    expect(list.find((m) => m.email === "books@harbourcafe.example")?.invited).toBe(true);

    const [invitation] = await invitationsTo("books@harbourcafe.example");
    const link = invitation!.text.match(/\/api\/login\/email\?token=[\w-]+/)![0];
    expect((await t.app.inject({ method: "GET", url: link })).statusCode).toBe(302);
    const after = await members();
    expect(after.find((m) => m.email === "books@harbourcafe.example")?.invited).toBe(false);

    // Signed in: nothing to resend, nothing sent or recorded.
    const id = after.find((m) => m.email === "books@harbourcafe.example")!.id;
    const resent = await call(owner, "POST", `/api/team/members/${id}/invitation`);
    expect(resent.statusCode).toBe(409);
    expect(resent.json()).toEqual({ message: teamMessages.signedInAlready });
    expect(await invitationsTo("books@harbourcafe.example")).toHaveLength(1);
    expect(await resentEvents(id)).toHaveLength(0);
  });

  it("resends an invitation with a working link, audited, within the sign-in link limit", async () => {
    const email = "counter@harbourcafe.example";
    const id = (await members()).find((m) => m.email === email)!.id;

    // The invitation was the first link of the window; two more may follow, then 429.
    for (let n = 2; n <= 3; n++) {
      const resent = await call(owner, "POST", `/api/team/members/${id}/invitation`);
      expect(resent.statusCode).toBe(200);
      expect(resent.json()).toMatchObject({ id, email, role: "member", invited: true });
      expect(await invitationsTo(email)).toHaveLength(n);
    }
    const events = await resentEvents(id);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      actorEmail: ownerEmail,
      actorIsStaff: false,
      companyId: company,
      targetType: "user",
      changes: { after: { email, role: "member" } },
    });

    const refused = await call(owner, "POST", `/api/team/members/${id}/invitation`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: tooManyLinksMessage });
    expect(await invitationsTo(email)).toHaveLength(3);
    expect(await resentEvents(id)).toHaveLength(2);

    // The newest invitation signs in.
    const texts = (await invitationsTo(email)).map((row) => row.text);
    const links = texts.map((text) => text.match(/\/api\/login\/email\?token=[\w-]+/)![0]);
    expect(new Set(links).size).toBe(3);
    const signIn = await t.app.inject({ method: "GET", url: links[2]! });
    expect(signIn.headers.location).toBe("/dashboard");

    // The company's security events list it.
    const security = (await call(owner, "GET", "/api/account/security-events")).json() as {
      label: string;
    }[];
    expect(security.map((event) => event.label)).toContain("Team member's invitation sent again");
  });

  it("lets staff resend from the client's page; others get 403 or 404", async () => {
    const email = "kitchen@harbourcafe.example";
    const invited = await call(owner, "POST", "/api/team/members", { email, role: "owner" });
    const id = (invited.json() as MemberRow).id;

    const resent = await call(
      staff,
      "POST",
      `/api/admin/clients/${company}/members/${id}/invitation`,
    );
    expect(resent.statusCode).toBe(200);
    const page = resent.json() as { members: MemberRow[] };
    expect(page.members.find((m) => m.id === id)).toMatchObject({ email, invited: true });
    expect(page.members.find((m) => m.email === ownerEmail)?.invited).toBe(false);
    expect((await resentEvents(id))[0]).toMatchObject({
      actorEmail: staffEmail,
      actorIsStaff: true,
    });
    const [, second] = await invitationsTo(email);
    expect(second!.text).toContain(`so you can use ${memberRoleAllows.owner}.`);

    // A billing member is not an owner; another company's member is not found.
    const billing = await signInAs(t, "books@harbourcafe.example");
    expect((await call(billing, "POST", `/api/team/members/${id}/invitation`)).statusCode).toBe(
      403,
    );
    const outsider = await signInAs(t, "owner@elsewhere.example");
    expect((await call(outsider, "POST", `/api/team/members/${id}/invitation`)).statusCode).toBe(
      404,
    );
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await call(staff, "POST", `/api/admin/clients/${unknown}/members/${id}/invitation`))
        .statusCode,
    ).toBe(404);
    expect(await invitationsTo(email)).toHaveLength(2);
    expect(await resentEvents(id)).toHaveLength(1);
  });
});
