import type { Browser, Page } from "@playwright/test";
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from "../support/smtp-sink";
import { OWN_SERVER_START_MS, startOwnServer, type OwnServer } from "./support/own-server";
import { expect, test } from "./support/fixtures";
import { combobox, formReady, humanPause, textbox } from "./support/forms";

/*
 * The whole path from a visitor's application to a paid-for project, in the browser, on a server
 * of its own that sends its mail to a real SMTP sink: apply, staff convert the lead and write a
 * proposal with catalogue lines and the payment plan, the client accepts it through the emailed
 * link, the project opens with three milestones, staff post an update and ask for an approval,
 * and the client approves. Each step's email is read from the sink.
 */

const agencyInbox = "studio@harborline.example";
const applicant = {
  name: "Morgan Blake",
  email: "morgan@tidewatercafe.example",
  phone: "(253) 555-0142",
  company: "Tidewater Cafe",
};

let sink: SmtpSink;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(OWN_SERVER_START_MS);
  sink = await startSmtpSink();
  // The links in the emails must reach this server: its PUBLIC_URL is its own.
  server = await startOwnServer("path", { mail: sink, env: { AGENCY_INBOX: agencyInbox } });
});

test.afterAll(async () => {
  await server?.close();
  await sink?.stop();
});

/** The first email to `to` whose subject matches; on failure, says what did arrive. */
async function mailTo(to: string, subject: RegExp): Promise<ReceivedEmail> {
  try {
    return await sink.waitForMail(
      (mail) => mail.to.includes(to) && subject.test(mail.subject),
      0,
      20_000,
    );
  } catch {
    const arrived = sink.received.map((mail) => `${mail.to.join(", ")}: ${mail.subject}`);
    throw new Error(`no email to ${to} matching ${subject}; arrived:\n${arrived.join("\n")}`);
  }
}

/** The link in an email that starts with `prefix`. */
function linkIn(mail: ReceivedEmail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.?]/g, "\\$&")}[^\\s"<>\\]]+`));
  if (!match) throw new Error(`no ${prefix} link in "${mail.subject}":\n${mail.text}`);
  return match[0].replace(/&amp;/g, "&");
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url });
  return context.newPage();
}

