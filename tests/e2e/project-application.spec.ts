import { leadReferencePattern, type LeadReceipt } from "../../src/shared/schemas/leads";
import { expect, test } from "./support/fixtures";
import {
  combobox,
  expectFieldError,
  expectFieldValid,
  fieldValue,
  formReady,
  humanPause,
  notifications,
  storedLead,
  textbox,
} from "./support/forms";

/* A visitor applies for a project on /apply: validation, the received state, failures. */

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
    apiSignedInAs,
  }) => {
    // Hold the request until the pending state has been seen (a fixed wait can run out first
    // on a busy machine).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/apply", async (route) => {
      await held;
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
    release();

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
    const receipt = (await response.json()) as LeadReceipt;
    expect(receipt.reference).toMatch(leadReferencePattern);

    const received = page.getByRole("heading", { level: 1, name: "Application Received!" });
    await expect(received).toBeVisible();
    await expect(received).toBeFocused();
    await expect(page.getByRole("main")).toContainText("within 24 hours");
    await expect(page.getByTestId("application-reference")).toHaveText(receipt.reference);
    await expect(page.getByRole("form", { name: "Project Application" })).toHaveCount(0);

    const lead = await storedLead(await apiSignedInAs("admin"), "application", receipt.id);
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
