import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { wcagViolations } from "./support/axe";
import { delayScript } from "./support/slow-script";
import { contact } from "../../src/content/site";

/** What POST /api/contact and /api/apply answer on success. */
interface Receipt {
  id: string;
  reference: string;
}

interface LeadDetail {
  kind: string;
  id: string;
  reference: string;
  status: string;
  fields: { label: string; value: string }[];
}

const referencePattern = /^HL-[0-9A-Z]{5}$/;

/** The server keeps forms sent faster than a person could fill them in as spam. */
const HUMAN_FILL_MS = 3_300;

/** Waits until the form is hydrated (its submit handled by the app) and returns when that was. */
async function formReady(page: Page): Promise<number> {
  await expect(page.locator("form[data-ready]")).toHaveCount(1);
  return Date.now();
}

/** Waits out the rest of a person's fill time, counted from when the form was ready. */
async function humanPause(page: Page, readyAt: number) {
  const rest = HUMAN_FILL_MS - (Date.now() - readyAt);
  if (rest > 0) await page.waitForTimeout(rest);
}

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });
const combobox = (page: Page, name: string) => page.getByRole("combobox", { name, exact: true });
const notifications = (page: Page) => page.getByRole("region", { name: /Notifications/ });

/** The field shows the message beside it, announced, linked and marked invalid. */
async function expectFieldError(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
  const errorId = (await control.getAttribute("aria-describedby"))?.split(" ")[0];
  const error = page.locator(`[id="${errorId}"]`);
  await expect(error).toHaveText(message);
  await expect(error).toHaveAttribute("role", "alert");
  await expect(error).toBeVisible();
}

async function expectFieldValid(page: Page, control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "false");
  await expect(page.getByText(message, { exact: true })).toHaveCount(0);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A staff session through the API (demo sign-in exists outside production). */
async function staffApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post("/api/login/demo", { data: { as: "admin" } });
  expect(signIn.status()).toBe(200);
  return api;
}