test("a visitor's application becomes a client, a proposal they accept, and a project they follow", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `A new website for ${applicant.company}`;

  // 1. The visitor applies on the public form; both sides are emailed.
  const visitor = await newPage(browser);
  await visitor.goto("/apply");
  const readyAt = await formReady(visitor);
  await textbox(visitor, "Full Name").fill(applicant.name);
  await textbox(visitor, "Email Address").fill(applicant.email);
  await textbox(visitor, "Phone Number").fill(applicant.phone);
  await textbox(visitor, "Company Name").fill(applicant.company);
  await combobox(visitor, "Project Type").click();
  await visitor.getByRole("option", { name: "Website Design & Build" }).click();
  await combobox(visitor, "Estimated Budget").click();
  await visitor.getByRole("option", { name: "$5,000 - $15,000" }).click();
  await combobox(visitor, "Desired Timeline").click();
  await visitor.getByRole("option", { name: "1-3 months" }).click();
  await textbox(visitor, "Project Description").fill(
    "A website for our harbour-front cafe: the menu, opening hours and catering orders.",
  );
  await humanPause(visitor, readyAt);
  await visitor.getByRole("button", { name: "Submit Application" }).click();
  await expect(visitor.getByText("Application Received!")).toBeVisible();
  const received = await mailTo(applicant.email, /^We received your project application \(HL-/);
  const reference = received.subject.match(/HL-[0-9A-Z]{5}/)![0];
  await mailTo(
    agencyInbox,
    new RegExp(`^New project application ${reference} from ${applicant.name}`),
  );
  await visitor.context().close();

  // 2. Staff convert the lead: nothing retyped, and the client is invited.
  const staff = await newPage(browser);
  expect((await staff.request.post("/api/login/demo", { data: { as: "admin" } })).status()).toBe(
    200,
  );
  await staff.goto(`/admin?q=${encodeURIComponent(applicant.company)}`);
  await staff
    .getByRole("link", { name: new RegExp(applicant.name) })
    .first()
    .click();
  await staff.getByRole("button", { name: "Convert to client" }).click();
  const dialog = staff.getByRole("dialog", { name: "Convert to client" });
  await expect(dialog).toContainText(applicant.phone);
  await dialog.getByRole("button", { name: "Convert to client" }).click();
  await expect(staff.getByRole("link", { name: `Client: ${applicant.company}` })).toBeVisible();
  await mailTo(applicant.email, /client portal is ready/);

  // 3. A proposal from the catalogue: the build (one-off, on the 50/25/25 plan) and hosting.
  await staff
    .getByRole("region", { name: /Proposals/ })
    .getByRole("link", { name: "New proposal" })
    .click();
  await staff.getByLabel("Title").fill(title);
  await staff
    .getByLabel("Scope")
    .fill("## What we build\n\n- Five pages\n- Catering orders online");
  await staff.getByRole("combobox", { name: "Add from catalogue" }).click();
  await staff.getByRole("option", { name: /Website Design & Build: Small Business Site/ }).click();
  await staff.getByRole("combobox", { name: "Add from catalogue" }).click();
  await staff.getByRole("option", { name: /Hosting.*Starter Hosting/ }).click();
  const lines = staff.getByRole("list", { name: "Lines" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await lines.nth(0).getByLabel("Unit price ($)").fill("4,800");
  const totals = staff.getByLabel("Totals");
  await expect(totals).toContainText("$4,800.00");
  await expect(totals).toContainText("$2,400.00");
  await expect(totals).toContainText("$1,200.00");
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await staff.getByRole("button", { name: "Send to client" }).click();
  await staff
    .getByRole("dialog", { name: "Send this proposal?" })
    .getByRole("button", { name: "Send to client" })
    .click();
  await expect(staff.getByRole("button", { name: "Make a new version" })).toBeVisible();
  const proposalMail = await mailTo(
    applicant.email,
    new RegExp(`^Your proposal from Harborline: ${title}`),
  );

  // 4. The client follows the emailed link (it signs them in once) and accepts.
  const client = await newPage(browser);
  await client.goto(linkIn(proposalMail, `${server.url}/api/login/email?token=`));
  await expect(client).toHaveURL(/\/dashboard\?tab=projects&proposal=/);
  await expect(client.getByRole("heading", { name: title })).toBeVisible();
  await expect(client.getByLabel("Totals")).toContainText("$2,400.00");
  await client.getByLabel("Full name").fill(applicant.name);
  await client
    .getByLabel("I agree to the terms of this proposal, including the payment plan")
    .check();
  await client.getByRole("button", { name: "Accept proposal" }).click();
  await expect(client.getByText(`Accepted by ${applicant.name} on`)).toBeVisible();
  const accepted = await mailTo(agencyInbox, new RegExp(`^Proposal accepted: ${title}`));
  expect(accepted.text).toContain(`signing as ${applicant.name}`);

  // 5. The project is open, with the agency's three milestones, first on the dashboard.
  await client.goto("/dashboard");
  await expect(client.getByText("Your project")).toBeVisible();
  await client.goto("/dashboard?tab=projects");
  const timeline = client.getByRole("list", { name: `Milestones of ${title}` });
  await expect(timeline.getByRole("listitem")).toHaveCount(3);
  for (const step of ["Discovery Call", "Design & Development", "Launch & Optimize"]) {
    await expect(timeline).toContainText(step);
  }

  // 6. Staff post an update and ask for the client's approval of the discovery call.
  await staff.getByRole("link", { name: applicant.company }).first().click();
  const project = staff
    .getByRole("region", { name: /^Projects/ })
    .getByRole("article", { name: title });
  const updateForm = project.getByRole("form", { name: `Post an update on ${title}` });
  await updateForm
    .getByLabel("Update")
    .fill("The sitemap is ready: five pages and the catering form.");
  await updateForm.getByRole("button", { name: "Post update" }).click();
  await expect(project.getByText("The sitemap is ready")).toBeVisible();
  const updateMail = await mailTo(applicant.email, new RegExp(`^Project update: ${title}`));
  expect(updateMail.text).toContain("The sitemap is ready");
  await project.getByRole("button", { name: "Ask for approval of Discovery Call" }).click();
  await expect(project).toContainText("Waiting on client");
  await mailTo(applicant.email, /^Your approval is needed: Discovery Call/);

  // 7. The client approves; staff are told.
  await client.reload();
  const asked = client
    .getByRole("list", { name: `Milestones of ${title}` })
    .getByRole("listitem")
    .filter({ hasText: "Discovery Call" });
  await expect(asked).toContainText("Your approval is needed");
  await expect(
    client
      .getByRole("article", { name: title })
      .getByRole("region", { name: "Updates" })
      .getByText("The sitemap is ready"),
  ).toBeVisible();
  await asked.getByRole("button", { name: "Approve Discovery Call" }).click();
  await expect(asked).toContainText(`Approved by ${applicant.email} on`);
  await mailTo(agencyInbox, new RegExp(`^${applicant.company} approved Discovery Call`));
});
