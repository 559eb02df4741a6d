import { leadReferencePattern, type LeadReceipt } from "../../src/shared/schemas/leads";
import { contact } from "../../src/content/site";
import { expect, test } from "./support/fixtures";
import {
  expectFieldError,
  expectFieldValid,
  fieldValue,
  formReady,
  humanPause,
  notifications,
  storedLead,
  textbox,
} from "./support/forms";

/*
 * A visitor on /contact: calls or writes, gets the quote form, sends a message (validated in the
 * browser, stored for staff with a reference) or reaches support as a client.
 */

test.describe("contact page", () => {
  test("the hero calls by phone and leads to the quote form; the info cards show the details", async ({
    page,
  }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    const hero = main.locator("section").first();
    const call = hero.getByRole("link", { name: `Call ${contact.phone}` });
    await expect(call).toHaveAttribute("href", contact.phoneHref);
    // A number any phone dials: the country code and digits only.
    await expect(call).toHaveAttribute("href", /^tel:\+\d+$/);
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
    apiSignedInAs,
  }) => {
    // Hold the request until the pending state has been seen (a fixed wait can run out first
    // on a busy machine).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
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
    release();

    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject(values);
    const receipt = (await response.json()) as LeadReceipt;
    expect(receipt.reference).toMatch(leadReferencePattern);

    const toast = notifications(page);
    await expect(toast.getByText("Message sent!", { exact: true })).toBeVisible();
    await expect(toast).toContainText("within 24 hours");
    await expect(toast).toContainText(receipt.reference);
    await expect(page.getByRole("button", { name: "Send Message" })).toBeVisible();
    for (const field of ["Name", "Email", "Subject", "Message"]) {
      await expect(textbox(page, field)).toHaveValue("");
    }

    // The message is in the database, as the staff inbox reads it.
    const lead = await storedLead(await apiSignedInAs("admin"), "contact", receipt.id);
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