async function storedLead(baseURL: string, kind: "contact" | "application", id: string) {
  const api = await staffApi(baseURL);
  try {
    const response = await api.get(`/api/admin/leads/${kind}/${id}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as LeadDetail;
  } finally {
    await api.dispose();
  }
}

const fieldValue = (lead: LeadDetail, label: string) =>
  lead.fields.find((field) => field.label === label)?.value;

test.describe("contact page", () => {
  test("the hero calls by phone and leads to the quote form; the info cards show the details", async ({
    page,
  }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    const hero = main.locator("section").first();
    await expect(hero.getByRole("link", { name: `Call ${contact.phone}` })).toHaveAttribute(
      "href",
      contact.phoneHref,
    );
    expect(contact.phoneHref).toMatch(/^tel:\+\d+$/);
    await expect(hero.getByRole("link", { name: "Get a Free Quote" })).toHaveAttribute(
      "href",
      "/apply",
    );

    const info = main.getByRole("region", { name: "Contact information" });
    for (const title of ["Email", "Phone", "Office", "Support Hours"]) {
      await expect(info.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
    await expect(info.getByRole("link", { name: contact.email })).toHaveAttribute(
      "href",
      contact.emailHref,
    );
    await expect(info.getByRole("link", { name: contact.phone })).toHaveAttribute(
      "href",
      contact.phoneHref,
    );
    await expect(info.getByText("Gig Harbor, WA", { exact: true })).toBeVisible();
    await expect(info.getByText("24/7 Available", { exact: true })).toBeVisible();

    await hero.getByRole("link", { name: "Get a Free Quote" }).click();
    await expect(page).toHaveURL("/apply");
    await expect(page.getByRole("heading", { level: 1, name: "Start Your Project" })).toBeVisible();
  });

  test("each validation message appears for its rule and focus goes to the first invalid field", async ({
    page,
  }) => {
    let posts = 0;
    page.on("request", (req) => {
      if (req.url().endsWith("/api/contact")) posts++;
    });
    await page.goto("/contact");
    await formReady(page);
    await expect(page.getByRole("heading", { name: "Send Us a Message" })).toBeVisible();
    const form = page.getByRole("form", { name: "Send Us a Message" });
    const name = textbox(page, "Name");
    const email = textbox(page, "Email");
    const subject = textbox(page, "Subject");
    const message = textbox(page, "Message");
    for (const control of [name, email, subject, message]) {
      await expect(control).toHaveAttribute("aria-required", "true");
    }
    await expect(message).toHaveAttribute("rows", "6");

    const send = form.getByRole("button", { name: "Send Message" });
    await send.click();
    await expectFieldError(page, name, "Name must be at least 2 characters");
    await expectFieldError(page, email, "Invalid email address");
    await expectFieldError(page, subject, "Subject must be at least 5 characters");
    await expectFieldError(page, message, "Message must be at least 10 characters");
    await expect(name).toBeFocused();

    await name.fill("M");
    await expectFieldError(page, name, "Name must be at least 2 characters");
    await name.fill("Maria Lopez");
    await expectFieldValid(page, name, "Name must be at least 2 characters");
    await send.click();
    await expect(email).toBeFocused();

    await email.fill("maria@");
    await expectFieldError(page, email, "Invalid email address");
    await email.fill("maria@lopezflorals.example");
    await expectFieldValid(page, email, "Invalid email address");
    await send.click();
    await expect(subject).toBeFocused();

    await subject.fill("Hey");
    await expectFieldError(page, subject, "Subject must be at least 5 characters");
    await subject.fill("New website");
    await expectFieldValid(page, subject, "Subject must be at least 5 characters");

    await message.fill("Too short");
    await expectFieldError(page, message, "Message must be at least 10 characters");
    await message.fill("We need online ordering.");
    await expectFieldValid(page, message, "Message must be at least 10 characters");

    expect(posts).toBe(0);
  });

  test('sending shows "Sending...", then "Message sent!" with the reference, resets the form and stores the message', async ({
    page,
    baseURL,
  }) => {
    // Hold the request for a moment so the pending state can be seen.
    await page.route("**/api/contact", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto("/contact");
    const readyAt = await formReady(page);
    const values = {
      name: "Maria Lopez",
      email: "maria@lopezflorals.example",
      subject: "New website for our flower shop",
      message: "We need a site with online ordering before Valentine's Day.",
    };
    await textbox(page, "Name").fill(values.name);
    await textbox(page, "Email").fill(values.email);
    await textbox(page, "Subject").fill(values.subject);
    await textbox(page, "Message").fill(values.message);
    await humanPause(page, readyAt);

    const answer = page.waitForResponse(
      (res) => res.url().endsWith("/api/contact") && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Send Message" }).click();
    const pending = page.getByRole("button", { name: "Sending..." });
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute("aria-disabled", "true");

    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject(values);
    const receipt = (await response.json()) as Receipt;
    expect(receipt.id).toEqual(expect.any(String));
    expect(receipt.reference).toMatch(referencePattern);

    const toast = notifications(page);
    await expect(toast.getByText("Message sent!", { exact: true })).toBeVisible();
    await expect(toast).toContainText("within 24 hours");
    await expect(toast).toContainText(receipt.reference);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
    for (const field of ["Name", "Email", "Subject", "Message"]) {
      await expect(textbox(page, field)).toHaveValue("");
    }

    // The message is in the database, as the staff inbox reads it.
    const lead = await storedLead(baseURL!, "contact", receipt.id);
    expect(lead).toMatchObject({ kind: "contact", reference: receipt.reference, status: "new" });
    expect(fieldValue(lead, "Name")).toBe(values.name);
    expect(fieldValue(lead, "Email")).toBe(values.email);
    expect(fieldValue(lead, "Subject")).toBe(values.subject);
    expect(fieldValue(lead, "Message")).toBe(values.message);
  });

  test("a failed send shows the error toast and keeps what was typed", async ({ page }) => {
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
    );
    await page.goto("/contact");
    await formReady(page);
    await textbox(page, "Name").fill("Maria Lopez");
    await textbox(page, "Email").fill("maria@lopezflorals.example");
    await textbox(page, "Subject").fill("New website");
    await textbox(page, "Message").fill("We need online ordering.");
    await page.getByRole("button", { name: "Send Message" }).click();

    const toast = notifications(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(
      toast.getByText("Failed to send message. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(textbox(page, "Name")).toHaveValue("Maria Lopez");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
  });

  test("Start Chat offers text, call and email; Open Ticket leads to the portal; Call Us dials", async ({
    page,
  }) => {
    await page.goto("/contact");
    await formReady(page);
    const support = page.getByRole("region", { name: "Already a client? We've got you." });
    for (const title of ["Live Chat", "Submit Ticket", "Call Us"]) {
      await expect(support.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(support.getByRole("link", { name: contact.phone })).toHaveAttribute(
      "href",
      contact.phoneHref,
    );
    const ticket = support.getByRole("link", { name: "Open Ticket" });
    await expect(ticket).toHaveAttribute("href", "/dashboard?tab=support&new=1");

    const startChat = support.getByRole("button", { name: "Start Chat" });
    await startChat.click();
    const dialog = page.getByRole("dialog", { name: "Chat with us now" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Text us/ })).toHaveAttribute(
      "href",
      `sms:${contact.phoneHref.slice("tel:".length)}`,
    );
    await expect(dialog.getByRole("link", { name: /Call us/ })).toHaveAttribute(
      "href",
      contact.phoneHref,
    );
    await expect(dialog.getByRole("link", { name: /Email us/ })).toHaveAttribute(
      "href",
      contact.emailHref,
    );
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(startChat).toBeFocused();

    // A signed-out visitor goes on to the portal, which asks them to sign in first.
    await ticket.click();
    await expect(page).toHaveURL(/\/(dashboard\?tab=support&new=1|login)/);
  });
});

test.describe("apply page", () => {
  test("each validation message appears for its rule, required fields are marked", async ({
    page,
  }) => {
    let posts = 0;
    page.on("request", (req) => {
      if (req.url().endsWith("/api/apply")) posts++;
    });
    await page.goto("/apply");
    await formReady(page);
    await expect(page.getByRole("heading", { level: 1, name: "Start Your Project" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Project Application" })).toBeVisible();

    const name = textbox(page, "Full Name");
    const email = textbox(page, "Email Address");
    const projectType = combobox(page, "Project Type");
    const description = textbox(page, "Project Description");
    for (const control of [name, email, projectType, description]) {
      await expect(control).toHaveAttribute("aria-required", "true");
    }
    for (const control of [
      textbox(page, "Phone Number"),
      textbox(page, "Company Name"),
      combobox(page, "Estimated Budget"),
      combobox(page, "Desired Timeline"),
    ]) {
      await expect(control).toBeVisible();
      await expect(control).not.toHaveAttribute("aria-required", "true");
    }
    // The visible required marks.
    for (const label of ["Full Name", "Email Address", "Project Type", "Project Description"]) {
      await expect(page.locator("label", { hasText: label })).toHaveText(`${label}*`);
    }
    await expect(description).toHaveAttribute("rows", "8");

    const submit = page.getByRole("button", { name: "Submit Application" });
    await submit.click();
    await expectFieldError(page, name, "Name must be at least 2 characters");
    await expectFieldError(page, email, "Invalid email address");
    await expectFieldError(page, projectType, "Please select a project type");
    await expectFieldError(
      page,
      description,
      "Please provide at least 20 characters describing your project",
    );
    await expect(name).toBeFocused();

    await name.fill("D");
    await expectFieldError(page, name, "Name must be at least 2 characters");
    await name.fill("Dev Patel");
    await expectFieldValid(page, name, "Name must be at least 2 characters");

    await email.fill("dev at harborcoffee");
    await expectFieldError(page, email, "Invalid email address");
    await email.fill("dev@harborcoffee.example");
    await expectFieldValid(page, email, "Invalid email address");
    await submit.click();
    await expect(projectType).toBeFocused();

    // The select works from the keyboard. The mouse is parked on the header first: left over
    // the form, the opening list can slide under it, and Radix moves focus to the item under the
    // pointer, then off it, which is not what a keyboard user meets.
    await page.mouse.move(0, 0);
    await projectType.press("Enter");
    const listbox = page.getByRole("listbox");
    await expect(listbox).toBeVisible();
    // The arrow keys walk the options (from the top) until the wanted one has focus.
    const webApp = page.getByRole("option", { name: "Web Application Development" });
    await expect(async () => {
      await page.keyboard.press("ArrowDown");
      await expect(webApp).toBeFocused({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press("Enter");
    await expect(listbox).toBeHidden();
    await expect(projectType).toHaveText(/Web Application Development/);
    await expectFieldValid(page, projectType, "Please select a project type");

    await description.fill("Need an app soon.");
    await expectFieldError(
      page,
      description,
      "Please provide at least 20 characters describing your project",
    );
    await description.fill("A loyalty app for our three coffee shops.");
    await expectFieldValid(
      page,
      description,
      "Please provide at least 20 characters describing your project",
    );

    expect(posts).toBe(0);
  });

  test('submitting shows "Submitting...", then "Application Received!" with the reference; "Submit Another Request" gives an empty form', async ({
    page,
    baseURL,
  }) => {
    await page.route("**/api/apply", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto("/apply");
    const readyAt = await formReady(page);
    await textbox(page, "Full Name").fill("Dev Patel");
    await textbox(page, "Email Address").fill("dev@harborcoffee.example");
    await textbox(page, "Phone Number").fill("(253) 555-0199");
    await textbox(page, "Company Name").fill("Harbor Coffee Co.");
    await combobox(page, "Project Type").click();
    await page.getByRole("option", { name: "Web Application Development" }).click();
    await combobox(page, "Estimated Budget").click();
    await page.getByRole("option", { name: "$15,000 - $50,000" }).click();
    await combobox(page, "Desired Timeline").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "3-6 months" }).press("Enter");
    await textbox(page, "Project Description").fill(
      "A loyalty app for our three coffee shops with mobile ordering.",
    );
    await humanPause(page, readyAt);

    const answer = page.waitForResponse(
      (res) => res.url().endsWith("/api/apply") && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Submit Application" }).click();
    const pending = page.getByRole("button", { name: "Submitting..." });
    await expect(pending).toBeVisible();
    await expect(pending).toHaveAttribute("aria-disabled", "true");

    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      name: "Dev Patel",
      email: "dev@harborcoffee.example",
      phone: "(253) 555-0199",
      company: "Harbor Coffee Co.",
      projectType: "app",
      budget: "15k-50k",
      timeline: "3-6months",
      description: "A loyalty app for our three coffee shops with mobile ordering.",
    });
    const receipt = (await response.json()) as Receipt;
    expect(receipt.reference).toMatch(referencePattern);

    const received = page.getByRole("heading", { level: 1, name: "Application Received!" });
    await expect(received).toBeVisible();
    await expect(received).toBeFocused();
    await expect(page.getByRole("main")).toContainText("within 24 hours");
    await expect(page.getByTestId("application-reference")).toHaveText(receipt.reference);
    await expect(page.getByRole("form", { name: "Project Application" })).toHaveCount(0);

    const lead = await storedLead(baseURL!, "application", receipt.id);
    expect(lead).toMatchObject({
      kind: "application",
      reference: receipt.reference,
      status: "new",
    });
    expect(fieldValue(lead, "Full Name")).toBe("Dev Patel");
    expect(fieldValue(lead, "Project Type")).toBe("Web Application Development");
    expect(fieldValue(lead, "Estimated Budget")).toBe("$15,000 - $50,000");
    expect(fieldValue(lead, "Desired Timeline")).toBe("3-6 months");

    await page.getByRole("button", { name: "Submit Another Request" }).click();
    await expect(page.getByRole("form", { name: "Project Application" })).toBeVisible();
    for (const field of ["Full Name", "Email Address", "Phone Number", "Company Name"]) {
      await expect(textbox(page, field)).toHaveValue("");
    }
    await expect(textbox(page, "Project Description")).toHaveValue("");
    await expect(combobox(page, "Project Type")).toHaveText(/Select a project type/);
    await expect(combobox(page, "Estimated Budget")).toHaveText(/Select a budget range/);
    await expect(combobox(page, "Desired Timeline")).toHaveText(/Select a timeline/);
    await expect(textbox(page, "Full Name")).toBeFocused();
  });

  test("a failed submission shows the error toast and keeps the form", async ({ page }) => {
    await page.route("**/api/apply", (route) =>
      route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
    );
    await page.goto("/apply");
    await formReady(page);
    await textbox(page, "Full Name").fill("Dev Patel");
    await textbox(page, "Email Address").fill("dev@harborcoffee.example");
    await combobox(page, "Project Type").click();
    await page.getByRole("option", { name: "Premium Hosting" }).click();
    await textbox(page, "Project Description").fill("Move our three sites to faster hosting.");
    await page.getByRole("button", { name: "Submit Application" }).click();

    const toast = notifications(page);
    await expect(toast.getByText("Error", { exact: true })).toBeVisible();
    await expect(
      toast.getByText("Failed to submit application. Please try again.", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Application Received!" })).toHaveCount(0);
    await expect(textbox(page, "Full Name")).toHaveValue("Dev Patel");
    await expect(combobox(page, "Project Type")).toHaveText(/Premium Hosting/);
  });

  test("the server's field messages show beside their fields when it refuses a send", async ({
    page,
  }) => {
    await page.route("**/api/apply", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Please check the highlighted fields.",
          errors: { company: "Company name must be at most 200 characters" },
        }),
      }),
    );
    await page.goto("/apply");
    await formReady(page);
    await textbox(page, "Full Name").fill("Dev Patel");
    await textbox(page, "Email Address").fill("dev@harborcoffee.example");
    await textbox(page, "Company Name").fill("Harbor Coffee Co.");
    await combobox(page, "Project Type").click();
    await page.getByRole("option", { name: "Other" }).click();
    await textbox(page, "Project Description").fill("Something a little different for us.");
    await page.getByRole("button", { name: "Submit Application" }).click();

    await expect(notifications(page).getByText("Error", { exact: true })).toBeVisible();
    const company = textbox(page, "Company Name");
    await expectFieldError(page, company, "Company name must be at most 200 characters");
    await expect(company).toBeFocused();
  });
});

for (const [late, when] of [
  ["hydrate", "before React has started"],
  ["contact", "while React takes over the page but the form's code is still on its way"],
] as const) {
  test(`a message sent ${when} is sent once, by the app, as a person's`, async ({
    page,
    baseURL,
  }) => {
    // As on a slow phone: the visitor types into the prerendered form and presses Enter
    // before the code that handles it has arrived.
    await delayScript(page, late, 5_000);
    const sends: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) sends.push(request.method());
    });
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const shownAt = Date.now();
    await textbox(page, "Name").fill("Early Eddie");
    await textbox(page, "Email").fill("eddie@early.example");
    await textbox(page, "Subject").fill("Typed before the scripts came");
    await textbox(page, "Message").fill("My phone is slow, but my message should still arrive.");
    await page.waitForTimeout(Math.max(0, HUMAN_FILL_MS - (Date.now() - shownAt)));
    await expect(page.locator("form[data-ready]")).toHaveCount(0);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact"), {
      timeout: 20_000,
    });
    await textbox(page, "Subject").press("Enter");

    const response = await answer;
    expect(response.status()).toBe(201);
    // Sent by the app as JSON, not by the browser as a GET with the fields in the address.
    expect(new URL(page.url()).search).toBe("");
    const receipt = (await response.json()) as Receipt;
    await expect(notifications(page).getByText("Message sent!")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(sends).toEqual(["POST"]);
    // Its fill time counts from when the form was drawn, so it is not filed as spam.
    const lead = await storedLead(baseURL!, "contact", receipt.id);
    expect(lead).toMatchObject({ reference: receipt.reference, status: "new" });
    expect(fieldValue(lead, "Subject")).toBe("Typed before the scripts came");
  });
}

