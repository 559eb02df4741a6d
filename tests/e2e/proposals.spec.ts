import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";
import { proposalTerms } from "../../src/content/terms";
import { pdfText } from "../support/pdf";

/*
 * From a lead to an accepted proposal: staff convert a lead, write and send a proposal, the
 * client reads it in the portal and accepts or declines. Each test applies as a new lead of its
 * own, so the journeys run in parallel with the others without touching the demo data.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A new lead from the application form, as a visitor sends it. */
async function applyAsLead(request: APIRequestContext) {
  const id = unique();
  const person = {
    name: `Casey Morgan ${id}`,
    email: `casey.${id}@driftwood.example`,
    company: `Driftwood Cafe ${id}`,
  };
  const applied = await request.post("/api/apply", {
    data: {
      ...person,
      phone: "253-555-0142",
      projectType: "website",
      budget: "5k-15k",
      timeline: "1-3months",
      description: "A new website for our cafe with the menu, opening hours and online orders.",
    },
  });
  expect(applied.status()).toBe(201);
  const lead = (await applied.json()) as { id: string };
  return { ...person, leadId: lead.id };
}

/**
 * The newest one-time sign-in link emailed to `email` whose email mentions `mention`, from the
 * .eml files the server writes to DATA_DIR/outbox/ (quoted-printable undone).
 */
