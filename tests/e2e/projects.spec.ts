import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { wcagViolations } from "./support/axe";

/*
 * Projects in the portal and the back office, on the demo client's seeded project (Rivera
 * Bakery: Discovery Call done, Design & Development in progress). Other journeys read the same
 * project in parallel, so a test that changes it adds a milestone of its own and asserts on that.
 */

const demoProject = "Rivera Bakery website redesign";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function demoCompanyId(request: APIRequestContext): Promise<string> {
  const response = await request.get("/api/admin/clients?q=Rivera%20Bakery");
  expect(response.status()).toBe(200);
  const clients = (await response.json()) as { id: string; name: string }[];
  const client = clients.find((c) => c.name === "Rivera Bakery");
  expect(client, "the demo client company").toBeDefined();
  return client!.id;
}

/** The timeline entry (or staff row) of a milestone, by its name. */
const milestoneItem = (page: Page, scope: Locator, name: string | RegExp) =>
  scope.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });

test("the demo client sees their project first on the dashboard, then its three milestones", async ({
  page,
  signIn,
}) => {
  await signIn("client");
  await page.goto("/dashboard");

  const card = page.getByRole("region", { name: demoProject });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Your project");
  // The step under way, as it stands: never "Now: … Upcoming".
  await expect(card).toContainText(/Now: Design & Development\s*In progress/);
  await expect(card.getByRole("progressbar", { name: "Project progress" })).toBeVisible();
  // Above the tabs: the first thing under the stat cards.
  const cardBox = await card.boundingBox();
  const tabsBox = await page.getByRole("tablist", { name: "Dashboard sections" }).boundingBox();
  expect(cardBox!.y).toBeLessThan(tabsBox!.y);
  // My Websites stays the default tab.
  await expect(page.getByRole("tab", { name: "My Websites" })).toHaveAttribute(
    "aria-selected",
    "true",
  );

  await card.getByRole("button", { name: "View project" }).click();
  await expect(page).toHaveURL("/dashboard?tab=projects");
  await expect(page.getByRole("tab", { name: "Projects" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const timeline = page.getByRole("list", { name: `Milestones of ${demoProject}` });
  await expect(timeline).toBeVisible();
  const discovery = milestoneItem(page, timeline, "Discovery Call");
  await expect(discovery).toContainText("Done");
  await expect(milestoneItem(page, timeline, "Design & Development")).toBeVisible();
  await expect(milestoneItem(page, timeline, "Launch & Optimize")).toBeVisible();
  // The first three, in the seed's order (another test may add its own after them).
  const names = await timeline.getByRole("heading").allTextContents();
  expect(names.slice(0, 3)).toEqual([
    "Discovery Call",
    "Design & Development",
    "Launch & Optimize",
  ]);

  await expect(page.getByRole("link", { name: /Open preview/ }).first()).toHaveAttribute(
    "rel",
    /noopener/,
  );
});

test("staff post an update and ask for approval; the client sees both and approves", async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signIn("admin");
  const companyId = await demoCompanyId(page.request);
  const milestone = `Design sign-off ${unique()}`;
  const updateText = `Homepage draft ready ${unique()}`;
  const previewUrl = `https://preview.riverabakery.example/${unique()}`;

  await page.goto(`/admin/clients/${companyId}`);
  const panel = page.getByRole("region", { name: /^Projects/ });
  const project = panel.getByRole("article", { name: demoProject });
  await expect(project).toBeVisible();

  // A milestone of this test's own, so parallel journeys never answer each other's requests.
  await project.getByRole("button", { name: "Add milestone" }).click();
  const addForm = project.getByRole("form", { name: "Add a milestone" });
  await addForm.getByRole("button", { name: "Add milestone" }).click();
  await expect(addForm.getByText("Name must be at least 2 characters")).toBeVisible();
  await addForm.getByLabel("Name").fill(milestone);
  await addForm.getByLabel("Notes").fill("The homepage and menu pages, as in the preview.");
  await addForm.getByRole("button", { name: "Add milestone" }).click();
  await expect(addForm).toHaveCount(0);
  const staffMilestones = project.getByRole("list", { name: `Milestones of ${demoProject}` });
  // Numbered as people count steps: from 1.
  const numbered = await staffMilestones.getByRole("heading").allTextContents();
  expect(numbered.slice(0, 3)).toEqual([
    "1. Discovery Call",
    "2. Design & Development",
    "3. Launch & Optimize",
  ]);
  const row = milestoneItem(page, staffMilestones, new RegExp(milestone));
  await expect(row).toContainText("Upcoming");

  await row.getByRole("button", { name: `Ask for approval of ${milestone}` }).click();
  await expect(row).toContainText("Waiting on client");
  await expect(row).toContainText("waiting for the client");

  const updateForm = project.getByRole("form", { name: `Post an update on ${demoProject}` });
  await updateForm.getByLabel("Preview link (optional)").fill("not a link");
  await updateForm.getByLabel("Update").fill(updateText);
  await updateForm.getByRole("button", { name: "Post update" }).click();
  await expect(updateForm.getByText("Use an http or https address")).toBeVisible();
  await updateForm.getByLabel("Preview link (optional)").fill(previewUrl);
  await updateForm.getByRole("button", { name: "Post update" }).click();
  await expect(project.getByText(updateText)).toBeVisible();
  await expect(updateForm.getByLabel("Update")).toHaveValue("");

  // The client, in a browser of their own.
  const clientContext = await browser.newContext({ baseURL });
  try {
    const signedIn = await clientContext.request.post("/api/login/demo", {
      data: { as: "client" },
    });
    expect(signedIn.status()).toBe(200);
    const client = await clientContext.newPage();
    await client.goto("/dashboard?tab=projects");
    const update = client
      .getByRole("article", { name: demoProject })
      .getByRole("region", { name: "Updates" })
      .getByRole("listitem")
      .filter({ hasText: updateText });
    await expect(update).toBeVisible();
    const preview = update.getByRole("link", { name: /Open preview/ });
    await expect(preview).toHaveAttribute("href", previewUrl);
    await expect(preview).toHaveAttribute("rel", /noopener/);

    const timeline = client.getByRole("list", { name: `Milestones of ${demoProject}` });
    const asked = milestoneItem(client, timeline, milestone);
    await expect(asked).toContainText("Waiting on you");
    await expect(asked).toContainText("Your approval is needed");

    // Request changes asks for a comment first.
    await asked.getByRole("button", { name: "Request changes" }).click();
    await asked.getByRole("button", { name: "Send change request" }).click();
    await expect(asked.getByText("Say what you would like changed")).toBeVisible();
    await expect(asked.getByLabel("What would you like changed?")).toBeFocused();
    await asked.getByRole("button", { name: "Cancel" }).click();

    await asked.getByRole("button", { name: `Approve ${milestone}` }).click();
    await expect(asked).toContainText(/Approved by demo@example\.com on/);
    await expect(asked).toContainText("Done");
    await expect(asked.getByText("Your approval is needed")).toHaveCount(0);
  } finally {
    await clientContext.close();
  }

  // Staff see the answer on the client's page.
  await page.reload();
  const answered = milestoneItem(
    page,
    page.getByRole("list", { name: `Milestones of ${demoProject}` }),
    new RegExp(milestone),
  );
  await expect(answered).toContainText(/Approved by demo@example\.com on/);
  await expect(answered).toContainText("Done");
});

test("the pipeline shows leads by stage with their proposal values, and clients' projects", async ({
  page,
  signIn,
}) => {
  await signIn("admin");
  const company = `Pipeline Kayaks ${unique()}`;
  const applied = await page.request.post("/api/apply", {
    data: {
      name: "Rowan Ellis",
      email: `rowan.${unique()}@tidewater.example`,
      phone: "253-555-0199",
      company,
      projectType: "website",
      budget: "5k-15k",
      timeline: "1-3months",
      description: "A new website for our kayak rentals with online booking and a tide table.",
    },
  });
  expect(applied.status()).toBe(201);
  const lead = (await applied.json()) as { id: string; reference: string };

  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Pipeline" })
    .click();
  await expect(page).toHaveURL("/admin/pipeline");
  await expect(page.getByRole("heading", { level: 1, name: "Pipeline" })).toBeVisible();
  for (const stage of ["New", "Contacted", "Proposal sent", "Won", "Lost"]) {
    const column = page.getByRole("region", { name: stage, exact: true });
    await expect(column, stage).toBeVisible();
    await expect(column).toContainText(/Proposal value \$[\d,]+\.\d\d/);
  }
  const newLeads = page.getByRole("region", { name: "New", exact: true });
  const card = newLeads.getByRole("link").filter({ hasText: company });
  await expect(card).toHaveAttribute("href", `/admin/leads/application/${lead.id}`);
  await expect(card).toContainText(lead.reference);

  const projectRow = page.getByRole("row").filter({ hasText: demoProject });
  await expect(projectRow.getByRole("link", { name: "Rivera Bakery" })).toBeVisible();
  await expect(projectRow).toContainText(/\d+\/\d+ done/);

  await card.click();
  await expect(page).toHaveURL(`/admin/leads/application/${lead.id}`);
});

for (const width of [375, 1280]) {
  test(`axe finds no WCAG 2.2 AA violation on the Projects tab and the pipeline at ${width} px`, async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn("client");
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: demoProject })).toBeVisible();
    expect(await wcagViolations(page), "dashboard").toEqual([]);
    await page.goto("/dashboard?tab=projects");
    await expect(page.getByRole("list", { name: `Milestones of ${demoProject}` })).toBeVisible();
    expect(await wcagViolations(page), "projects tab").toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, "horizontal scroll").toBeLessThanOrEqual(0);

    await signIn("admin");
    await page.goto("/admin/pipeline");
    await expect(page.getByRole("heading", { level: 2, name: /^Won/ })).toBeVisible();
    expect(await wcagViolations(page), "pipeline").toEqual([]);
    await page.goto(`/admin/clients/${await demoCompanyId(page.request)}`);
    await expect(page.getByRole("article", { name: demoProject })).toBeVisible();
    expect(await wcagViolations(page), "client page with its projects").toEqual([]);
  });
}