test("the spam trap is hidden from assistive technology on both forms, and a bot that fills it is filed as spam", async ({
  page,
  baseURL,
}) => {
  for (const path of ["/contact", "/apply"]) {
    await page.goto(path);
    await formReady(page);
    const trap = page.locator('form input[name$="-website-confirm"]');
    await expect(trap).toHaveCount(1);
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    // What a screen reader is given: no trap, no label telling people to leave it empty.
    expect(await page.locator("body").ariaSnapshot(), path).not.toContain("Leave this field");
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  }

  // A form filler completes every field it finds, the trap too, at a person's pace.
  await page.goto("/contact");
  const readyAt = await formReady(page);
  await textbox(page, "Name").fill("Sly Filler");
  await textbox(page, "Email").fill("sly@filler.example");
  await textbox(page, "Subject").fill("Cheap backlinks");
  await textbox(page, "Message").fill("We sell backlinks for your website at a great price.");
  await page.locator('input[name="contact-website-confirm"]').fill("https://filler.example");
  await humanPause(page, readyAt);
  const answer = page.waitForResponse(
    (res) => res.url().endsWith("/api/contact") && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const receipt = (await response.json()) as Receipt;
  const lead = await storedLead(baseURL!, "contact", receipt.id);
  expect(lead.status).toBe("spam");
});

test("the form pages fetch their validation code when a field first takes focus, not with the page", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const validationCode = () => scripts.filter((path) => path.startsWith("/assets/resolvers-"));
  for (const [path, field] of [
    ["/contact", "Name"],
    ["/apply", "Full Name"],
  ] as const) {
    scripts.length = 0;
    await page.goto(path);
    await formReady(page);
    await page.waitForLoadState("networkidle");
    expect(validationCode(), path).toEqual([]);
    await textbox(page, field).focus();
    await expect.poll(() => validationCode().length, { message: path }).toBe(1);
  }
});

test("the error states, the chat dialog and the received state meet WCAG 2.2 AA", async ({
  page,
}) => {
  test.slow(); // four axe runs
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/contact");
  await formReady(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Start Chat" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");

  await page.goto("/apply");
  const readyAt = await formReady(page);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await textbox(page, "Full Name").fill("Dev Patel");
  await textbox(page, "Email Address").fill("dev@harborcoffee.example");
  await combobox(page, "Project Type").click();
  await page.getByRole("option", { name: "Management & Maintenance" }).click();
  await textbox(page, "Project Description").fill("Monthly care for our two websites.");
  await humanPause(page, readyAt);
  await page.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByRole("heading", { name: "Application Received!" })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