async function emailedLink(email: string, mention: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect(async () => {
    for (const file of readdirSync(folder).sort().reverse()) {
      const text = readFileSync(path.join(folder, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!text.includes(`To: ${email}`) || !text.includes(mention)) continue;
      link = text.match(/https?:\/\/[^\s"<>]+\/api\/login\/email\?token=[\w-]+/)?.[0];
      if (link) return;
    }
    throw new Error(`no email to ${email} mentioning ${mention} yet`);
  }).toPass({ timeout: 15_000 });
  return link!;
}

/** A browser of the client's own, signed in with the link the proposal's email carried. */
async function clientPage(browser: Browser, baseURL: string, email: string, title: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const link = await emailedLink(email, title);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

async function expectNoViolations(page: Page, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page), `axe at ${width} px`).toEqual([]);
  }
}

test("staff convert a lead, write a proposal and send it; the client accepts it", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn("admin");
  const lead = await applyAsLead(page.request);

  // Convert to client: the lead's own fields, nothing retyped; the invitation ticked.
  await page.goto(`/admin/leads/application/${lead.leadId}`);
  await page.getByRole("button", { name: "Convert to client" }).click();
  const dialog = page.getByRole("dialog", { name: "Convert to client" });
  await expect(dialog.getByLabel("Create a new client from this lead")).toBeChecked();
  await expect(dialog).toContainText(lead.name);
  await expect(dialog).toContainText(lead.email);
  await expect(dialog).toContainText("253-555-0142");
  await expect(dialog).toContainText(lead.company);
  await expect(dialog.getByLabel("Email them an invitation to the portal")).toBeChecked();
  await dialog.getByRole("button", { name: "Convert to client" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: `Client: ${lead.company}` })).toBeVisible();

  // A proposal with a catalogue line and a free line; the plan adds up as they type.
  await page
    .getByRole("region", { name: /Proposals/ })
    .getByRole("link", { name: "New proposal" })
    .click();
  await expect(page).toHaveURL(/\/admin\/proposals\/new\?leadId=/);
  const title = `A new website for ${lead.company}`;
  await page.getByLabel("Title").fill(title);
  await page
    .getByLabel("Scope")
    .fill("## What we build\n\n- Five pages\n- Online orders for **pickup**");
  await page.getByRole("combobox", { name: "Add from catalogue" }).click();
  // By keyboard: on a busy machine Radix can take a click that lands as the list opens for the
  // click that opened it, and leave the list open.
  await page
    .getByRole("option", { name: /Website Design & Build: Small Business Site/ })
    .press("Enter");
  await expect(page.getByRole("listbox")).toBeHidden();
  await page.getByRole("button", { name: "Add a free line" }).click();
  const lines = page.getByRole("list", { name: "Lines" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByLabel("Description")).toHaveValue(
    "Website Design & Build: Small Business Site",
  );
  await expect(lines.nth(0).getByLabel("Unit price ($)")).toHaveValue("2000");
  await lines.nth(1).getByLabel("Description").fill("Logo refresh");
  await lines.nth(1).getByLabel("Unit price ($)").fill("333.33");
  const totals = page.getByRole("definition").filter({ hasText: "$" });
  await expect(page.getByLabel("Totals")).toContainText("$2,333.33");
  await expect(totals.filter({ hasText: "$1,166.67" })).toHaveCount(1);
  await expect(totals.filter({ hasText: "$583.33" })).toHaveCount(2);

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/proposals\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Preview of the scope as last saved")).toBeVisible();
  await expectNoViolations(page, [1280, 375]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Send, after confirming: the version is frozen.
  await page.getByRole("button", { name: "Send to client" }).click();
  const confirm = page.getByRole("dialog", { name: "Send this proposal?" });
  await confirm.getByRole("button", { name: "Send to client" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Make a new version" })).toBeVisible();
  const proposalId = page.url().split("/").pop()!;

  // The client, signed in by the emailed link, reads it on the Projects tab and accepts it.
  const client = await clientPage(browser, baseURL!, lead.email, title);
  await client.goto(`/dashboard?tab=projects&proposal=${proposalId}`);
  await expect(client.getByRole("heading", { name: title })).toBeVisible();
  await expect(client.getByLabel("Totals")).toContainText("$1,166.67");
  await expect(client.getByText("Online orders for")).toBeVisible();

  // The agency's terms, read before the accept button.
  const terms = client.getByRole("region", { name: "Terms" });
  for (const section of proposalTerms) {
    await expect(terms.getByRole("heading", { name: section.heading })).toBeVisible();
    await expect(terms).toContainText(section.paragraphs[0]!);
  }
  const termsBox = (await terms.boundingBox())!;
  const acceptBox = (await client.getByRole("button", { name: "Accept proposal" }).boundingBox())!;
  expect(termsBox.y + termsBox.height).toBeLessThanOrEqual(acceptBox.y);
  // The PDF, terms included, before deciding.
  const download = client.getByRole("link", { name: "Download PDF" });
  await expect(download).toHaveAttribute("href", `/api/proposals/${proposalId}/pdf`);
  const pdf = await client.request.get((await download.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  const pdfWords = (await pdfText(await pdf.body())).replace(/\s+/g, " ");
  expect(pdfWords).toContain(title);
  expect(pdfWords).toContain(proposalTerms[0]!.paragraphs[0]!);
  await expectNoViolations(client, [1280, 375]);

  await client.getByRole("button", { name: "Accept proposal" }).click();
  await expect(client.getByText("Type your full name to accept")).toBeVisible();
  await expect(client.getByText("Tick the box to agree to the terms")).toBeVisible();
  await client.getByLabel("Full name").fill(lead.name);
  await client
    .getByLabel("I agree to the terms of this proposal, including the payment plan")
    .check();
  await client.getByRole("button", { name: "Accept proposal" }).click();
  await expect(client.getByText(`Accepted by ${lead.name} on`)).toBeVisible();
  await expect(client.getByRole("link", { name: "View your project" })).toBeVisible();
  await expect(client.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    `/api/proposals/${proposalId}/pdf`,
  );
  await client.context().close();

  // Staff see the record of the acceptance.
  await page.reload();
  const answer = page.getByRole("region", { name: "The client's answer" });
  await expect(answer).toContainText("Accepted");
  await expect(answer).toContainText(lead.name);
  await expect(answer).toContainText(/[0-9a-f]{64}/);
  await expect(page.getByRole("button", { name: "Make a new version" })).toBeHidden();
});

test("the client declines a proposal, saying why", async ({ page, signIn, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const lead = await applyAsLead(page.request);
  const converted = await page.request.post(`/api/admin/leads/${lead.leadId}/convert`, {
    data: { invite: false },
  });
  expect(converted.status()).toBe(200);
  const title = `Hosting for ${lead.company}`;
  const created = await page.request.post("/api/admin/proposals", {
    data: {
      leadId: lead.leadId,
      title,
      scope: "Hosting and care for the cafe's website.",
      lines: [
        { description: "Premium Hosting", billing: "monthly", quantity: 1, unitPriceCents: 4000 },
      ],
      validUntil: "2099-12-31",
    },
  });
  expect(created.status()).toBe(201);
  const proposal = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/admin/proposals/${proposal.id}/send`)).status()).toBe(200);

  const client = await clientPage(browser, baseURL!, lead.email, title);
  await client.goto(`/dashboard?tab=projects&proposal=${proposal.id}`);
  await expect(client.getByRole("heading", { name: title })).toBeVisible();
  await client.getByRole("button", { name: "Decline" }).click();
  await client.getByRole("button", { name: "Decline proposal" }).click();
  await expect(client.getByText("Tell us in a few words why you are declining")).toBeVisible();
  await client.getByLabel("Why are you declining?").fill("We chose to stay with our current host.");
  await client.getByRole("button", { name: "Decline proposal" }).click();
  await expect(client.getByText(/Declined on/)).toBeVisible();
  await expect(client.getByText("We chose to stay with our current host.")).toBeVisible();
  await client.context().close();

  await page.goto(`/admin/proposals/${proposal.id}`);
  const answer = page.getByRole("region", { name: "The client's answer" });
  await expect(answer).toContainText("Declined");
  await expect(answer).toContainText("We chose to stay with our current host.");
});
