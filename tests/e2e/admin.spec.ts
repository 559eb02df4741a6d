import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * The back office journeys: staff work a lead, invite a client and run their account, answer a
 * ticket the client then reads; everyone else is told plainly that /admin is not for them.
 * Tests run in parallel on one server, so every test makes its own, unique data.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const demoTicketSubject = "Checkout page loads slowly on mobile";

/** A project application as a visitor sends it from the /apply form (POST /api/apply). */
async function applyAsVisitor(request: APIRequestContext, company: string) {
  const response = await request.post("/api/apply", {
    data: {
      name: "Rowan Ellis",
      email: `rowan.${unique()}@tidewater.example`,
      phone: "253-555-0199",
      company,
      projectType: "website",
      budget: "5k-15k",
      timeline: "1-3months",
      description:
        "A new website for our kayak rentals with online booking and a <b>tide</b> table.",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; reference: string };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function demoTicketId(request: APIRequestContext): Promise<string> {
  const { items: tickets } = (await (
    await request.get("/api/admin/tickets?pageSize=100")
  ).json()) as {
    items: { id: string; subject: string }[];
  };
  return tickets.find((ticket) => ticket.subject === demoTicketSubject)!.id;
}

test("signed out, /admin says so and offers to log in", async ({ page }) => {
  await page.goto("/admin");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Please log in to continue");
  await expect(main).toContainText("You are signed out.");
  await expect(main.getByRole("link", { name: "Log In" })).toHaveAttribute(
    "href",
    "/api/login?returnTo=%2Fadmin",
  );
});

test("a signed-in client is told the back office is for staff only", async ({ page, signIn }) => {
  await signIn("client");
  expect((await page.request.get("/api/admin/leads")).status()).toBe(403);
  await page.goto("/admin/clients");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(
    "This area is for agency staff only.",
  );
  await expect(main.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  // Nowhere on the page: neither the sections nor the bell are shown to a client.
  await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Notifications/ })).toHaveCount(0);
});

test("staff find an application, qualify it, note it and export it as CSV", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  const company = `Tidewater Kayaks ${unique()}`;
  const lead = await applyAsVisitor(page.request, company);

  await signIn("admin");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();

  await page.getByRole("searchbox", { name: "Search" }).fill(company);
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByRole("main").getByRole("row").filter({ hasText: company });
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("1 lead", { exact: true })).toBeVisible();
  await rows.getByRole("link", { name: "Rowan Ellis" }).click();

  await expect(page).toHaveURL(`/admin/leads/application/${lead.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Rowan Ellis" })).toBeVisible();
  await expect(page.getByText(lead.reference)).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: company })).toBeVisible();
  // What a visitor wrote is shown as text, never as markup.
  await expect(page.getByText("a <b>tide</b> table")).toBeVisible();

  await choose(page, "Lead status", "Qualified");
  await expect(page.getByText("Status changed to Qualified.")).toBeVisible();

  const note = `Called Rowan ${unique()}: wants a proposal by Friday.`;
  await page.getByLabel("Add a note").fill(note);
  await page.getByRole("button", { name: "Add note" }).click();
  const saved = page.getByRole("listitem").filter({ hasText: note });
  await expect(saved).toContainText("Avery Harbor");
  await expect(saved.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(saved.locator("time")).toContainText(String(new Date().getFullYear()));
  await expect(page.getByLabel("Add a note")).toHaveValue("");

  // The address opens the same view directly (as the link in the agency's email does).
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Rowan Ellis" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Lead status" })).toHaveText("Qualified");
  await expect(page.getByText(note)).toBeVisible();

  await page.getByRole("link", { name: "All leads" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(company);
  await expect(rows.getByText("Qualified")).toBeVisible();

  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", /^\/api\/admin\/leads\/export\.csv\?q=/);
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(lead.reference);
  expect(csv).toContain(company);
  expect(csv).toContain("qualified");
  expect(csv).toContain(note);
});

test("staff read in the audit log what they changed, filtered by who did it", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  const lead = await applyAsVisitor(page.request, `Audit Trail ${unique()}`);
  await signIn("admin");
  const changed = await page.request.patch(`/api/admin/leads/application/${lead.id}`, {
    // No other journey marks a lead lost, so this entry is this test's, however they interleave.
    data: { status: "lost" },
  });
  expect(changed.status()).toBe(200);

  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Audit" })
    .click();
  await expect(page).toHaveURL("/admin/audit");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const entry = page.getByRole("row").filter({ hasText: "Status: new → lost" }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Lead status changed");
  await expect(entry).toContainText("admin@example.com");

  await choose(page, "Who", "admin@example.com");
  await expect(page).toHaveURL(/actorId=/);
  await expect(
    page.getByRole("row").filter({ hasText: "Lead status changed" }).first(),
  ).toBeVisible();
  // Every row shown now is the chosen staff member's (once the filtered page has replaced the
  // one shown while it loads).
  const who = page
    .getByRole("main")
    .getByRole("row")
    .filter({ has: page.locator("td") });
  await expect
    .poll(async () => {
      const rows = await who.allTextContents();
      return rows.length > 0 && rows.every((text) => text.includes("admin@example.com"));
    })
    .toBe(true);
});

test("a client's page opens the audit log of that client only", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  await signIn("admin");
  // A client of its own: the portal journeys read the demo client's billing meanwhile.
  const invited = await page.request.post("/api/admin/clients", {
    data: { email: `audit.${unique()}@client.example`, companyName: `Audit Client ${unique()}` },
  });
  expect(invited.status()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const plan = `Audit Plan ${unique()}`;
  const saved = await page.request.post(`/api/admin/clients/${id}/plans`, {
    data: { name: plan, amountCents: 2499, billingDay: 1, startsOn: "2030-01-01" },
  });
  expect(saved.status()).toBe(201);
  await page.goto(`/admin/clients/${id}`);
  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page).toHaveURL(`/admin/audit?companyId=${id}`);
  await expect(page.getByText(/entries for this client|entry for this client/)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: plan }).first()).toBeVisible();
  // Sign-ins name no client: none is listed here.
  await expect(page.getByRole("row").filter({ hasText: "Signed in" })).toHaveCount(0);
  await page.getByRole("button", { name: "Show every client" }).click();
  await expect(page).toHaveURL("/admin/audit");
});

test("the inbox filters by kind and status", async ({ page, signIn }) => {
  test.setTimeout(60_000);
  const company = `Filter Test ${unique()}`;
  await applyAsVisitor(page.request, company);
  await signIn("admin");
  await page.goto(`/admin?q=${encodeURIComponent(company)}`);
  const rows = page.getByRole("main").getByRole("row").filter({ hasText: company });
  await expect(rows).toHaveCount(1);

  await page.getByRole("button", { name: "Messages", exact: true }).click();
  await expect(page).toHaveURL(/kind=contact/);
  await expect(page.getByText("No leads match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Applications", exact: true }).click();
  await expect(rows).toHaveCount(1);

  await choose(page, "Status", "Spam");
  await expect(page).toHaveURL(/status=spam/);
  await expect(page.getByText("No leads match these filters")).toBeVisible();
  await choose(page, "Status", "New");
  await expect(rows).toHaveCount(1);
});

test("staff invite a client, who then shows in the clients list and the email log", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  const email = `owner.${unique()}@newbakery.example`;
  await signIn("admin");
  // A search that only the new client will match, so parallel tests cannot change the count.
  await page.goto(`/admin/clients?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("No clients match this search")).toBeVisible();
  await expect(page.getByText("0 companies")).toBeVisible();

  await page.getByRole("button", { name: "Invite client" }).click();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("First name (optional)").fill("Sam");
  await page.getByLabel("Last name (optional)").fill("Baker");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent to" })).toHaveText(
    new RegExp(`Invitation sent to ${email.replace(/[.]/g, "\\.")}`),
  );

  // The list on screen shows the new client without a reload.
  await expect(page.getByText("1 company", { exact: true })).toBeVisible();
  const row = page.getByRole("main").getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: "Sam Baker" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sam Baker" })).toBeVisible();

  // Not signed in yet: the member list says so, and the invitation can be sent again.
  const member = page
    .getByRole("table", { name: "Members" })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(member.getByText("Invited, not yet signed in")).toBeVisible();
  await member.getByRole("button", { name: "Resend the invitation to Sam Baker" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation sent again" })).toContainText(
    email,
  );

  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Emails" })
    .click();
  const sent = page.getByRole("row").filter({ hasText: email });
  await expect(sent).toHaveCount(2);
  await expect(sent.first()).toContainText("Your Harborline client portal is ready");
  await expect(sent.first()).toContainText("Client invitation");
  await expect(sent.first()).toContainText(/Pending|Sent|Failed/);

  // Outside production the email's text shows, and its link can be followed.
  await sent
    .first()
    .getByRole("button", { name: "Show the text of “Your Harborline client portal is ready”" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Your Harborline client portal is ready" });
  await expect(dialog).toContainText("Hi Sam Baker,");
  await expect(dialog).toContainText("Your role is Owner, so you can use everything");
  expect(await wcagViolations(page), "email text dialog").toEqual([]);
  const link = await dialog
    .getByRole("link", { name: /\/api\/login\/email\?token=/ })
    .getAttribute("href");
  const context = await page.context().browser()!.newContext();
  try {
    const invitee = await context.newPage();
    await invitee.goto(link!);
    await expect(invitee).toHaveURL(/\/dashboard$/);
  } finally {
    await context.close();
  }
});

test("staff edit a client's websites and domains, and see its billing", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signIn("admin");
  const email = `shop.${unique()}@harbor.example`;
  const invited = await page.request.post("/api/admin/clients", {
    data: { email, firstName: "Lee", lastName: "Chen" },
  });
  const { id } = (await invited.json()) as { id: string };
  const domain = `lee-${unique()}.example`;

  await page.goto(`/admin/clients/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Lee Chen" })).toBeVisible();
  const websites = page.getByRole("region", { name: /Websites/ });
  await expect(websites).toContainText("No websites yet.");

  await websites.getByRole("button", { name: "Add website" }).click();
  await websites.getByLabel("Domain", { exact: true }).fill("not a domain");
  await websites.getByRole("button", { name: "Add website" }).last().click();
  await expect(websites).toContainText("Enter a domain such as example.com");
  await expect(websites).toContainText("Plan must be at least 2 characters");
  await websites.getByLabel("Domain", { exact: true }).fill(domain.toUpperCase());
  await websites.getByLabel("Plan").fill("Premium Hosting");
  await choose(page, "Status", "Building");
  await websites.getByLabel("Check address (optional)").fill("ftp://nope");
  await websites.getByRole("button", { name: "Add website" }).last().click();
  await expect(websites).toContainText("Check address must be an http:// or https:// address");
  await websites.getByLabel("Check address (optional)").fill(`https://${domain}/status`);
  await websites.getByRole("button", { name: "Add website" }).last().click();
  await expect(websites.getByRole("heading", { name: domain })).toBeVisible();
  await expect(websites).toContainText("Building");
  // Measured, never typed: a site that is not live has no uptime, and no visitors yet.
  await expect(websites).toContainText("Not live yet");

  await websites.getByRole("button", { name: `Edit ${domain}` }).click();
  await expect(websites.getByLabel("Check address (optional)")).toHaveValue(
    `https://${domain}/status`,
  );
  await websites.getByLabel("Check address (optional)").fill("");
  // A page that answers 200 with "Database error" is down: the keyword it must not contain.
  await websites.getByLabel("Keyword on the page (optional)").fill("  Database error ");
  await choose(page, "Keyword rule", "Page must not contain it");
  await websites.getByRole("button", { name: "Save website" }).click();
  await expect(websites).toContainText(
    `Uptime checkhttps://${domain}/ · must not contain "Database error"`,
  );
  await websites.getByRole("button", { name: `Edit ${domain}` }).click();
  await expect(websites.getByLabel("Check address (optional)")).toHaveValue("");
  await expect(websites.getByLabel("Keyword on the page (optional)")).toHaveValue("Database error");
  // Clearing the keyword turns the keyword check off.
  await websites.getByLabel("Keyword on the page (optional)").fill("");
  await websites.getByRole("button", { name: "Save website" }).click();
  await expect(websites).toContainText(`Uptime checkhttps://${domain}/Site key`);

  const domains = page.getByRole("region", { name: /Domains/ });
  await domains.getByRole("button", { name: "Add domain" }).click();
  await domains.getByLabel("Domain", { exact: true }).fill(domain);
  await domains.getByLabel("Expiry date").fill("2031-03-15");
  await domains.getByLabel("Renew automatically").uncheck();
  await domains.getByRole("button", { name: "Add domain" }).last().click();
  await expect(domains).toContainText("Auto-renew off");
  // .example has no RDAP server: the date staff typed is the one shown, and said to be.
  await expect(domains).toContainText("Expires Mar 15, 2031 · entered by staff");

  // Billing is the client's plans and invoices (billing.spec.ts); a new client has none.
  const billing = page.getByRole("region", { name: "Plans and billing" });
  await expect(billing).toContainText("No monthly plan.");
  await expect(billing).toContainText("None on file");
  await expect(billing).toContainText("No invoices yet.");

  await websites.getByRole("button", { name: `Delete ${domain}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Delete ${domain}?`);
  await dialog.getByRole("button", { name: "Delete website" }).click();
  await expect(websites).toContainText("No websites yet.");
});

test("staff answer a ticket and the client reads the reply in the portal", async ({
  page,
  signIn,
  apiSignedInAs,
}) => {
  test.setTimeout(60_000);
  await signIn("admin");
  await page.goto("/admin/tickets");
  await choose(page, "Priority", "High");
  await expect(page).toHaveURL(/priority=high/);
  await page.getByRole("link", { name: demoTicketSubject }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: demoTicketSubject })).toBeVisible();
  const ticketId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText("Customers tell us the checkout page")).toBeVisible();

  const reply = `We compressed the product images (${unique()}); it now loads in under 2 seconds.`;
  await page.getByLabel("Reply to the client").fill(reply);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent.")).toBeVisible();
  const message = page.getByRole("listitem").filter({ hasText: reply });
  await expect(message).toContainText("Staff");
  await expect(message).toContainText("Avery Harbor");

  // The answer leaves the ticket waiting for the client; staff can still set the status.
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveText("Waiting");
  await choose(page, "Status", "Open");
  await expect(page.getByText("Status changed to Open.")).toBeVisible();
  await choose(page, "Status", "Waiting");
  await expect(page.getByText("Status changed to Waiting.")).toBeVisible();

  // A link from an email opens the ticket directly.
  await page.goto(`/admin/tickets/${ticketId}`);
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveText("Waiting");
  await expect(page.getByText(reply)).toBeVisible();

  const client = await apiSignedInAs("client");
  const seen = await client.get(`/api/tickets/${ticketId}`);
  expect(seen.status()).toBe(200);
  const ticket = (await seen.json()) as {
    messages: { body: string; fromStaff: boolean; authorName: string }[];
  };
  expect(ticket.messages).toContainEqual(expect.objectContaining({ body: reply, fromStaff: true }));
});

