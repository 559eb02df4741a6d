import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";
import { emailedLink as invitationLink } from "./support/outbox";

/*
 * A client company's team, as its owner (the demo client) runs it, and as a member sees the
 * portal. Tests run in parallel on one server: each invites addresses of its own.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openTeamTab(page: Page) {
  await page.goto("/dashboard?tab=team");
  await expect(page.getByRole("heading", { name: "Team", level: 2 })).toBeVisible();
}

test("the owner invites a member with a role, then changes the role", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  await signIn("client");
  await openTeamTab(page);
  const members = page.getByRole("table", { name: "Members" });
  await expect(members).toContainText("Jordan Rivera");
  await expect(members).toContainText("(you)");

  await page.getByRole("button", { name: "Invite member" }).click();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();

  const email = `baker.${unique()}@riverabakery.example`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First name (optional)").fill("Sam");
  await page.getByLabel("Last name (optional)").fill("Baker");
  await page.getByRole("combobox", { name: "Role", exact: true }).click();
  await page.getByRole("option", { name: "Billing" }).click();
  await expect(
    page.getByText(
      "Can use the websites, domains, projects and support tickets, billing (invoices, monthly plans and payment methods) and answering proposals, but not the team.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to" })).toContainText(
    email,
  );

  const row = members.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Sam Baker");
  const role = row.getByRole("combobox", { name: "Role of Sam Baker" });
  await expect(role).toHaveText("Billing");
  await role.click();
  await page.getByRole("option", { name: "Member", exact: true }).click();
  await expect(page.getByText("Sam Baker is now member.")).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByRole("table", { name: "Members" })
      .getByRole("row")
      .filter({ hasText: email })
      .getByRole("combobox", { name: "Role of Sam Baker" }),
  ).toHaveText("Member");

  // The invitee signs in with the emailed link.
  const link = await invitationLink(email);
  expect(new URL(link).pathname).toBe("/api/login/email");
});

test("an invited member shows as not signed in yet, with a resend button, until they sign in", async ({
  page,
  signIn,
  browser,
}) => {
  test.setTimeout(60_000);
  await signIn("client");
  const email = `office.${unique()}@riverabakery.example`;
  const invited = await page.request.post("/api/team/members", {
    data: { email, firstName: "Robin", lastName: "Office", role: "member" },
  });
  expect(invited.status()).toBe(201);
  const first = await invitationLink(email);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await openTeamTab(page);
    const row = page.getByRole("table", { name: "Members" }).getByRole("row").filter({
      hasText: email,
    });
    await expect(row.getByText("Invited, not yet signed in")).toBeVisible();
    // The owner has signed in: no badge there.
    await expect(
      page
        .getByRole("table", { name: "Members" })
        .getByRole("row")
        .filter({ hasText: "(you)" })
        .getByText("Invited, not yet signed in"),
    ).toHaveCount(0);
    expect(await wcagViolations(page), `team tab at ${width} px`).toEqual([]);
  }

  const row = page.getByRole("table", { name: "Members" }).getByRole("row").filter({
    hasText: email,
  });
  await row.getByRole("button", { name: "Resend the invitation to Robin Office" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent again" })).toContainText(
    email,
  );
  // A new link, in a new email.
  await expect.poll(() => invitationLink(email)).not.toBe(first);
  const second = await invitationLink(email);

  // Past the sign-in link limit (3 per address per 15 minutes), the owner is told why.
  await row.getByRole("button", { name: "Resend the invitation to Robin Office" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent again" })).toBeVisible();
  await row.getByRole("button", { name: "Resend the invitation to Robin Office" }).click();
  await expect(page.getByText("sign-in links in the last 15 minutes").first()).toBeVisible();

  const context = await browser.newContext();
  try {
    const invitee = await context.newPage();
    await invitee.goto(second);
    await expect(invitee).toHaveURL(/\/dashboard$/);
  } finally {
    await context.close();
  }
  await page.reload();
  const signedIn = page
    .getByRole("table", { name: "Members" })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(signedIn).toContainText("Robin Office");
  await expect(signedIn.getByText("Invited, not yet signed in")).toHaveCount(0);
  await expect(signedIn.getByRole("button", { name: /Resend/ })).toHaveCount(0);
});

test("a member does not see the Billing or Team tab, and an old Billing link shows websites", async ({
  page,
  signIn,
  browser,
}) => {
  test.setTimeout(60_000);
  await signIn("client");
  const email = `counter.${unique()}@riverabakery.example`;
  const invited = await page.request.post("/api/team/members", {
    data: { email, firstName: "Casey", role: "member" },
  });
  expect(invited.status()).toBe(201);
  const link = await invitationLink(email);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const member = await context.newPage();
    await member.goto(link);
    await expect(member).toHaveURL(/\/dashboard$/);
    const tabs = member.getByRole("tablist", { name: "Dashboard sections" });
    await expect(tabs.getByRole("tab", { name: "My Websites" })).toBeVisible();
    await expect(tabs.getByRole("tab", { name: "Support" })).toBeVisible();
    // Every member follows the company's projects.
    await expect(tabs.getByRole("tab", { name: "Projects" })).toBeVisible();
    // And reads the monthly care reports.
    await expect(tabs.getByRole("tab", { name: "Reports" })).toBeVisible();
    await expect(tabs.getByRole("tab")).toHaveCount(5);
    await expect(tabs.getByRole("tab", { name: "Billing" })).toHaveCount(0);
    await expect(tabs.getByRole("tab", { name: "Team" })).toHaveCount(0);
    // The company's websites, as every member sees them.
    await expect(member.getByText("riverabakery.example").first()).toBeVisible();

    await member.goto("/dashboard?tab=billing");
    await expect(tabs.getByRole("tab", { name: "My Websites" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect((await member.request.get("/api/billing")).status()).toBe(404);
  } finally {
    await context.close();
  }

  // The owner still sees both tabs.
  await page.goto("/dashboard");
  const ownerTabs = page.getByRole("tablist", { name: "Dashboard sections" });
  await expect(ownerTabs.getByRole("tab", { name: "Billing" })).toBeVisible();
  await expect(ownerTabs.getByRole("tab", { name: "Team" })).toBeVisible();
});