for (const width of [375, 1280]) {
  test(`every back-office view passes axe and fits ${width} px`, async ({ page, signIn }) => {
    test.setTimeout(90_000);
    const lead = await applyAsVisitor(page.request, `Axe Check ${unique()}`);
    await signIn("admin");
    const [demo] = (await (
      await page.request.get("/api/admin/clients?q=demo%40example.com")
    ).json()) as {
      id: string;
    }[];
    const views = [
      "/admin",
      `/admin/leads/application/${lead.id}`,
      "/admin/clients",
      `/admin/clients/${demo!.id}`,
      `/admin/clients/${demo!.id}/reports`,
      "/admin/tickets",
      `/admin/tickets/${await demoTicketId(page.request)}`,
      "/admin/emails",
      "/admin/audit",
    ];
    await page.setViewportSize({ width, height: 900 });
    for (const view of views) {
      await page.goto(view);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      expect(await wcagViolations(page), view).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${view} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

test("a lead, client or ticket that does not exist says so, with the way back and no retry", async ({
  page,
  signIn,
}) => {
  await signIn("admin");
  const missing = "00000000-0000-4000-8000-000000000000";
  for (const [view, title, message, back] of [
    [
      `/admin/leads/contact/${missing}`,
      "Lead",
      "This lead does not exist. It may have been removed, or the link is incomplete.",
      "All leads",
    ],
    [
      `/admin/clients/${missing}`,
      "Client",
      "This client does not exist. The company may have been removed.",
      "All clients",
    ],
    [
      `/admin/tickets/${missing}`,
      "Ticket",
      "This ticket does not exist, or the link is incomplete.",
      "All tickets",
    ],
  ] as const) {
    await page.goto(view);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: back })).toBeVisible();
  }
});
